import type { Db } from "~/lib/db.server";
import { DomainError } from "~/lib/domain-error";
import { checkoutAddress, type Address } from "~/modules/account/addresses.server";
import { readCart, type CartKind, type CartLine, type CartShopGroup } from "~/modules/cart/cart.server";
import { shopTotals, sumTotals, type CouponTerms, type ShopTotals, type TaxRate } from "./totals";

/**
 * Checkout (spec §3, §5; not-shown facts: checkout screen, place order): the selected shops of the cart — or the
 * buy-now line — with coupons, delivery, taxes and the total payable, all read and computed here from the
 * database. Nothing the form says about prices, shops or amounts is used.
 */

export interface AppliedCoupon extends CouponTerms {
  id: number;
  code: string;
  shop_id: number;
  /** True when the shopper typed it; false for a collected voucher applied on its own. */
  typed: boolean;
}

export interface ShopCheckout extends ShopTotals {
  shop_id: number;
  shop_name: string;
  shop_logo: string;
  estimated_delivery_days: number;
  lines: CartLine[];
  coupon: AppliedCoupon | null;
}

export interface Checkout {
  kind: CartKind;
  shops: ShopCheckout[];
  totals: ShopTotals;
  /** The typed coupon code kept for this checkout, if any. */
  coupon_code: string | null;
  /** Why the kept code does not apply now (a locale key with values), if it does not. */
  coupon_problem: DomainError | null;
  /** Where it ships unless the shopper picks another of their addresses: the default, else the first. */
  address: Address | null;
  /** False when every line is a digital product: nothing ships, so no address is asked for. */
  needs_shipping: boolean;
  /** Lines asking for more than is in stock now: the order cannot be placed until they are changed. */
  short_lines: CartLine[];
}

interface CouponRow extends CouponTerms {
  id: number;
  code: string;
  shop_id: number;
  limit_for_user: number;
  starts_at: string;
  expires_at: string;
}

const COUPON_COLUMNS = [
  "id", "code", "shop_id", "discount_type", "discount", "min_order_amount", "max_discount_amount", "limit_for_user", "starts_at", "expires_at",
] as const;

/** Coupon codes are matched without regard to case or surrounding spaces. */
export const normaliseCouponCode = (code: string) => code.trim().toUpperCase();

export function activeTaxes(db: Db): Promise<TaxRate[]> {
  return db.selectFrom("vat_taxes").select(["name", "basis_points"]).where("is_active", "=", 1).orderBy("sort").orderBy("id").execute();
}

async function usesOf(db: Db, userId: number, couponIds: number[]): Promise<Map<number, number>> {
  if (couponIds.length === 0) return new Map();
  const rows = await db.selectFrom("coupon_usages").select(["coupon_id", "uses"]).where("user_id", "=", userId)
    .where("coupon_id", "in", couponIds).execute();
  return new Map(rows.map((row) => [row.coupon_id, row.uses]));
}

/** Why a coupon cannot be used on this shop's subtotal now, or null when it can. */
function couponProblem(coupon: CouponRow, shop: { shop_name: string; subtotal: number } | undefined, uses: number, now: Date): DomainError | null {
  const at = now.toISOString();
  if (coupon.starts_at > at) return new DomainError("checkout:coupon.notStarted", "coupon_code");
  if (coupon.expires_at <= at) return new DomainError("checkout:coupon.expired", "coupon_code");
  if (!shop) return new DomainError("checkout:coupon.otherShop", "coupon_code");
  if (coupon.limit_for_user > 0 && uses >= coupon.limit_for_user) {
    return new DomainError("checkout:coupon.limitReached", "coupon_code", { count: coupon.limit_for_user });
  }
  if (shop.subtotal < coupon.min_order_amount) {
    return new DomainError("checkout:coupon.minimumSpend", "coupon_code", { minimum: coupon.min_order_amount, shop: shop.shop_name });
  }
  return null;
}

const asApplied = (coupon: CouponRow, typed: boolean): AppliedCoupon => ({
  id: coupon.id, code: coupon.code, shop_id: coupon.shop_id, typed, discount_type: coupon.discount_type, discount: coupon.discount,
  min_order_amount: coupon.min_order_amount, max_discount_amount: coupon.max_discount_amount,
});

/** The checkout's lines: the selected shops of the cart (all of them in single-vendor mode), or the buy-now line. */
async function checkoutGroups(db: Db, userId: number, kind: CartKind, multiVendor: boolean, now: Date): Promise<CartShopGroup[]> {
  const cart = await readCart(db, userId, { kind, selectAll: !multiVendor, now });
  return cart.groups.filter((group) => group.selected);
}

/**
 * Everything the checkout page shows and Place Order charges. The typed coupon applies to its own shop; every other
 * shop gets the collected voucher that takes off the most, among those it qualifies for.
 */
export async function computeCheckout(
  db: Db,
  userId: number,
  options: { kind: CartKind; multiVendor: boolean; now?: Date },
): Promise<Checkout> {
  const now = options.now ?? new Date();
  const groups = await checkoutGroups(db, userId, options.kind, options.multiVendor, now);
  const shopIds = groups.map((group) => group.shop_id);
  const [choice, taxes, collected] = await Promise.all([
    db.selectFrom("checkout_choices").select("coupon_code").where("user_id", "=", userId).where("kind", "=", options.kind)
      .executeTakeFirst(),
    activeTaxes(db),
    shopIds.length === 0
      ? Promise.resolve([] as CouponRow[])
      : db.selectFrom("collected_coupons as cc").innerJoin("coupons as c", "c.id", "cc.coupon_id")
        .select(COUPON_COLUMNS.map((column) => `c.${column}` as const))
        .where("cc.user_id", "=", userId).where("c.is_active", "=", 1).where("c.shop_id", "in", shopIds).execute(),
  ]);
  const coupon_code = choice?.coupon_code ?? null;
  const typed = coupon_code
    ? await db.selectFrom("coupons").select(COUPON_COLUMNS).where("code", "=", coupon_code).where("is_active", "=", 1).executeTakeFirst()
    : undefined;
  const uses = await usesOf(db, userId, [...collected.map((c) => c.id), ...(typed ? [typed.id] : [])]);

  let coupon_problem: DomainError | null = null;
  if (coupon_code && !typed) coupon_problem = new DomainError("checkout:coupon.invalid", "coupon_code");
  if (typed) coupon_problem = couponProblem(typed, groups.find((group) => group.shop_id === typed.shop_id), uses.get(typed.id) ?? 0, now);

  const shops = groups.map((group): ShopCheckout => {
    let coupon: AppliedCoupon | null = typed && !coupon_problem && typed.shop_id === group.shop_id ? asApplied(typed, true) : null;
    if (!coupon) {
      let best = 0;
      for (const candidate of collected) {
        if (candidate.shop_id !== group.shop_id || couponProblem(candidate, group, uses.get(candidate.id) ?? 0, now)) continue;
        const saved = shopTotals({ lines: group.lines, delivery_charge: 0, coupon: candidate, taxes: [] }).discount;
        if (saved > best) [best, coupon] = [saved, asApplied(candidate, false)];
      }
    }
    const totals = shopTotals({ lines: group.lines, delivery_charge: group.delivery_charge, coupon, taxes });
    return {
      ...totals,
      shop_id: group.shop_id,
      shop_name: group.shop_name,
      shop_logo: group.shop_logo,
      estimated_delivery_days: group.estimated_delivery_days,
      lines: group.lines,
      coupon,
    };
  });

  const address = await checkoutAddress(db, userId);

  return {
    kind: options.kind,
    shops,
    totals: sumTotals(shops),
    coupon_code,
    coupon_problem,
    address,
    needs_shipping: shops.some((shop) => shop.lines.some((line) => !line.is_digital)),
    short_lines: shops.flatMap((shop) => shop.lines.filter((line) => line.quantity > line.stock)),
  };
}

async function saveCouponCode(db: Db, userId: number, kind: CartKind, coupon_code: string | null) {
  const updated_at = new Date().toISOString();
  await db.insertInto("checkout_choices").values({ user_id: userId, kind, coupon_code, updated_at })
    .onConflict((conflict) => conflict.columns(["user_id", "kind"]).doUpdateSet({ coupon_code, updated_at }))
    .execute();
}

/**
 * Keeps a typed coupon code for this checkout once it applies to one of its shops now: unknown, not started,
 * expired, for another shop, used up or below its minimum spend are each refused with their own message.
 */
export async function applyCouponCode(db: Db, userId: number, input: { kind: CartKind; code: string; multiVendor: boolean; now?: Date }) {
  const now = input.now ?? new Date();
  const code = normaliseCouponCode(input.code);
  if (!code) throw new DomainError("checkout:coupon.required", "coupon_code");
  const coupon = await db.selectFrom("coupons").select(COUPON_COLUMNS).where("code", "=", code).where("is_active", "=", 1).executeTakeFirst();
  if (!coupon) throw new DomainError("checkout:coupon.invalid", "coupon_code");
  const groups = await checkoutGroups(db, userId, input.kind, input.multiVendor, now);
  const uses = await usesOf(db, userId, [coupon.id]);
  const problem = couponProblem(coupon, groups.find((group) => group.shop_id === coupon.shop_id), uses.get(coupon.id) ?? 0, now);
  if (problem) throw problem;
  await saveCouponCode(db, userId, input.kind, code);
}

export async function removeCouponCode(db: Db, userId: number, kind: CartKind) {
  await saveCouponCode(db, userId, kind, null);
}
