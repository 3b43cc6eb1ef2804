import type { ReturnStatus } from "~/db/schema";
import type { Db } from "~/lib/db.server";
import { DomainError } from "~/lib/domain-error";
import type { DisplayCurrency } from "~/lib/money";
import { PER_PAGE } from "~/lib/pagination";
import { currencyOfOrder, ORDER_CURRENCY_COLUMNS } from "~/modules/orders/order-currency";
import { OrderNotFoundError } from "~/modules/orders/order-errors";
import type { OrderScope } from "~/modules/orders/order-lifecycle.server";
import { RETURN_TABS, STATUS_OF_RETURN_TAB, type ReturnTab } from "./return-status";

const DAY_MS = 24 * 60 * 60 * 1000;

/** A return, its request or its record, is not the asker's (or does not exist): Page Not Found. */
export class ReturnNotFoundError extends DomainError {
  constructor() {
    super("returns:errors.notFound");
    this.name = "ReturnNotFoundError";
  }
}

export interface ReturnableItem {
  id: number;
  product_id: number;
  name: string;
  thumbnail: string | null;
  unit_price: number;
  quantity: number;
  /** Already in a return: an item is never returned twice. */
  returned: boolean;
}

export interface ReturnableOrder {
  id: number;
  currency: DisplayCurrency;
  items: ReturnableItem[];
  /** Why no return can be asked for now; null while the window is open. */
  refusal: "notDelivered" | "windowClosed" | "digitalOnly" | "nothingLeft" | null;
  /** When the window closes (delivered_at + the setting's days); null before delivery. */
  closes_at: string | null;
}

/** One of the shopper's orders as the return form sees it; OrderNotFoundError for anyone else's. */
export async function returnableOrder(db: Db, userId: number, orderId: number, windowDays: number, now = new Date()): Promise<ReturnableOrder> {
  const order = await db
    .selectFrom("orders as o")
    .select(["o.id", "o.status", "o.delivered_at", ...ORDER_CURRENCY_COLUMNS])
    .where("o.id", "=", orderId)
    .where("o.user_id", "=", userId)
    .executeTakeFirst();
  if (!order) throw new OrderNotFoundError();
  const items = await db
    .selectFrom("order_items as i")
    .leftJoin("return_order_items as r", "r.order_item_id", "i.id")
    .select(["i.id", "i.product_id", "i.name", "i.thumbnail", "i.unit_price", "i.quantity", "r.id as return_item_id"])
    .where("i.order_id", "=", orderId)
    // A licence handed over and a file downloaded cannot be sent back: digital items are not returnable.
    .where("i.is_digital", "=", 0)
    .orderBy("i.id")
    .execute();
  const closesAt = order.delivered_at ? new Date(Date.parse(order.delivered_at) + windowDays * DAY_MS) : null;
  const returnable = items.map(({ return_item_id, ...item }) => ({ ...item, returned: return_item_id !== null }));
  const refusal =
    order.status !== "Delivered" || !closesAt
      ? "notDelivered"
      : now > closesAt
        ? "windowClosed"
        : returnable.length === 0
          ? "digitalOnly"
          : returnable.every((item) => item.returned)
            ? "nothingLeft"
            : null;
  const { currency_name, currency_symbol, currency_position, currency_rate } = order;
  return {
    id: order.id,
    currency: currencyOfOrder({ currency_name, currency_symbol, currency_position, currency_rate }),
    items: returnable,
    refusal,
    closes_at: closesAt?.toISOString() ?? null,
  };
}

export interface ReturnRequest {
  /** Quantities by order item id; 0 (or missing) is not returned, anything else must be 1 … what was bought. */
  quantities: Record<number, number>;
  reason: string;
  return_address: string;
  bank_name: string;
  bank_account_number: string;
}

/**
 * Asks the shop to take back some items of a delivered order, within the window. Every chosen item must be of the
 * order, not returned before, with a quantity from 1 to what was bought. The unique item index refuses a second
 * return of an item even when two requests race. Returns the new return's id.
 */
export async function requestReturn(db: Db, userId: number, orderId: number, request: ReturnRequest, windowDays: number, now = new Date()): Promise<number> {
  const order = await returnableOrder(db, userId, orderId, windowDays, now);
  if (order.refusal) throw new DomainError(`returns:errors.${order.refusal}`);
  const chosen = Object.entries(request.quantities)
    .map(([id, quantity]) => ({ id: Number(id), quantity }))
    .filter((line) => line.quantity !== 0);
  if (chosen.length === 0) throw new DomainError("returns:errors.noItems", "quantities");
  const lines = chosen.map((line) => {
    const item = order.items.find((candidate) => candidate.id === line.id);
    if (!item) throw new DomainError("returns:errors.noItems", "quantities");
    if (item.returned) throw new DomainError("returns:errors.alreadyReturned", "quantities", { name: item.name });
    if (!Number.isInteger(line.quantity) || line.quantity < 1 || line.quantity > item.quantity) {
      throw new DomainError("returns:errors.tooMany", "quantities", { name: item.name, count: item.quantity });
    }
    return { item, quantity: line.quantity, line_total: item.unit_price * line.quantity };
  });
  const at = now.toISOString();
  return db.transaction().execute(async (tx) => {
    const shop = await tx.selectFrom("orders").select("shop_id").where("id", "=", orderId).executeTakeFirstOrThrow();
    const created = await tx
      .insertInto("return_orders")
      .values({
        order_id: orderId,
        user_id: userId,
        shop_id: shop.shop_id,
        reason: request.reason,
        return_address: request.return_address,
        bank_name: request.bank_name,
        bank_account_number: request.bank_account_number,
        amount: lines.reduce((sum, line) => sum + line.line_total, 0),
        created_at: at,
        updated_at: at,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const inserted = await tx
      .insertInto("return_order_items")
      .values(lines.map((line) => ({ return_order_id: created.id, order_item_id: line.item.id, quantity: line.quantity, line_total: line.line_total })))
      .onConflict((conflict) => conflict.column("order_item_id").doNothing())
      .returning("id")
      .execute();
    // Another request took an item first: nothing of this one is kept.
    if (inserted.length !== lines.length) throw new DomainError("returns:errors.alreadyReturned", "quantities", { name: lines[0].item.name });
    return created.id;
  });
}

export interface ReturnSummary {
  id: number;
  order_id: number;
  status: ReturnStatus;
  amount: number;
  created_at: string;
  item_count: number;
  shop: { id: number; name: string };
  customer_name: string;
  currency: DisplayCurrency;
}

export interface ReturnList {
  tab: ReturnTab;
  counts: Record<ReturnTab, number>;
  total: number;
  page: number;
  perPage: number;
  returns: ReturnSummary[];
}

function inScope<Q extends { where: (...args: any[]) => Q }>(query: Q, scope: OrderScope): Q {
  if ("userId" in scope) return query.where("ro.user_id", "=", scope.userId);
  if ("shopId" in scope) return query.where("ro.shop_id", "=", scope.shopId);
  return query;
}

/** One page of the scope's returns in a tab, newest first, with every tab's count. */
export async function listReturns(db: Db, scope: OrderScope, { tab = "pending", page = 1, perPage = PER_PAGE }: { tab?: ReturnTab; page?: number; perPage?: number } = {}): Promise<ReturnList> {
  const rows = await inScope(db.selectFrom("return_orders as ro").select((eb) => ["ro.status", eb.fn.countAll<number>().as("count")]), scope)
    .groupBy("ro.status")
    .execute();
  const counts = Object.fromEntries(RETURN_TABS.map((name) => [name, 0])) as Record<ReturnTab, number>;
  for (const row of rows) {
    const name = RETURN_TABS.find((candidate) => STATUS_OF_RETURN_TAB[candidate] === row.status);
    if (name) counts[name] = Number(row.count);
  }
  const total = counts[tab];
  const shown = Math.min(Math.max(1, Math.floor(page) || 1), Math.max(1, Math.ceil(total / perPage)));
  if (total === 0) return { tab, counts, total, page: shown, perPage, returns: [] };
  const list = await inScope(
    db
      .selectFrom("return_orders as ro")
      .innerJoin("orders as o", "o.id", "ro.order_id")
      .innerJoin("shops as s", "s.id", "ro.shop_id")
      .innerJoin("users as u", "u.id", "ro.user_id")
      .select((eb) => [
        "ro.id", "ro.order_id", "ro.status", "ro.amount", "ro.created_at", "s.id as shop_id", "s.name as shop_name", "u.name as customer_name",
        ...ORDER_CURRENCY_COLUMNS,
        eb.selectFrom("return_order_items as ri").select((items) => items.fn.coalesce(items.fn.sum<number>("ri.quantity"), items.lit(0)).as("units"))
          .whereRef("ri.return_order_id", "=", "ro.id").as("item_count"),
      ]),
    scope,
  )
    .where("ro.status", "=", STATUS_OF_RETURN_TAB[tab])
    .orderBy("ro.id", "desc")
    .limit(perPage)
    .offset((shown - 1) * perPage)
    .execute();
  return {
    tab, counts, total, page: shown, perPage,
    returns: list.map(({ shop_id, shop_name, item_count, currency_name, currency_symbol, currency_position, currency_rate, ...row }) => ({
      ...row,
      item_count: Number(item_count ?? 0),
      shop: { id: shop_id, name: shop_name },
      currency: currencyOfOrder({ currency_name, currency_symbol, currency_position, currency_rate }),
    })),
  };
}

export interface ReturnDetails extends ReturnSummary {
  reason: string;
  return_address: string;
  bank_name: string;
  bank_account_number: string;
  shop_note: string | null;
  refunded_at: string | null;
  items: { order_item_id: number; product_id: number; name: string; thumbnail: string | null; quantity: number; line_total: number }[];
  /** What the shop may do next. */
  decisions: ReturnDecision[];
}

export type ReturnDecision = "approve" | "damaged" | "mismatch" | "reject" | "refund";

/** The decisions each status allows: a Pending return is judged; an Approved one is refunded (or rejected after all). */
const DECISIONS: Record<ReturnStatus, ReturnDecision[]> = {
  Pending: ["approve", "damaged", "mismatch", "reject"],
  Approved: ["refund", "reject"],
  Damaged: ["reject"],
  Mismatch: ["reject"],
  Cancelled: [],
  Refunded: [],
};
const STATUS_OF_DECISION: Record<ReturnDecision, ReturnStatus> = {
  approve: "Approved", damaged: "Damaged", mismatch: "Mismatch", reject: "Cancelled", refund: "Refunded",
};

/** One return of the scope with its items; null outside the scope. */
export async function getReturn(db: Db, scope: OrderScope, returnId: number): Promise<ReturnDetails | null> {
  const list = await inScope(
    db
      .selectFrom("return_orders as ro")
      .innerJoin("orders as o", "o.id", "ro.order_id")
      .innerJoin("shops as s", "s.id", "ro.shop_id")
      .innerJoin("users as u", "u.id", "ro.user_id")
      .select([
        "ro.id", "ro.order_id", "ro.status", "ro.amount", "ro.created_at", "ro.reason", "ro.return_address", "ro.bank_name",
        "ro.bank_account_number", "ro.shop_note", "ro.refunded_at", "s.id as shop_id", "s.name as shop_name", "u.name as customer_name",
        ...ORDER_CURRENCY_COLUMNS,
      ]),
    scope,
  )
    .where("ro.id", "=", returnId)
    .executeTakeFirst();
  if (!list) return null;
  const items = await db
    .selectFrom("return_order_items as ri")
    .innerJoin("order_items as i", "i.id", "ri.order_item_id")
    .select(["ri.order_item_id", "i.product_id", "i.name", "i.thumbnail", "ri.quantity", "ri.line_total"])
    .where("ri.return_order_id", "=", returnId)
    .orderBy("ri.id")
    .execute();
  const { shop_id, shop_name, currency_name, currency_symbol, currency_position, currency_rate, ...row } = list;
  return {
    ...row,
    shop: { id: shop_id, name: shop_name },
    currency: currencyOfOrder({ currency_name, currency_symbol, currency_position, currency_rate }),
    item_count: items.reduce((sum, item) => sum + item.quantity, 0),
    items,
    decisions: "userId" in scope ? [] : DECISIONS[row.status],
  };
}

/**
 * The shop's decision on a return. Only the moves `DECISIONS` allows, through a guarded UPDATE (… AND status = the
 * one the decision was made on), so a double post decides once. Reject needs a note, shown to the shopper; Refund
 * (only after Approved) puts the returned quantities back in stock.
 */
export async function decideReturn(
  db: Db,
  scope: OrderScope,
  returnId: number,
  decision: ReturnDecision,
  note: string | null,
  now = new Date(),
): Promise<ReturnStatus> {
  if ("userId" in scope) throw new ReturnNotFoundError();
  const at = now.toISOString();
  return db.transaction().execute(async (tx) => {
    const current = await inScope(tx.selectFrom("return_orders as ro").select(["ro.id", "ro.status"]), scope).where("ro.id", "=", returnId).executeTakeFirst();
    if (!current) throw new ReturnNotFoundError();
    if (!DECISIONS[current.status].includes(decision)) throw new DomainError("returns:errors.notAllowed");
    if (decision === "reject" && !note?.trim()) throw new DomainError("returns:errors.noteRequired", "note");
    const to = STATUS_OF_DECISION[decision];
    const moved = await tx
      .updateTable("return_orders")
      .set({ status: to, updated_at: at, ...(note?.trim() ? { shop_note: note.trim() } : {}), ...(to === "Refunded" ? { refunded_at: at } : {}) })
      .where("id", "=", returnId)
      .where("status", "=", current.status)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) === 0) throw new DomainError("returns:errors.notAllowed");
    if (to === "Refunded") {
      const lines = await tx
        .selectFrom("return_order_items as ri")
        .innerJoin("order_items as i", "i.id", "ri.order_item_id")
        .select(["i.product_id", "ri.quantity"])
        .where("ri.return_order_id", "=", returnId)
        .orderBy("i.product_id")
        .execute();
      for (const line of lines) {
        await tx.updateTable("products").set((eb) => ({ quantity: eb("quantity", "+", line.quantity) })).where("id", "=", line.product_id).execute();
      }
    }
    return to;
  });
}
