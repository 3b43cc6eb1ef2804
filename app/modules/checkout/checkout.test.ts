import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestDatabase, describeEachDatabase, type TestDatabase } from "../../../tests/integration/support/databases";
import { SEED_CURRENCY } from "../../../tests/integration/support/orders";
import { seedDatabase } from "~/db/seed";
import type { Db } from "~/lib/db.server";
import { DomainError } from "~/lib/domain-error";
import { createAddress } from "~/modules/account/addresses.server";
import { addToCart, readCart, toggleShopSelection } from "~/modules/cart/cart.server";
import { checkCartChoice } from "~/modules/catalog/product-details.server";
import { applyCouponCode, computeCheckout } from "./checkout.server";
import { formatMoney } from "~/lib/money";
import { getOrder, listOrders } from "~/modules/orders/orders.server";
import { placedOrders, placeOrder, type OrderRules } from "./place-order.server";
import { shopTotals } from "./totals";

const RULES: OrderRules = { multiVendor: true, cashOnDelivery: true, onlinePayment: true, gateways: ["test"], mustVerify: false };
let tokens = 0;
const token = () => `test-token-${String(++tokens).padStart(8, "0")}`;

async function add(db: Db, userId: number, productId: number, quantity = 1, extra: Record<string, unknown> = {}) {
  const result = await checkCartChoice(db, { product_id: String(productId), quantity: String(quantity), ...extra });
  if (!result.ok) throw new Error(`cannot add ${productId}: ${result.error.message}`);
  await addToCart(db, userId, result.choice, result.product);
}

async function newShopper(db: Db, name: string): Promise<{ userId: number; addressId: number }> {
  const user = await db.insertInto("users").values({ name, email: `${name.toLowerCase().replace(/\W/g, "")}@example.test` })
    .returning("id").executeTakeFirstOrThrow();
  const addressId = await createAddress(db, user.id, {
    name, phone: "5550100101", address_line: "12 Market Street", area: "Downtown", post_code: "94105", address_type: "home", is_default: true,
  });
  return { userId: user.id, addressId };
}

/** A stocked, active product of the given shop without a flash sale, so its price is the plain one. */
async function plainProduct(db: Db, shopId: number, skip: number[] = []) {
  return db.selectFrom("products as p").select(["p.id", "p.price", "p.discount_price", "p.quantity"])
    .where("p.shop_id", "=", shopId).where("p.is_active", "=", 1).where("p.quantity", ">=", 20).where("p.is_digital", "=", 0)
    .where("p.min_order_quantity", "<=", 1)
    .where((eb) => eb.not(eb.exists(eb.selectFrom("flash_sale_products as fp").select("fp.product_id").whereRef("fp.product_id", "=", "p.id"))))
    .where("p.id", "not in", skip.length ? skip : [0])
    .orderBy("p.id").executeTakeFirstOrThrow();
}

async function expectDomainError(work: Promise<unknown>, message: string) {
  const error = await work.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(DomainError);
  expect((error as DomainError).message).toBe(message);
}

describeEachDatabase("checkout and place order", (kind) => {
  let test: TestDatabase;
  let db: Db;
  let shops: number[];

  beforeAll(async () => {
    test = await createTestDatabase(kind);
    db = test.db;
    await seedDatabase(db, { products: 120, shops: 3 });
    shops = (await db.selectFrom("shops").select("id").orderBy("id").execute()).map((s) => s.id);
  }, 60_000);
  afterAll(async () => test?.drop());

  describe("totals and coupons", () => {
    let shopper: { userId: number; addressId: number };
    let first: Awaited<ReturnType<typeof plainProduct>>;
    let second: Awaited<ReturnType<typeof plainProduct>>;

    beforeEach(async () => {
      shopper = await newShopper(db, `Coupon Shopper ${++tokens}`);
      first = await plainProduct(db, shops[0]);
      second = await plainProduct(db, shops[1]);
      await add(db, shopper.userId, first.id, 3);
      await add(db, shopper.userId, second.id, 1);
    });

    it("counts only the selected shops, priced from the database", async () => {
      await toggleShopSelection(db, shopper.userId, shops[0]);
      const checkout = await computeCheckout(db, shopper.userId, { kind: "cart", multiVendor: true });
      expect(checkout.shops.map((s) => s.shop_id)).toEqual([shops[0]]);
      const unit = first.discount_price > 0 && first.discount_price < first.price ? first.discount_price : first.price;
      const shop = await db.selectFrom("shops").select("delivery_charge").where("id", "=", shops[0]).executeTakeFirstOrThrow();
      expect(checkout.totals).toMatchObject(
        shopTotals({ lines: [{ unit_price: unit, quantity: 3, is_digital: false }], delivery_charge: shop.delivery_charge, coupon: null, taxes: [{ name: "VAT", basis_points: 500 }] }),
      );
      expect(checkout.address?.id).toBe(shopper.addressId);
    });

    it("takes every shop in single-vendor mode", async () => {
      const checkout = await computeCheckout(db, shopper.userId, { kind: "cart", multiVendor: false });
      expect(checkout.shops.map((s) => s.shop_id).sort()).toEqual([shops[0], shops[1]].sort());
    });

    it("refuses unknown, expired, foreign and below-minimum coupons, each with its own message", async () => {
      await toggleShopSelection(db, shopper.userId, shops[0]);
      const apply = (code: string) => applyCouponCode(db, shopper.userId, { kind: "cart", code, multiVendor: true });
      await expectDomainError(apply("NO-SUCH-CODE"), "checkout:coupon.invalid");
      await expectDomainError(apply(""), "checkout:coupon.required");
      const expired = await db.selectFrom("coupons").select("code").where("expires_at", "<", new Date().toISOString()).executeTakeFirstOrThrow();
      await expectDomainError(apply(expired.code), "checkout:coupon.expired");
      const foreign = await db.selectFrom("coupons").select("code").where("shop_id", "=", shops[2]).where("expires_at", ">", new Date().toISOString()).executeTakeFirstOrThrow();
      await expectDomainError(apply(foreign.code), "checkout:coupon.otherShop");
      const now = new Date().toISOString();
      const id = await db.insertInto("coupons").values({
        shop_id: shops[0], code: `BIG-${tokens}`, discount_type: "Amount", discount: 100, min_order_amount: 10_000_000,
        max_discount_amount: null, limit_for_user: 1, starts_at: now, expires_at: "2999-01-01T00:00:00.000Z", is_active: 1,
      }).returning("id").executeTakeFirstOrThrow();
      await expectDomainError(apply(`big-${tokens} `), "checkout:coupon.minimumSpend");
      await db.deleteFrom("coupons").where("id", "=", id.id).execute();
      const checkout = await computeCheckout(db, shopper.userId, { kind: "cart", multiVendor: true });
      expect(checkout.coupon_code).toBeNull();
      expect(checkout.totals.discount).toBe(0);
    });

    it("applies a valid code to its shop, counts its use once per order and refuses it over the limit", async () => {
      await toggleShopSelection(db, shopper.userId, shops[0]);
      const now = new Date().toISOString();
      const code = `ONCE-${tokens}`;
      await db.insertInto("coupons").values({
        shop_id: shops[0], code, discount_type: "Percentage", discount: 10, min_order_amount: 0,
        max_discount_amount: null, limit_for_user: 1, starts_at: now, expires_at: "2999-01-01T00:00:00.000Z", is_active: 1,
      }).execute();
      await applyCouponCode(db, shopper.userId, { kind: "cart", code: code.toLowerCase(), multiVendor: true });
      const checkout = await computeCheckout(db, shopper.userId, { kind: "cart", multiVendor: true });
      expect(checkout.shops[0].coupon?.code).toBe(code);
      expect(checkout.totals.discount).toBe(Math.round(checkout.totals.subtotal / 10));

      const placed = await placeOrder(db, shopper.userId, { kind: "cart", token: token(), address_id: shopper.addressId, payment_method: "cash", note: "", currency: SEED_CURRENCY }, RULES);
      const order = await db.selectFrom("orders").selectAll().where("id", "=", placed.order_ids[0]).executeTakeFirstOrThrow();
      expect(order).toMatchObject({ coupon_code: code, discount: checkout.totals.discount, payable: checkout.totals.payable, status: "Pending", payment_status: "Pending" });

      await add(db, shopper.userId, first.id, 1);
      await toggleShopSelection(db, shopper.userId, shops[0]);
      await expectDomainError(applyCouponCode(db, shopper.userId, { kind: "cart", code, multiVendor: true }), "checkout:coupon.limitReached");
    });

    it("applies the best collected voucher of a shop on its own", async () => {
      await toggleShopSelection(db, shopper.userId, shops[0]);
      const now = new Date().toISOString();
      const far = "2999-01-01T00:00:00.000Z";
      const small = await db.insertInto("coupons").values({
        shop_id: shops[0], code: `SMALL-${tokens}`, discount_type: "Amount", discount: 100, min_order_amount: 0,
        max_discount_amount: null, limit_for_user: 0, starts_at: now, expires_at: far, is_active: 1,
      }).returning("id").executeTakeFirstOrThrow();
      const large = await db.insertInto("coupons").values({
        shop_id: shops[0], code: `LARGE-${tokens}`, discount_type: "Amount", discount: 300, min_order_amount: 0,
        max_discount_amount: null, limit_for_user: 0, starts_at: now, expires_at: far, is_active: 1,
      }).returning("id").executeTakeFirstOrThrow();
      await db.insertInto("collected_coupons").values([{ user_id: shopper.userId, coupon_id: small.id }, { user_id: shopper.userId, coupon_id: large.id }]).execute();
      const checkout = await computeCheckout(db, shopper.userId, { kind: "cart", multiVendor: true });
      expect(checkout.shops[0].coupon).toMatchObject({ code: `LARGE-${tokens}`, typed: false });
      expect(checkout.totals.discount).toBe(300);
    });
  });

  describe("placing orders", () => {
    it("makes one order per selected shop, takes stock, empties those lines and keeps the rest", async () => {
      const shopper = await newShopper(db, "Two Shops");
      const a = await plainProduct(db, shops[0]);
      const b = await plainProduct(db, shops[1]);
      const c = await plainProduct(db, shops[2]);
      await add(db, shopper.userId, a.id, 2);
      await add(db, shopper.userId, b.id, 1);
      await add(db, shopper.userId, c.id, 1);
      await toggleShopSelection(db, shopper.userId, shops[0]);
      await toggleShopSelection(db, shopper.userId, shops[1]);
      const stock = async (id: number) => (await db.selectFrom("products").select("quantity").where("id", "=", id).executeTakeFirstOrThrow()).quantity;
      const [beforeA, beforeB] = [await stock(a.id), await stock(b.id)];
      const expected = await computeCheckout(db, shopper.userId, { kind: "cart", multiVendor: true });

      const placed = await placeOrder(db, shopper.userId, { kind: "cart", token: token(), address_id: shopper.addressId, payment_method: "cash", note: " Leave at the door ", currency: SEED_CURRENCY }, RULES);
      expect(placed.order_ids).toHaveLength(2);
      const orders = await db.selectFrom("orders").selectAll().where("checkout_id", "=", placed.checkout_id).orderBy("shop_id").execute();
      expect(orders.map((o) => o.shop_id)).toEqual([shops[0], shops[1]].sort((x, y) => x - y));
      expect(orders.reduce((sum, o) => sum + o.payable, 0)).toBe(expected.totals.payable);
      expect(orders[0]).toMatchObject({ note: "Leave at the door", ship_name: "Two Shops", ship_address: "12 Market Street, Downtown 94105" });
      expect(await stock(a.id)).toBe(beforeA - 2);
      expect(await stock(b.id)).toBe(beforeB - 1);
      const items = await db.selectFrom("order_items").select(["product_id", "quantity"]).where("order_id", "in", placed.order_ids).orderBy("product_id").execute();
      expect(items).toEqual([{ product_id: a.id, quantity: 2 }, { product_id: b.id, quantity: 1 }].sort((x, y) => x.product_id - y.product_id));
      const left = await readCart(db, shopper.userId);
      expect(left.groups.map((g) => g.shop_id)).toEqual([shops[2]]);
      expect(left.groups[0].selected).toBe(false);
    });

    it("keeps the currency the shopper saw at checkout, whatever its rate or the shopper's choice later", async () => {
      const shopper = await newShopper(db, "Euro Shopper");
      const a = await plainProduct(db, shops[0]);
      await add(db, shopper.userId, a.id, 1);
      await toggleShopSelection(db, shopper.userId, shops[0]);
      const euro = { name: "EUR", symbol: "€", position: "suffix" as const, rate_from_default: 0.92 };
      const placed = await placeOrder(db, shopper.userId, { kind: "cart", token: token(), address_id: shopper.addressId, payment_method: "cash", note: "", currency: euro }, RULES);
      const rate = await db.selectFrom("currencies").select("rate_from_default").where("name", "=", "EUR").executeTakeFirstOrThrow();
      await db.updateTable("currencies").set({ rate_from_default: 0.5 }).where("name", "=", "EUR").execute();

      const [orderId] = placed.order_ids;
      const order = await getOrder(db, shopper.userId, orderId);
      expect(order?.currency).toEqual(euro);
      expect(formatMoney(order!.payable, order!.currency)).toBe(`${(Math.round(order!.payable * 0.92) / 100).toFixed(2)}€`);
      expect((await listOrders(db, shopper.userId)).orders.map((o) => o.currency)).toEqual([euro]);
      expect((await placedOrders(db, shopper.userId, placed.checkout_id))?.map((o) => o.currency)).toEqual([euro]);
      await db.updateTable("currencies").set(rate).where("name", "=", "EUR").execute();
    });

    it("a double submit with the same token makes one set of orders, also at the same moment", async () => {
      const shopper = await newShopper(db, "Double Click");
      const product = await plainProduct(db, shops[1]);
      await add(db, shopper.userId, product.id, 1);
      await toggleShopSelection(db, shopper.userId, shops[1]);
      const input = { kind: "cart" as const, token: token(), address_id: shopper.addressId, payment_method: "cash", note: "", currency: SEED_CURRENCY };
      const [one, two] = await Promise.all([placeOrder(db, shopper.userId, input, RULES), placeOrder(db, shopper.userId, input, RULES)]);
      expect(one.order_ids).toEqual(two.order_ids);
      expect([one.repeated, two.repeated].sort()).toEqual([false, true]);
      const again = await placeOrder(db, shopper.userId, input, RULES);
      expect(again).toMatchObject({ order_ids: one.order_ids, repeated: true });
      const count = await db.selectFrom("orders").select((eb) => eb.fn.countAll<number>().as("n")).where("user_id", "=", shopper.userId).executeTakeFirstOrThrow();
      expect(Number(count.n)).toBe(1);
    });

    it("refuses what the form may not decide: a payment method that is off, another shopper's address, a bad token", async () => {
      const shopper = await newShopper(db, "Careful");
      const other = await newShopper(db, "Someone Else");
      const product = await plainProduct(db, shops[0]);
      await add(db, shopper.userId, product.id, 1);
      await toggleShopSelection(db, shopper.userId, shops[0]);
      const base = { kind: "cart" as const, address_id: shopper.addressId, payment_method: "cash", note: "", currency: SEED_CURRENCY };
      await expectDomainError(placeOrder(db, shopper.userId, { ...base, token: token() }, { ...RULES, cashOnDelivery: false }), "checkout:errors.paymentMethod");
      await expectDomainError(placeOrder(db, shopper.userId, { ...base, token: token(), payment_method: "stripe" }, RULES), "checkout:errors.paymentMethod");
      await expectDomainError(placeOrder(db, shopper.userId, { ...base, token: token(), address_id: other.addressId }, RULES), "checkout:errors.addressRequired");
      await expectDomainError(placeOrder(db, shopper.userId, { ...base, token: "short" }, RULES), "checkout:errors.expiredForm");
      await expectDomainError(placeOrder(db, shopper.userId, { ...base, token: token() }, { ...RULES, mustVerify: true }), "checkout:errors.verifyAccount");
      expect((await readCart(db, shopper.userId)).count).toBe(1);
      const orders = await db.selectFrom("orders").select("id").where("user_id", "=", shopper.userId).execute();
      expect(orders).toEqual([]);
    });

    it("buy now orders its one line without touching the cart", async () => {
      const shopper = await newShopper(db, "Buy Now");
      const inCart = await plainProduct(db, shops[0]);
      const now = await plainProduct(db, shops[1]);
      await add(db, shopper.userId, inCart.id, 1);
      await toggleShopSelection(db, shopper.userId, shops[0]);
      await add(db, shopper.userId, now.id, 2, { is_buy_now: "1" });
      const checkout = await computeCheckout(db, shopper.userId, { kind: "buynow", multiVendor: true });
      expect(checkout.shops.flatMap((s) => s.lines.map((l) => [l.product_id, l.quantity]))).toEqual([[now.id, 2]]);
      await placeOrder(db, shopper.userId, { kind: "buynow", token: token(), address_id: shopper.addressId, payment_method: "cash", note: "", currency: SEED_CURRENCY }, RULES);
      const cart = await readCart(db, shopper.userId);
      expect(cart.groups.map((g) => [g.shop_id, g.selected])).toEqual([[shops[0], true]]);
      expect((await readCart(db, shopper.userId, { kind: "buynow" })).count).toBe(0);
    });
  });

  describe("under concurrency", () => {
    it("200 shoppers ordering the last 10 units at once: exactly 10 orders, stock 0, never negative", async () => {
      const product = await plainProduct(db, shops[2]);
      await db.updateTable("products").set({ quantity: 200 }).where("id", "=", product.id).execute();
      const shoppers = [];
      for (let i = 0; i < 200; i++) shoppers.push(await newShopper(db, `Rush ${i}`));
      for (const shopper of shoppers) {
        await add(db, shopper.userId, product.id, 1);
        await toggleShopSelection(db, shopper.userId, shops[2]);
      }
      await db.updateTable("products").set({ quantity: 10 }).where("id", "=", product.id).execute();
      const results = await Promise.allSettled(
        shoppers.map((shopper) => placeOrder(db, shopper.userId, { kind: "cart", token: token(), address_id: shopper.addressId, payment_method: "cash", note: "", currency: SEED_CURRENCY }, RULES)),
      );
      const placed = results.filter((r) => r.status === "fulfilled");
      const refused = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
      expect(placed).toHaveLength(10);
      expect(refused.every((r) => r.reason instanceof DomainError && r.reason.message === "checkout:errors.outOfStock")).toBe(true);
      const row = await db.selectFrom("products").select("quantity").where("id", "=", product.id).executeTakeFirstOrThrow();
      expect(row.quantity).toBe(0);
      const items = await db.selectFrom("order_items").select((eb) => eb.fn.sum<number>("quantity").as("units")).where("product_id", "=", product.id).executeTakeFirstOrThrow();
      expect(Number(items.units)).toBe(10);
    }, 120_000);
  });
});
