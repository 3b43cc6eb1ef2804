import type { Db } from "~/lib/db.server";
import type { CurrentUser } from "~/modules/auth/user.server";

/** What a console user may see and change: their shop's orders and chats (staff) or every shop's (the platform admin). */
export type StaffScope = { shopId: number } | { everyShop: true };

export interface StaffAccess {
  scope: StaffScope;
  /** The staff member's shop; null for the platform admin. */
  shop: { id: number; name: string } | null;
}

/** The console access of a signed-in user; null for a customer (and a seller whose shop is gone or inactive). */
export async function staffAccessOf(db: Db, user: CurrentUser): Promise<StaffAccess | null> {
  if (user.role === "admin") return { scope: { everyShop: true }, shop: null };
  if (user.role !== "seller" || user.shop_id === null) return null;
  const shop = await db.selectFrom("shops").select(["id", "name"]).where("id", "=", user.shop_id).where("is_active", "=", 1).executeTakeFirst();
  return shop ? { scope: { shopId: shop.id }, shop } : null;
}

/** Shop staff and the platform admin start in the console after signing in (unless a page asked to come back). */
export async function isConsoleUser(db: Db, userId: number): Promise<boolean> {
  const user = await db.selectFrom("users").select("role").where("id", "=", userId).executeTakeFirst();
  return user?.role === "seller" || user?.role === "admin";
}
