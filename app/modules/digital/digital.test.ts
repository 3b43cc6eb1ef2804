import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { createTestDatabase, describeEachDatabase, type TestDatabase } from "../../../tests/integration/support/databases";
import { makeOrder, SEED_CURRENCY, stockedProduct } from "../../../tests/integration/support/orders";
import { seedDatabase } from "~/db/seed";
import type { Db } from "~/lib/db.server";
import { DomainError } from "~/lib/domain-error";
import { createAddress } from "~/modules/account/addresses.server";
import { addToCart, toggleShopSelection } from "~/modules/cart/cart.server";
import { checkCartChoice } from "~/modules/catalog/product-details.server";
import { placeOrder } from "~/modules/checkout/place-order.server";
import { advanceOrder, cancelOrderInScope, markOrderPaid, takeOrderNews } from "~/modules/orders/order-lifecycle.server";
import { ORDER_FLOW } from "~/modules/orders/order-status";
import { getOrderInScope, OrderNotFoundError } from "~/modules/orders/orders.server";
import { markPaymentPaid } from "~/modules/payments/payments.server";
import { returnableOrder } from "~/modules/returns/returns.server";
import { getDigitalOrder, listDigitalOrders, takeDownload } from "./digital.server";
import { DOWNLOAD_LINK_MINUTES, downloadHref, isValidDownloadLink } from "./download-links.server";

const RULES = { multiVendor: true, cashOnDelivery: true, onlinePayment: true, gateways: ["test"], mustVerify: false };
let tokens = 0;
const token = () => `digital-token-${String(++tokens).padStart(8, "0")}`;

describeEachDatabase("digital products after the sale", (kind) => {
  let test: TestDatabase;
  let db: Db;
  let buyer: number;
  let stranger: number;
  let admin: number;
  let otherShopStaff: number;
  let digital: { id: number; shop_id: number };
  let otherDigital: { id: number; shop_id: number };

  const order = (id: number) => db.selectFrom("orders").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const freeKeys = async (productId: number) =>
    (await db.selectFrom("product_licenses").select("license_key").where("product_id", "=", productId).where("order_item_id", "is", null).orderBy("id").execute())
      .map((row) => row.license_key);
  const buyDigital = (userId: number, quantity = 1, paymentMethod = "cash") =>
    makeOrder(db, { userId, paymentMethod, lines: [{ productId: digital.id, quantity }], deliveryCharge: 0 });

  beforeAll(async () => {
    test = await createTestDatabase(kind);
    db = test.db;
    await seedDatabase(db, { products: 400 });
    const user = (email: string) => db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow().then((row) => row.id);
    [buyer, stranger, admin, otherShopStaff] = await Promise.all(
      ["customer@example.com", "customer2@example.com", "admin@example.com", "seller2@example.com"].map(user),
    );
    const digitals = await db.selectFrom("products").select(["id", "shop_id"]).where("is_digital", "=", 1).where("is_active", "=", 1).orderBy("id").limit(2).execute();
    [digital, otherDigital] = digitals;
    expect(otherDigital).toBeDefined();
  });
  afterAll(() => test?.drop());
  beforeEach(async () => {
    await db.deleteFrom("orders").execute();
    await db.deleteFrom("checkouts").execute();
    await db.deleteFrom("cart_items").execute();
  });

  it("places a digital-only order without an address, but a physical one still needs it", async () => {
    const add = async (productId: number) => {
      const choice = await checkCartChoice(db, { product_id: String(productId), quantity: "1" });
      if (!choice.ok) throw new Error(choice.error.message);
      await addToCart(db, buyer, choice.choice, choice.product);
    };
    await add(digital.id);
    await toggleShopSelection(db, buyer, digital.shop_id);
    const placed = await placeOrder(db, buyer, { kind: "cart", token: token(), address_id: null, payment_method: "cash", note: "", currency: SEED_CURRENCY }, RULES);
    const made = await order(placed.order_ids[0]);
    expect(made).toMatchObject({ status: "Pending", payment_status: "Pending", ship_address: "", delivery_charge: 0 });
    expect((await getOrderInScope(db, { userId: buyer }, made.id))!.needs_shipping).toBe(false);

    const physical = await stockedProduct(db);
    await add(physical.id);
    await toggleShopSelection(db, buyer, physical.shop_id);
    const refused = await placeOrder(db, buyer, { kind: "cart", token: token(), address_id: null, payment_method: "cash", note: "", currency: SEED_CURRENCY }, RULES)
      .then(() => null, (error: unknown) => error);
    expect(refused).toBeInstanceOf(DomainError);
    expect((refused as DomainError).message).toBe("checkout:errors.addressRequired");
    expect(await db.selectFrom("orders").select("id").execute()).toHaveLength(1);

    const addressId = await createAddress(db, buyer, {
      name: "Amina", phone: "5550100101", address_line: "12 Market Street", area: "Downtown", post_code: "94105", address_type: "home", is_default: true,
    });
    const shipped = await placeOrder(db, buyer, { kind: "cart", token: token(), address_id: addressId, payment_method: "cash", note: "", currency: SEED_CURRENCY }, RULES);
    expect((await order(shipped.order_ids[0])).ship_address).toContain("12 Market Street");
  });

  it("gives nothing before payment; the shop's Mark as Paid hands out one key per unit and delivers a digital-only order", async () => {
    const pool = await freeKeys(digital.id);
    const made = await buyDigital(buyer, 2);
    const locked = await getDigitalOrder(db, buyer, made.id);
    expect(locked).toMatchObject({ unlocked: false, can_pay: false });
    expect(locked!.items[0]).toMatchObject({ licence_keys: [], files: [] });
    const file = await db.selectFrom("digital_product_files").select("id").where("product_id", "=", digital.id).orderBy("id").executeTakeFirstOrThrow();
    const item = await db.selectFrom("order_items").select("id").where("order_id", "=", made.id).executeTakeFirstOrThrow();
    expect(await takeDownload(db, buyer, item.id, file.id)).toBeNull();

    // Staff of another shop cannot reach it; its own shop can.
    await expect(markOrderPaid(db, { shopId: digital.shop_id + 1000 }, admin, made.id)).rejects.toBeInstanceOf(OrderNotFoundError);
    await markOrderPaid(db, { shopId: digital.shop_id }, admin, made.id, new Date("2026-06-01T09:00:00Z"));
    await expect(markOrderPaid(db, { shopId: digital.shop_id }, admin, made.id)).rejects.toThrow("console:orders.errors.notPayable");

    const paid = await order(made.id);
    expect(paid).toMatchObject({ payment_status: "Paid", status: "Delivered", delivered_at: "2026-06-01T09:00:00.000Z" });
    expect(await takeOrderNews(db, buyer)).toEqual([{ order_id: made.id, status: "Delivered" }]);

    const unlocked = await getDigitalOrder(db, buyer, made.id);
    expect(unlocked!.unlocked).toBe(true);
    const keys = unlocked!.items[0].licence_keys;
    expect(keys).toEqual(pool.slice(0, 2)); // the shop's own keys, first in first out
    expect(await freeKeys(digital.id)).toEqual(pool.slice(2));
    expect(unlocked!.items[0].files.map((f) => f.file_name.slice(-4)).sort()).toEqual([".pdf", ".zip"]);
    expect(unlocked!.items[0].files[0].href).toMatch(new RegExp(`^/digital-downloads/${item.id}/\\d+\\?expires=\\d+&signature=`));

    // Downloads are counted, for the buyer only.
    for (const someoneElse of [stranger, otherShopStaff, admin]) expect(await takeDownload(db, someoneElse, item.id, file.id)).toBeNull();
    expect(await takeDownload(db, buyer, item.id, otherDigital.id + 1_000_000)).toBeNull();
    const download = await takeDownload(db, buyer, item.id, file.id);
    expect(download!.size_bytes).toBeGreaterThan(100);
    await takeDownload(db, buyer, item.id, file.id);
    const counted = await getDigitalOrder(db, buyer, made.id);
    expect(counted!.items[0].files.find((f) => f.file_id === file.id)!.downloads).toBe(2);

    // Someone else's order is not theirs to see, and digital items cannot be returned.
    for (const someoneElse of [stranger, otherShopStaff]) expect(await getDigitalOrder(db, someoneElse, made.id)).toBeNull();
    expect((await returnableOrder(db, buyer, made.id, 3, new Date("2026-06-02T09:00:00Z"))).refusal).toBe("digitalOnly");
  });

  it("unlocks when an online payment is confirmed, once, even confirmed twice", async () => {
    const made = await buyDigital(buyer, 1, "test");
    const payment = await db.insertInto("payments")
      .values({ user_id: buyer, gateway: "test", amount: made.payable, currency: "usd", currency_amount: made.payable, created_at: new Date().toISOString() })
      .returning("id").executeTakeFirstOrThrow();
    await db.updateTable("orders").set({ payment_id: payment.id }).where("id", "=", made.id).execute();
    expect((await getDigitalOrder(db, buyer, made.id))!.can_pay).toBe(true);

    expect(await markPaymentPaid(db, payment.id)).toBe(true);
    expect(await markPaymentPaid(db, payment.id)).toBe(false);
    expect(await order(made.id)).toMatchObject({ payment_status: "Paid", status: "Delivered" });
    const keys = await db.selectFrom("product_licenses as l").innerJoin("order_items as i", "i.id", "l.order_item_id")
      .select("l.license_key").where("i.order_id", "=", made.id).execute();
    expect(keys).toHaveLength(1);
    const events = await db.selectFrom("order_events").select("status").where("order_id", "=", made.id).orderBy("id").execute();
    expect(events.map((event) => event.status)).toEqual(["Pending", "Delivered"]);
  });

  it("a mixed order is not delivered by its payment: its parcel still moves through the shop", async () => {
    const physical = await stockedProduct(db);
    await db.updateTable("products").set({ shop_id: digital.shop_id }).where("id", "=", physical.id).execute();
    const lines = [{ productId: digital.id, quantity: 1 }, { productId: physical.id, quantity: 1 }];
    const scope = { shopId: digital.shop_id };

    const paidOnline = await makeOrder(db, { userId: buyer, lines, paymentMethod: "test" });
    await markOrderPaid(db, scope, admin, paidOnline.id);
    expect((await order(paidOnline.id)).status).toBe("Pending");
    const unlocked = await getDigitalOrder(db, buyer, paidOnline.id);
    expect(unlocked!.items).toHaveLength(1); // the digital item only
    expect(unlocked!.items[0].licence_keys).toHaveLength(1);
    expect((await getOrderInScope(db, { userId: buyer }, paidOnline.id))!.needs_shipping).toBe(true);

    const cash = await makeOrder(db, { userId: buyer, lines });
    for (const status of ORDER_FLOW.slice(1, -1)) await advanceOrder(db, scope, admin, cash.id, status);
    expect((await getDigitalOrder(db, buyer, cash.id))!.unlocked).toBe(false);
    await advanceOrder(db, scope, admin, cash.id, "Delivered");
    expect((await getDigitalOrder(db, buyer, cash.id))!.items[0].licence_keys).toHaveLength(1);
  });

  it("a cancelled order gives no keys, and loses its downloads", async () => {
    const made = await buyDigital(buyer, 1);
    await cancelOrderInScope(db, { shopId: digital.shop_id }, admin, made.id);
    await expect(markOrderPaid(db, { everyShop: true }, admin, made.id)).rejects.toThrow("console:orders.errors.notPayable");
    expect((await getDigitalOrder(db, buyer, made.id))!.unlocked).toBe(false);

    const paidThenCancelled = await buyDigital(buyer, 1);
    await markOrderPaid(db, { everyShop: true }, admin, paidThenCancelled.id);
    const item = await db.selectFrom("order_items").select("id").where("order_id", "=", paidThenCancelled.id).executeTakeFirstOrThrow();
    const file = await db.selectFrom("digital_product_files").select("id").where("product_id", "=", digital.id).executeTakeFirstOrThrow();
    expect(await takeDownload(db, buyer, item.id, file.id)).not.toBeNull();
    // Delivered, the shop can no longer cancel it: a refund outside the shop's flow is written straight to the order.
    await db.updateTable("orders").set({ status: "Cancelled" }).where("id", "=", paidThenCancelled.id).execute();
    expect(await takeDownload(db, buyer, item.id, file.id)).toBeNull();
    expect((await getDigitalOrder(db, buyer, paidThenCancelled.id))!.items[0].licence_keys).toEqual([]);
  });

  it("makes a fresh unique key when the shop's pool is empty", async () => {
    const pool = await freeKeys(otherDigital.id);
    const made = await makeOrder(db, { userId: buyer, lines: [{ productId: otherDigital.id, quantity: pool.length + 2 }] });
    await markOrderPaid(db, { everyShop: true }, admin, made.id);
    const keys = (await getDigitalOrder(db, buyer, made.id))!.items[0].licence_keys;
    expect(keys).toHaveLength(pool.length + 2);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys.slice(0, pool.length)).toEqual(pool);
    for (const key of keys) expect(key).toMatch(/^BZ-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}$/);
  });

  it("lists only the shopper's orders that hold digital items, newest first", async () => {
    const first = await buyDigital(buyer);
    await makeOrder(db, { userId: buyer, lines: [{ productId: (await stockedProduct(db)).id, quantity: 1 }] });
    const second = await buyDigital(buyer);
    await buyDigital(stranger);
    const listed = await listDigitalOrders(db, buyer);
    expect(listed.total).toBe(2);
    expect(listed.orders.map((o) => o.id)).toEqual([second.id, first.id]);
    expect(listed.orders[0].products).toHaveLength(1);
    expect((await listDigitalOrders(db, buyer, { page: 9, perPage: 1 })).page).toBe(2);
  });
});

it("signs download links for one shopper, item and file, until they expire", () => {
  const now = new Date("2026-06-01T10:00:00Z");
  const target = { userId: 7, itemId: 11, fileId: 13 };
  const url = new URL(downloadHref(target, now), "http://shop.test");
  expect(url.pathname).toBe("/digital-downloads/11/13");
  const expires = url.searchParams.get("expires");
  const signature = url.searchParams.get("signature")!;
  const later = (minutes: number) => new Date(now.getTime() + minutes * 60_000);
  expect(isValidDownloadLink(target, expires, signature, now)).toBe(true);
  expect(isValidDownloadLink(target, expires, signature, later(DOWNLOAD_LINK_MINUTES - 1))).toBe(true);
  expect(isValidDownloadLink(target, expires, signature, later(DOWNLOAD_LINK_MINUTES))).toBe(false);
  expect(isValidDownloadLink({ ...target, userId: 8 }, expires, signature, now)).toBe(false);
  expect(isValidDownloadLink({ ...target, fileId: 14 }, expires, signature, now)).toBe(false);
  expect(isValidDownloadLink(target, String(Number(expires) + 3600), signature, now)).toBe(false);
  const tampered = signature.slice(0, -1) + (signature.endsWith("A") ? "B" : "A");
  expect(isValidDownloadLink(target, expires, tampered, now)).toBe(false);
  expect(isValidDownloadLink(target, null, signature, now)).toBe(false);
});
