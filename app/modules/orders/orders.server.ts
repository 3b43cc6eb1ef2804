import type { OrderStatus, PaymentStatus, Row } from "~/db/schema";
import type { Db } from "~/lib/db.server";
import type { DisplayCurrency } from "~/lib/money";
import { DomainError } from "~/lib/domain-error";
import { idFrom } from "~/lib/ids";
import { PER_PAGE } from "~/lib/pagination";
import { currencyOfOrder, ORDER_CURRENCY_COLUMNS } from "./order-currency";
import { OrderNotFoundError } from "./order-errors";
import { cancelOrderInScope, cancellableStatuses, orderTimeline, type OrderEvent, type OrderScope } from "./order-lifecycle.server";
import { nextStatusOf, ORDER_TABS, STATUS_OF_TAB, tabOfStatus, type OrderTab } from "./order-status";

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
  customer_name: string;
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
export type OrderItem = Omit<Row<"order_items">, "order_id" | "is_digital"> & { is_digital: boolean; /** The shopper wrote its review. */ reviewed: boolean };

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
  /** Who asks may cancel it: the shopper only while Pending, the shop until it is Delivered. */
  can_cancel: boolean;
  /** The status the shop moves it to next; null for the shopper, and once Delivered or Cancelled. */
  next_status: OrderStatus | null;
  /** The statuses it took, oldest first. */
  timeline: OrderEvent[];
  delivered_at: string | null;
  customer: { name: string; email: string | null; phone: string | null };
  /** Paid online and not paid yet, and not cancelled: "Make Payment" applies. */
  can_pay: boolean;
  /** For the shop: unpaid and not cancelled, so it may record the payment ("Mark as Paid"); false for the shopper. */
  can_mark_paid: boolean;
  /** False when every item is a digital product: nothing ships and there is no shipping address. */
  needs_shipping: boolean;
  /** Paid and not cancelled: the digital items' licence keys and downloads are given. */
  digital_unlocked: boolean;
  /** The currency it was placed in: its amounts are shown in it. */
  currency: DisplayCurrency;
}

export { OrderNotFoundError } from "./order-errors";

const DAY_MS = 24 * 60 * 60 * 1000;

/** The order id in a URL; null when it cannot be one. */
export function orderIdFrom(param: string | undefined): number | null {
  return idFrom(param);
}

/** Restricts a query on `orders as o` to the scope's orders. */
function inScope<Q extends { where: (...args: any[]) => Q }>(query: Q, scope: OrderScope): Q {
  if ("userId" in scope) return query.where("o.user_id", "=", scope.userId);
  if ("shopId" in scope) return query.where("o.shop_id", "=", scope.shopId);
  return query;
}

/** How many of the shopper's orders each tab holds ("all" is every order). */
export function countOrdersByTab(db: Db, userId: number): Promise<OrderCounts> {
  return countOrdersInScope(db, { userId });
}

/** How many orders of the scope each tab holds, of those numbered `orderNumber` when given. */
export async function countOrdersInScope(db: Db, scope: OrderScope, orderNumber: number | null = null): Promise<OrderCounts> {
  const rows = await inScope(
    db.selectFrom("orders as o").select((eb) => ["o.status", eb.fn.countAll<number>().as("count")]),
    scope,
  )
    .$if(orderNumber !== null, (query) => query.where("o.id", "=", orderNumber!))
    .groupBy("o.status")
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
export function listOrders(db: Db, userId: number, options: { tab?: OrderTab; page?: number; perPage?: number } = {}): Promise<OrderHistory> {
  return listOrdersInScope(db, { userId }, options);
}

/** One page of the scope's orders in a tab (only the one numbered `orderNumber` when given), newest first. */
export async function listOrdersInScope(
  db: Db,
  scope: OrderScope,
  { tab = "all", page = 1, perPage = PER_PAGE, orderNumber = null }: { tab?: OrderTab; page?: number; perPage?: number; orderNumber?: number | null } = {},
): Promise<OrderHistory> {
  const counts = await countOrdersInScope(db, scope, orderNumber);
  const total = counts[tab];
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const shown = Math.min(Math.max(1, Math.floor(page) || 1), lastPage);
  if (total === 0) return { tab, counts, total, page: shown, perPage, orders: [] };

  const rows = await inScope(
    db
      .selectFrom("orders as o")
      .innerJoin("shops as s", "s.id", "o.shop_id")
      .innerJoin("users as u", "u.id", "o.user_id")
      .select((eb) => [
        "o.id",
        "o.created_at",
        "o.status",
        "o.payment_method",
        "o.payment_status",
        "o.payable",
        "s.id as shop_id",
        "s.name as shop_name",
        "u.name as customer_name",
        ...ORDER_CURRENCY_COLUMNS,
        eb
          .selectFrom("order_items as i")
          .select((items) => items.fn.coalesce(items.fn.sum<number>("i.quantity"), items.lit(0)).as("units"))
          .whereRef("i.order_id", "=", "o.id")
          .as("item_count"),
      ]),
    scope,
  )
    .$if(orderNumber !== null, (query) => query.where("o.id", "=", orderNumber!))
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
export function getOrder(db: Db, userId: number, orderId: number): Promise<OrderDetails | null> {
  return getOrderInScope(db, { userId }, orderId);
}

/** One order of the scope (a shopper's, a shop's, any) with everything its page shows; null outside the scope. */
export async function getOrderInScope(db: Db, scope: OrderScope, orderId: number): Promise<OrderDetails | null> {
  const order = await db
    .selectFrom("orders as o")
    .innerJoin("shops as s", "s.id", "o.shop_id")
    .innerJoin("users as u", "u.id", "o.user_id")
    .leftJoin("payment_gateways as g", "g.name", "o.payment_method")
    .select([
      "o.id", "o.created_at", "o.status", "o.cancelled_at", "o.payment_method", "o.payment_status", "o.coupon_code",
      "o.subtotal", "o.discount", "o.delivery_charge", "o.tax_amount", "o.payable", "o.note", "o.ship_name",
      "o.ship_phone", "o.ship_address", "o.estimated_delivery_days", "o.delivered_at",
      "u.name as customer_name", "u.email as customer_email", "u.phone_code as customer_phone_code", "u.phone as customer_phone",
      "s.id as shop_id", "s.name as shop_name", "s.logo as shop_logo", "s.address as shop_address",
      "g.title as gateway_title",
      ...ORDER_CURRENCY_COLUMNS,
    ])
    .where("o.id", "=", orderId)
    .$if("userId" in scope, (query) => query.where("o.user_id", "=", (scope as { userId: number }).userId))
    .$if("shopId" in scope, (query) => query.where("o.shop_id", "=", (scope as { shopId: number }).shopId))
    .executeTakeFirst();
  if (!order) return null;

  const [items, taxes, timeline] = await Promise.all([
    db
      .selectFrom("order_items as i")
      .leftJoin("reviews as r", "r.order_item_id", "i.id")
      .select(["i.id", "i.product_id", "i.name", "i.thumbnail", "i.color_name", "i.size_name", "i.unit_name", "i.unit_price", "i.quantity", "i.line_total", "i.is_digital", "r.id as review_id"])
      .where("i.order_id", "=", orderId)
      .orderBy("i.id")
      .execute(),
    db.selectFrom("order_taxes").select(["name", "basis_points", "amount"]).where("order_id", "=", orderId).orderBy("name").execute(),
    orderTimeline(db, orderId),
  ]);

  const {
    shop_id, shop_name, shop_logo, shop_address, gateway_title, estimated_delivery_days, currency_name, currency_symbol, currency_position, currency_rate,
    customer_name, customer_email, customer_phone_code, customer_phone, ...rest
  } = order;
  const shopper = "userId" in scope;
  const cash = order.payment_method === "cash";
  return {
    ...rest,
    estimated_delivery_at: new Date(Date.parse(order.created_at) + estimated_delivery_days * DAY_MS).toISOString(),
    payment_title: cash ? null : (gateway_title ?? order.payment_method),
    shop: { id: shop_id, name: shop_name, logo: shop_logo, address: shop_address },
    items: items.map(({ review_id, ...item }) => ({ ...item, is_digital: item.is_digital === 1, reviewed: review_id !== null })),
    taxes,
    can_cancel: cancellableStatuses(scope).includes(order.status),
    next_status: shopper ? null : nextStatusOf(order.status),
    timeline,
    customer: { name: customer_name, email: customer_email, phone: customer_phone && `${customer_phone_code ?? ""}${customer_phone}` },
    can_pay: !cash && order.payment_status === "Pending" && order.status !== "Cancelled",
    can_mark_paid: !shopper && order.payment_status === "Pending" && order.status !== "Cancelled",
    needs_shipping: items.some((item) => item.is_digital === 0),
    digital_unlocked: order.payment_status === "Paid" && order.status !== "Cancelled",
    currency: currencyOfOrder({ currency_name, currency_symbol, currency_position, currency_rate }),
  };
}

/** Cancels one of the shopper's orders, only while it is Pending (see cancelOrderInScope). */
export function cancelOrder(db: Db, userId: number, orderId: number, now = new Date()): Promise<void> {
  return cancelOrderInScope(db, { userId }, userId, orderId, now);
}

/** For routes: a missing or foreign order (or a malformed id) is the Page Not Found answer. */
export async function orderOrNotFound(db: Db, userId: number, param: string | undefined): Promise<OrderDetails> {
  const id = orderIdFrom(param);
  const order = id === null ? null : await getOrder(db, userId, id);
  if (!order) throw new Response("Not Found", { status: 404 });
  return order;
}
