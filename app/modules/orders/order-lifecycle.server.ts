import type { Kysely } from "kysely";
import type { Database, OrderStatus } from "~/db/schema";
import type { Db } from "~/lib/db.server";
import { preparedQuery } from "~/lib/prepared-query.server";
import { DomainError } from "~/lib/domain-error";
import { issueLicences } from "~/modules/digital/digital.server";
import { OrderNotFoundError } from "./order-errors";
import { previousStatusOf } from "./order-status";

/**
 * The life of an order after Place Order (not-shown facts): Pending → Confirm → Processing → Pickup → On The Way →
 * Delivered, or Cancelled before it is Delivered. The shop moves it forward one step at a time; the shopper may cancel
 * while it is Pending. Every status is recorded (`order_events`): the shopper's timeline, and the news told to them.
 */
/** Whose orders an operation may touch: one shopper's, one shop's (its staff), or every order (the platform admin). */
export type OrderScope = { userId: number } | { shopId: number } | { everyShop: true };

type Executor = Kysely<Database>;

/** Recorded in the same transaction as the change; `tell`: the shopper learns of it as a toast on their next page. */
export async function recordOrderEvent(
  db: Executor,
  event: { order_id: number; user_id: number; status: OrderStatus; actor_id: number | null; at: string; tell: boolean },
) {
  await db
    .insertInto("order_events")
    .values({
      order_id: event.order_id,
      user_id: event.user_id,
      status: event.status,
      actor_id: event.actor_id,
      created_at: event.at,
      notified_at: event.tell ? null : event.at,
    })
    .execute();
}

/** The order's id and shopper when it is within the scope; null otherwise. */
async function orderInScope(db: Executor, scope: OrderScope, orderId: number) {
  let query = db.selectFrom("orders").select(["id", "user_id", "status", "payment_method"]).where("id", "=", orderId);
  if ("userId" in scope) query = query.where("user_id", "=", scope.userId);
  if ("shopId" in scope) query = query.where("shop_id", "=", scope.shopId);
  return (await query.executeTakeFirst()) ?? null;
}

/**
 * Moves an order of the scope to `to`, which must be the status right after its current one. The guarded UPDATE
 * (… AND status = the one before) lets one of two identical posts through: the other is told the order moved on.
 * Delivered stamps `delivered_at` and makes a cash-on-delivery order Paid.
 */
export async function advanceOrder(db: Db, scope: OrderScope, actorId: number, orderId: number, to: OrderStatus, now = new Date()) {
  const from = previousStatusOf(to);
  const at = now.toISOString();
  await db.transaction().execute(async (tx) => {
    const order = await orderInScope(tx, scope, orderId);
    if (!order) throw new OrderNotFoundError();
    if (from === null || order.status !== from) throw new DomainError("console:orders.errors.notNext");
    const delivered = to === "Delivered";
    const moved = await tx
      .updateTable("orders")
      .set({
        status: to,
        updated_at: at,
        ...(delivered ? { delivered_at: at } : {}),
        ...(delivered && order.payment_method === "cash" ? { payment_status: "Paid" as const } : {}),
      })
      .where("id", "=", orderId)
      .where("status", "=", from)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) === 0) throw new DomainError("console:orders.errors.notNext");
    await recordOrderEvent(tx, { order_id: orderId, user_id: order.user_id, status: to, actor_id: actorId, at, tell: !("userId" in scope) });
    if (delivered && order.payment_method === "cash") await fulfilPaidOrder(tx, orderId, actorId, at);
  });
}

/**
 * What being paid sets off, in the transaction that makes the order Paid: its digital items get their licence keys,
 * and an order of digital items only is Delivered at once (there is nothing to ship), which the shopper is told.
 */
export async function fulfilPaidOrder(tx: Executor, orderId: number, actorId: number | null, at: string) {
  const order = await tx.selectFrom("orders").select("status").where("id", "=", orderId).executeTakeFirstOrThrow();
  if (order.status === "Cancelled") return;
  const lines = await issueLicences(tx, orderId, at);
  if (lines.digital === 0 || lines.physical > 0) return;
  const delivered = await tx
    .updateTable("orders")
    .set({ status: "Delivered", delivered_at: at, updated_at: at })
    .where("id", "=", orderId)
    .where("status", "not in", ["Delivered", "Cancelled"])
    .returning("user_id")
    .executeTakeFirst();
  if (delivered) await recordOrderEvent(tx, { order_id: orderId, user_id: delivered.user_id, status: "Delivered", actor_id: actorId, at, tell: true });
}

/**
 * The shop records an unpaid order of the scope as paid (money received outside the gateways, e.g. cash for a
 * download): Pending → Paid by a guarded UPDATE, so a double post pays once, then fulfilPaidOrder.
 */
export async function markOrderPaid(db: Db, scope: OrderScope, actorId: number, orderId: number, now = new Date()) {
  const at = now.toISOString();
  await db.transaction().execute(async (tx) => {
    const order = await orderInScope(tx, scope, orderId);
    if (!order) throw new OrderNotFoundError();
    const paid = await tx
      .updateTable("orders")
      .set({ payment_status: "Paid", updated_at: at })
      .where("id", "=", orderId)
      .where("payment_status", "=", "Pending")
      .where("status", "!=", "Cancelled")
      .executeTakeFirst();
    if (Number(paid.numUpdatedRows) === 0) throw new DomainError("console:orders.errors.notPayable");
    await fulfilPaidOrder(tx, orderId, actorId, at);
  });
}

/** The statuses an order may be cancelled from: the shopper only while Pending, the shop until it is Delivered. */
export function cancellableStatuses(scope: OrderScope): OrderStatus[] {
  return "userId" in scope ? ["Pending"] : ["Pending", "Confirm", "Processing", "Pickup", "On The Way"];
}

/**
 * Cancels an order of the scope and undoes what placing it did: every item goes back in stock (and off the sold
 * count) and the coupon use is given back. The guarded UPDATE (… AND status IN the cancellable ones) lets exactly one
 * of two simultaneous cancels through, so stock is restored once.
 */
export async function cancelOrderInScope(db: Db, scope: OrderScope, actorId: number, orderId: number, now = new Date()): Promise<void> {
  const at = now.toISOString();
  await db.transaction().execute(async (tx) => {
    const order = await orderInScope(tx, scope, orderId);
    if (!order) throw new OrderNotFoundError();
    const cancelled = await tx
      .updateTable("orders")
      .set({ status: "Cancelled", cancelled_at: at, updated_at: at })
      .where("id", "=", orderId)
      .where("status", "in", cancellableStatuses(scope))
      .returning(["id", "coupon_id", "user_id"])
      .executeTakeFirst();
    if (!cancelled) throw new DomainError("orders:errors.notCancellable");

    const lines = await tx
      .selectFrom("order_items")
      .select((eb) => ["product_id", eb.fn.sum<number>("quantity").as("quantity")])
      .where("order_id", "=", orderId)
      .groupBy("product_id")
      .orderBy("product_id") // one lock order for every transaction that touches several products
      .execute();
    for (const line of lines) {
      const quantity = Number(line.quantity);
      await tx
        .updateTable("products")
        .set((eb) => ({
          quantity: eb("quantity", "+", quantity),
          total_sold: eb.case().when("total_sold", ">", quantity).then(eb("total_sold", "-", quantity)).else(0).end(),
        }))
        .where("id", "=", line.product_id)
        .execute();
    }

    if (cancelled.coupon_id !== null) {
      await tx
        .updateTable("coupon_usages")
        .set((eb) => ({ uses: eb.case().when("uses", ">", 0).then(eb("uses", "-", 1)).else(0).end() }))
        .where("coupon_id", "=", cancelled.coupon_id)
        .where("user_id", "=", cancelled.user_id)
        .execute();
    }
    await recordOrderEvent(tx, { order_id: orderId, user_id: cancelled.user_id, status: "Cancelled", actor_id: actorId, at, tell: !("userId" in scope) });
  });
}

export interface OrderEvent {
  status: OrderStatus;
  at: string;
}

/** The statuses the order took, oldest first. */
export async function orderTimeline(db: Db, orderId: number): Promise<OrderEvent[]> {
  const rows = await db.selectFrom("order_events").select(["status", "created_at"]).where("order_id", "=", orderId).orderBy("id").execute();
  return rows.map((row) => ({ status: row.status, at: row.created_at }));
}

const unseenOrderEvents = preparedQuery((db, userId: number) =>
  db.selectFrom("order_events").select(["id", "order_id", "status"]).where("user_id", "=", userId).where("notified_at", "is", null).orderBy("id").limit(10));

/** Whether the shop did something to the shopper's orders that their next page must tell (without marking it told). */
export async function hasOrderNews(db: Db, userId: number): Promise<boolean> {
  return (await unseenOrderEvents(db, userId)).length > 0;
}

/**
 * What the shop did to the shopper's orders since their last page (oldest first), marked as told. Two requests at
 * once may both read an event before either marks it; the guarded UPDATE keeps only what this request marked.
 */
export async function takeOrderNews(db: Db, userId: number, now = new Date()): Promise<{ order_id: number; status: OrderStatus }[]> {
  const unseen = await unseenOrderEvents(db, userId);
  if (unseen.length === 0) return [];
  const marked = await db
    .updateTable("order_events")
    .set({ notified_at: now.toISOString() })
    .where("id", "in", unseen.map((event) => event.id))
    .where("notified_at", "is", null)
    .returning("id")
    .execute();
  const mine = new Set(marked.map((row) => row.id));
  return unseen.filter((event) => mine.has(event.id)).map(({ order_id, status }) => ({ order_id, status }));
}
