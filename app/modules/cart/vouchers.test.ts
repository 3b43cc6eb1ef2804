import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestDatabase, describeEachDatabase, type TestDatabase } from "../../../tests/integration/support/databases";
import { seedDatabase } from "~/db/seed";
import type { Db } from "~/lib/db.server";
import { DomainError } from "~/lib/domain-error";
import { collectVoucher, listShopVouchers } from "./vouchers.server";

const DAY = 24 * 60 * 60 * 1000;

describeEachDatabase("store vouchers", (kind) => {
  let test: TestDatabase;
  let db: Db;
  let shopId: number;
  let otherShopId: number;
  let shopper: number;
  let other: number;
  let ids: { valid: number; expired: number; future: number; inactive: number; otherShop: number };

  beforeAll(async () => {
    test = await createTestDatabase(kind);
    db = test.db;
    await seedDatabase(db, { products: 40, shops: 2 });
    const shops = await db.selectFrom("shops").select("id").orderBy("id").execute();
    shopId = shops[0].id;
    otherShopId = shops[1].id;
    const users = await db.insertInto("users").values([
      { name: "Voucher Shopper", email: `voucher-${kind}@example.test` },
      { name: "Other Shopper", email: `voucher-other-${kind}@example.test` },
    ]).returning("id").execute();
    [shopper, other] = users.map((user) => user.id);
    // Only these coupons in the test shops, so what is listed is exactly what is written here.
    await db.deleteFrom("coupons").execute();
    const at = (days: number) => new Date(Date.now() + days * DAY).toISOString();
    const coupon = (code: string, shop: number, fields: Partial<{ starts_at: string; expires_at: string; is_active: 0 | 1; discount_type: "Amount" | "Percentage"; discount: number }>) =>
      db.insertInto("coupons").values({
        shop_id: shop, code, discount_type: "Percentage", discount: 10, min_order_amount: 5000, max_discount_amount: 1500,
        limit_for_user: 1, starts_at: at(-1), expires_at: at(30), is_active: 1, ...fields,
      }).returning("id").executeTakeFirstOrThrow().then((row) => row.id);
    ids = {
      valid: await coupon("VALID10", shopId, {}),
      expired: await coupon("GONE", shopId, { starts_at: at(-30), expires_at: at(-1) }),
      future: await coupon("SOON", shopId, { starts_at: at(2) }),
      inactive: await coupon("OFF", shopId, { is_active: 0 }),
      otherShop: await coupon("ELSEWHERE", otherShopId, {}),
    };
    await coupon("SAVE5", shopId, { discount_type: "Amount", discount: 500, expires_at: at(10) });
  }, 60_000);
  afterAll(async () => test?.drop());

  it("lists the shop's vouchers valid now, soonest expiry first, none collected yet", async () => {
    const listed = await listShopVouchers(db, shopper, shopId);
    expect(listed?.shop.id).toBe(shopId);
    expect(listed?.vouchers.map((voucher) => [voucher.code, voucher.discount_type, voucher.discount, voucher.is_collected])).toEqual([
      ["SAVE5", "Amount", 500, false],
      ["VALID10", "Percentage", 10, false],
    ]);
    expect(listed?.vouchers[1]).toMatchObject({ min_order_amount: 5000, max_discount_amount: 1500 });
  });

  it("answers null for an unknown or inactive shop", async () => {
    expect(await listShopVouchers(db, shopper, 999_999)).toBeNull();
    expect(await listShopVouchers(db, shopper, 0)).toBeNull();
    await db.updateTable("shops").set({ is_active: 0 }).where("id", "=", otherShopId).execute();
    try {
      expect(await listShopVouchers(db, shopper, otherShopId)).toBeNull();
      await expect(collectVoucher(db, shopper, ids.otherShop)).rejects.toThrow("cart:errors.voucherUnavailable");
    } finally {
      await db.updateTable("shops").set({ is_active: 1 }).where("id", "=", otherShopId).execute();
    }
  });

  it("collects a valid voucher once, for that shopper only", async () => {
    expect(await collectVoucher(db, shopper, ids.valid)).toEqual({ shop_id: shopId, code: "VALID10" });
    expect(await collectVoucher(db, shopper, ids.valid)).toEqual({ shop_id: shopId, code: "VALID10" });
    const rows = await db.selectFrom("collected_coupons").select("coupon_id").where("user_id", "=", shopper).execute();
    expect(rows).toEqual([{ coupon_id: ids.valid }]);

    const mine = await listShopVouchers(db, shopper, shopId);
    expect(mine?.vouchers.find((voucher) => voucher.id === ids.valid)?.is_collected).toBe(true);
    const theirs = await listShopVouchers(db, other, shopId);
    expect(theirs?.vouchers.every((voucher) => !voucher.is_collected)).toBe(true);
  });

  it("refuses an expired, not yet started, inactive or unknown voucher", async () => {
    for (const id of [ids.expired, ids.future, ids.inactive, 999_999, 0]) {
      const error = await collectVoucher(db, shopper, id).then(() => null, (e: unknown) => e);
      expect(error).toBeInstanceOf(DomainError);
      expect((error as DomainError).message).toBe("cart:errors.voucherUnavailable");
    }
  });
});
