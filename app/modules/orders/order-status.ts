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
