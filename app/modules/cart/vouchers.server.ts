import type { Db } from "~/lib/db.server";
import { DomainError } from "~/lib/domain-error";

/**
 * Store vouchers (spec §2 voucher dialog, §3 Coupon): a shop's coupons a shopper can collect now, and collecting
 * one. Checkout only accepts collected vouchers; their spending rules (minimum, cap, uses) are checked there.
 */
export interface Voucher {
  id: number;
  code: string;
  discount_type: "Amount" | "Percentage";
  /** A whole percent for 'Percentage', minor units of the default currency for 'Amount'. */
  discount: number;
  min_order_amount: number;
  max_discount_amount: number | null;
  /** The last moment it can be used (ISO). */
  expires_at: string;
  is_collected: boolean;
}

export interface ShopVouchers {
  shop: { id: number; name: string };
  vouchers: Voucher[];
}

/** Coupons that can be used now: active, started and not expired. */
function validCoupons(db: Db, now: Date) {
  const at = now.toISOString();
  return db.selectFrom("coupons as c").where("c.is_active", "=", 1).where("c.starts_at", "<=", at).where("c.expires_at", ">", at);
}

/** The active shop's valid vouchers, soonest expiry first, each marked collected or not for the shopper; else null. */
export async function listShopVouchers(db: Db, userId: number, shopId: number, now = new Date()): Promise<ShopVouchers | null> {
  if (!Number.isSafeInteger(shopId) || shopId <= 0) return null;
  const shop = await db.selectFrom("shops").select(["id", "name"]).where("id", "=", shopId).where("is_active", "=", 1).executeTakeFirst();
  if (!shop) return null;
  const rows = await validCoupons(db, now)
    .leftJoin("collected_coupons as cc", (join) => join.onRef("cc.coupon_id", "=", "c.id").on("cc.user_id", "=", userId))
    .select([
      "c.id", "c.code", "c.discount_type", "c.discount", "c.min_order_amount", "c.max_discount_amount", "c.expires_at",
      "cc.coupon_id as collected",
    ])
    .where("c.shop_id", "=", shopId)
    .orderBy("c.expires_at")
    .orderBy("c.id")
    .execute();
  return {
    shop,
    vouchers: rows.map(({ collected, ...voucher }) => ({ ...voucher, is_collected: collected != null })),
  };
}

/**
 * Collects a voucher for the shopper; collecting it again changes nothing. Only a valid voucher of an active shop
 * can be collected ('cart:errors.voucherUnavailable' otherwise).
 */
export async function collectVoucher(db: Db, userId: number, couponId: number, now = new Date()): Promise<{ shop_id: number; code: string }> {
  const coupon = Number.isSafeInteger(couponId) && couponId > 0
    ? await validCoupons(db, now)
      .innerJoin("shops as s", "s.id", "c.shop_id")
      .select(["c.id", "c.shop_id", "c.code"])
      .where("c.id", "=", couponId)
      .where("s.is_active", "=", 1)
      .executeTakeFirst()
    : undefined;
  if (!coupon) throw new DomainError("cart:errors.voucherUnavailable");
  await db.insertInto("collected_coupons").values({ user_id: userId, coupon_id: coupon.id })
    .onConflict((conflict) => conflict.columns(["user_id", "coupon_id"]).doNothing()).execute();
  return { shop_id: coupon.shop_id, code: coupon.code };
}
