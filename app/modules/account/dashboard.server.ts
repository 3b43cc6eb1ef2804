import type { OrderStatus } from "~/db/schema";
import type { Db } from "~/lib/db.server";
import { cartSummary } from "~/modules/cart/cart.server";
import { countWishlist } from "~/modules/wishlist/wishlist.server";

/** Orders still on their way to the shopper (not-shown facts: Pending → Confirm → Processing → Pickup → On The Way). */
export const ONGOING_STATUSES = ["Pending", "Confirm", "Processing", "Pickup", "On The Way"] as const satisfies readonly OrderStatus[];

/** The dashboard's four counters (not-shown facts: Dashboard). */
export interface DashboardCounters {
  /** Orders in an ongoing status. */
  ongoingOrders: number;
  /** Units bought in every order not cancelled. */
  productsOrdered: number;
  /** Units in the cart (as the header's bag counts them). */
  inCart: number;
  /** Products the wishlist shows (as the header's heart counts them). */
  inWishlist: number;
}

export async function dashboardCounters(db: Db, userId: number, now?: Date): Promise<DashboardCounters> {
  const [ongoing, ordered, cart, inWishlist] = await Promise.all([
    db
      .selectFrom("orders")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where("user_id", "=", userId)
      .where("status", "in", [...ONGOING_STATUSES])
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("order_items as i")
      .innerJoin("orders as o", "o.id", "i.order_id")
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("i.quantity"), eb.lit(0)).as("units"))
      .where("o.user_id", "=", userId)
      .where("o.status", "!=", "Cancelled")
      .executeTakeFirstOrThrow(),
    cartSummary(db, userId, now),
    countWishlist(db, userId),
  ]);
  return {
    ongoingOrders: Number(ongoing.count),
    productsOrdered: Number(ordered.units ?? 0),
    inCart: cart.count,
    inWishlist,
  };
}
