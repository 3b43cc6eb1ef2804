import type { OrderStatus } from "~/db/schema";

/** The order history's tabs (the API's status_wise_orders keys), in the order the shopper sees them. */
export const ORDER_TABS = ["all", "pending", "confirm", "processing", "pickup", "on_the_way", "delivered", "cancelled"] as const;
export type OrderTab = (typeof ORDER_TABS)[number];
export type StatusTab = Exclude<OrderTab, "all">;

/** Each tab's status as the database stores it. */
export const STATUS_OF_TAB: Record<StatusTab, OrderStatus> = {
  pending: "Pending",
  confirm: "Confirm",
  processing: "Processing",
  pickup: "Pickup",
  on_the_way: "On The Way",
  delivered: "Delivered",
  cancelled: "Cancelled",
};

const TAB_OF_STATUS = Object.fromEntries(Object.entries(STATUS_OF_TAB).map(([tab, status]) => [status, tab])) as Record<OrderStatus, StatusTab>;

/** The tab (and locale key) of a stored status. */
export function tabOfStatus(status: OrderStatus): StatusTab {
  return TAB_OF_STATUS[status];
}

/** The tab named in a query value; anything else is "all", so a bad URL still shows the history. */
export function orderTabFrom(value: string | null | undefined): OrderTab {
  return (ORDER_TABS as readonly string[]).includes(value ?? "") ? (value as OrderTab) : "all";
}

/** The way of an order to Delivered (not-shown facts); Cancelled may end it before. */
export const ORDER_FLOW = ["Pending", "Confirm", "Processing", "Pickup", "On The Way", "Delivered"] as const satisfies readonly OrderStatus[];

/** The status after `status` on the way to Delivered; null when Delivered or Cancelled. */
export function nextStatusOf(status: OrderStatus): OrderStatus | null {
  const at = (ORDER_FLOW as readonly OrderStatus[]).indexOf(status);
  return at === -1 || at === ORDER_FLOW.length - 1 ? null : ORDER_FLOW[at + 1];
}

/** The status before `status` on the way to Delivered; null for Pending and Cancelled. */
export function previousStatusOf(status: OrderStatus): OrderStatus | null {
  const at = (ORDER_FLOW as readonly OrderStatus[]).indexOf(status);
  return at <= 0 ? null : ORDER_FLOW[at - 1];
}
