import type { OrderStatus, PaymentStatus, Row } from "~/db/schema";
import type { Db } from "~/lib/db.server";
import type { DisplayCurrency } from "~/lib/money";
import { DomainError } from "~/lib/domain-error";
import { PER_PAGE } from "~/lib/pagination";
import { currencyOfOrder, ORDER_CURRENCY_COLUMNS } from "./order-currency";
import { ORDER_TABS, STATUS_OF_TAB, tabOfStatus, type OrderTab } from "./order-status";

/** An order in the history list. */
export interface OrderSummary {
  id: number;
  created_at: string;
  status: OrderStatus;
  payment_method: string;
  payment_status: PaymentStatus;
  payable: number;
  shop: { id: number; name: string };
  /** Units bought, all lines together. */
  item_count: number;
  /** The currency it was placed in: its amounts are shown in it. */
  currency: DisplayCurrency;
}

export type OrderCounts = Record<OrderTab, number>;

export interface OrderHistory {
  tab: OrderTab;
  counts: OrderCounts;
  /** Orders in the tab (what the pagination counts). */
  total: number;
  /** The page shown: the one asked for, kept within the pages there are. */
  page: number;
  perPage: number;
  orders: OrderSummary[];
}

/** An ordered line as sold: its copies of name, options and prices. */
export type OrderItem = Omit<Row<"order_items">, "order_id" | "is_digital"> & { is_digital: boolean };

export type OrderTax = Omit<Row<"order_taxes">, "order_id">;

export interface OrderDetails {
  id: number;
  created_at: string;
  /** When it should arrive: placed on plus the shop's estimated delivery days. */
  estimated_delivery_at: string;
  status: OrderStatus;
  cancelled_at: string | null;
  /** "cash" or a payment gateway's name. */
  payment_method: string;
  /** The gateway's title ("Stripe"); null for cash on delivery. */
  payment_title: string | null;
  payment_status: PaymentStatus;
  coupon_code: string | null;
  subtotal: number;
  discount: number;
  delivery_charge: number;
  tax_amount: number;
  payable: number;
  note: string | null;
  ship_name: string;
  ship_phone: string;
  ship_address: string;
  shop: { id: number; name: string; logo: string; address: string };
  items: OrderItem[];
  /** The VAT & Taxes lines. */
  taxes: OrderTax[];
  /** The shopper may cancel it (only while Pending). */
  can_cancel: boolean;
  /** Paid online and not paid yet, and not cancelled: "Make Payment" applies. */
  can_pay: boolean;
  /** The currency it was placed in: its amounts are shown in it. */
  currency: DisplayCurrency;
}

/** The order does not exist or is someone else's: both look the same (404), so other shoppers' ids cannot be probed. */
export class OrderNotFoundError extends DomainError {
  constructor() {
    super("orders:errors.notFound");
    this.name = "OrderNotFoundError";
  }
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The order id in a URL; null when it cannot be one. */
export function orderIdFrom(param: string | undefined): number | null {
  const id = /^\d{1,9}$/.test(param ?? "") ? Number(param) : 0;
  return id > 0 ? id : null;
}

/** How many of the shopper's orders each tab holds ("all" is every order). */
export async function countOrdersByTab(db: Db, userId: number): Promise<OrderCounts> {
  const rows = await db
    .selectFrom("orders")
    .select((eb) => ["status", eb.fn.countAll<number>().as("count")])
    .where("user_id", "=", userId)
    .groupBy("status")
    .execute();
  const counts = Object.fromEntries(ORDER_TABS.map((tab) => [tab, 0])) as OrderCounts;
  for (const row of rows) {
    const count = Number(row.count);
    counts.all += count;
    // A status no tab names (written by another tool) still counts in "all".
    const tab = tabOfStatus(row.status);
    if (tab) counts[tab] += count;
  }
  return counts;
}

/** One page of the shopper's orders in a tab, newest first, with the counts of every tab. */
export async function listOrders(
  db: Db,
  userId: number,
  { tab = "all", page = 1, perPage = PER_PAGE }: { tab?: OrderTab; page?: number; perPage?: number } = {},
): Promise<OrderHistory> {
  const counts = await countOrdersByTab(db, userId);
  const total = counts[tab];
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const shown = Math.min(Math.max(1, Math.floor(page) || 1), lastPage);
  if (total === 0) return { tab, counts, total, page: shown, perPage, orders: [] };

  const rows = await db
    .selectFrom("orders as o")
    .innerJoin("shops as s", "s.id", "o.shop_id")
    .select((eb) => [
      "o.id",
      "o.created_at",
      "o.status",
      "o.payment_method",
      "o.payment_status",
      "o.payable",
      "s.id as shop_id",
      "s.name as shop_name",
      ...ORDER_CURRENCY_COLUMNS,
      eb
        .selectFrom("order_items as i")
        .select((items) => items.fn.coalesce(items.fn.sum<number>("i.quantity"), items.lit(0)).as("units"))
        .whereRef("i.order_id", "=", "o.id")
        .as("item_count"),
    ])
    .where("o.user_id", "=", userId)
    .$if(tab !== "all", (query) => query.where("o.status", "=", STATUS_OF_TAB[tab as Exclude<OrderTab, "all">]))
    .orderBy("o.id", "desc")
    .limit(perPage)
    .offset((shown - 1) * perPage)
    .execute();

  return {
    tab,
    counts,
    total,
    page: shown,
    perPage,
    orders: rows.map(({ shop_id, shop_name, item_count, currency_name, currency_symbol, currency_position, currency_rate, ...order }) => ({
      ...order,
      shop: { id: shop_id, name: shop_name },
      item_count: Number(item_count ?? 0),
      currency: currencyOfOrder({ currency_name, currency_symbol, currency_position, currency_rate }),
    })),
  };
}

/** One of the shopper's orders with its items, taxes, shop and payment; null for anyone else's or none. */
export async function getOrder(db: Db, userId: number, orderId: number): Promise<OrderDetails | null> {
  const order = await db
    .selectFrom("orders as o")
    .innerJoin("shops as s", "s.id", "o.shop_id")
    .leftJoin("payment_gateways as g", "g.name", "o.payment_method")
    .select([
      "o.id", "o.created_at", "o.status", "o.cancelled_at", "o.payment_method", "o.payment_status", "o.coupon_code",
      "o.subtotal", "o.discount", "o.delivery_charge", "o.tax_amount", "o.payable", "o.note", "o.ship_name",
      "o.ship_phone", "o.ship_address", "o.estimated_delivery_days",
      "s.id as shop_id", "s.name as shop_name", "s.logo as shop_logo", "s.address as shop_address",
      "g.title as gateway_title",
      ...ORDER_CURRENCY_COLUMNS,
    ])
    .where("o.id", "=", orderId)
    .where("o.user_id", "=", userId)
    .executeTakeFirst();
  if (!order) return null;

  const [items, taxes] = await Promise.all([
    db
      .selectFrom("order_items")
      .select(["id", "product_id", "name", "thumbnail", "color_name", "size_name", "unit_name", "unit_price", "quantity", "line_total", "is_digital"])
      .where("order_id", "=", orderId)
      .orderBy("id")
      .execute(),
    db.selectFrom("order_taxes").select(["name", "basis_points", "amount"]).where("order_id", "=", orderId).orderBy("name").execute(),
  ]);

  const { shop_id, shop_name, shop_logo, shop_address, gateway_title, estimated_delivery_days, currency_name, currency_symbol, currency_position, currency_rate, ...rest } =
    order;
  const cash = order.payment_method === "cash";
  return {
    ...rest,
    estimated_delivery_at: new Date(Date.parse(order.created_at) + estimated_delivery_days * DAY_MS).toISOString(),
    payment_title: cash ? null : (gateway_title ?? order.payment_method),
    shop: { id: shop_id, name: shop_name, logo: shop_logo, address: shop_address },
    items: items.map((item) => ({ ...item, is_digital: item.is_digital === 1 })),
    taxes,
    can_cancel: order.status === "Pending",
    can_pay: !cash && order.payment_status === "Pending" && order.status !== "Cancelled",
    currency: currencyOfOrder({ currency_name, currency_symbol, currency_position, currency_rate }),
  };
}

/**
 * Cancels one of the shopper's orders, only while it is Pending, and undoes what placing it did: every item goes
 * back in stock (and off the sold count) and the coupon use is given back. The guarded UPDATE (… AND status =
 * 'Pending') lets exactly one of two simultaneous cancels through, so stock is restored once.
 */
export async function cancelOrder(db: Db, userId: number, orderId: number, now = new Date()): Promise<void> {
  const at = now.toISOString();
  await db.transaction().execute(async (tx) => {
    const cancelled = await tx
      .updateTable("orders")
      .set({ status: "Cancelled", cancelled_at: at, updated_at: at })
      .where("id", "=", orderId)
      .where("user_id", "=", userId)
      .where("status", "=", "Pending")
      .returning(["id", "coupon_id"])
      .executeTakeFirst();
    if (!cancelled) {
      const exists = await tx.selectFrom("orders").select("id").where("id", "=", orderId).where("user_id", "=", userId).executeTakeFirst();
      throw exists ? new DomainError("orders:errors.notCancellable") : new OrderNotFoundError();
    }

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
        .where("user_id", "=", userId)
        .execute();
    }
  });
}

/** For routes: a missing or foreign order (or a malformed id) is the Page Not Found answer. */
export async function orderOrNotFound(db: Db, userId: number, param: string | undefined): Promise<OrderDetails> {
  const id = orderIdFrom(param);
  const order = id === null ? null : await getOrder(db, userId, id);
  if (!order) throw new Response("Not Found", { status: 404 });
  return order;
}
