import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestDatabase, describeEachDatabase, type TestDatabase } from "../../../tests/integration/support/databases";
import { makeOrder, stockedProduct } from "../../../tests/integration/support/orders";
import { seedDatabase } from "~/db/seed";
import { DomainError } from "~/lib/domain-error";
import { orderTabFrom, tabOfStatus } from "./order-status";
import { cancelOrder, getOrder, listOrders, orderIdFrom, OrderNotFoundError } from "./orders.server";

describe("order history URLs", () => {
  it("takes only the known tabs and whole positive ids", () => {
    expect(orderTabFrom("on_the_way")).toBe("on_the_way");
    for (const bad of [null, undefined, "", "On The Way", "ALL", "shipped", "pending "]) expect(orderTabFrom(bad)).toBe("all");
    expect(tabOfStatus("On The Way")).toBe("on_the_way");
    expect(orderIdFrom("42")).toBe(42);
    for (const bad of [undefined, "", "0", "-1", "1e3", "abc", "4.2", "12345678901"]) expect(orderIdFrom(bad)).toBeNull();
  });
});

describeEachDatabase("orders", (kind) => {
  let test: TestDatabase;
  const owner = 1; // the seed's demo customers
  const stranger = 2;
  let shirt: { id: number; shop_id: number }; // two products of one shop
  let mug: { id: number; shop_id: number };
  let coupon: { id: number; code: string };

  const product = (id: number) => test.db.selectFrom("products").select(["quantity", "total_sold"]).where("id", "=", id).executeTakeFirstOrThrow();
  const uses = async () =>
    (await test.db.selectFrom("coupon_usages").select("uses").where("coupon_id", "=", coupon.id).where("user_id", "=", owner).executeTakeFirst())?.uses ?? 0;
  /** Everything a cancel may touch, to prove a refused one touched nothing. */
  const snapshot = async () => ({
    orders: await test.db.selectFrom("orders").select(["id", "status", "cancelled_at", "updated_at"]).orderBy("id").execute(),
    products: await test.db.selectFrom("products").select(["id", "quantity", "total_sold"]).where("id", "in", [shirt.id, mug.id]).orderBy("id").execute(),
    usages: await test.db.selectFrom("coupon_usages").selectAll().orderBy("coupon_id").execute(),
  });

  beforeAll(async () => {
    test = await createTestDatabase(kind);
    await seedDatabase(test.db, { products: 60 });
    shirt = await stockedProduct(test.db);
    mug = await stockedProduct(test.db, { sameShopAs: shirt.id, notIn: [shirt.id] });
    coupon = await test.db.selectFrom("coupons").select(["id", "code"]).where("shop_id", "=", shirt.shop_id).orderBy("id").executeTakeFirstOrThrow();
  });
  afterAll(() => test?.drop());
  beforeEach(async () => {
    await test.db.deleteFrom("coupon_usages").execute();
    await test.db.deleteFrom("orders").execute();
    await test.db.deleteFrom("checkouts").execute();
  });

  it("counts the orders of every tab and pages each tab ten at a time, newest first", async () => {
    const pending: number[] = [];
    for (let i = 0; i < 12; i++) pending.push((await makeOrder(test.db, { userId: owner, lines: [{ productId: shirt.id, quantity: 1 }] })).id);
    for (let i = 0; i < 3; i++) await makeOrder(test.db, { userId: owner, status: "Delivered", paymentStatus: "Paid", lines: [{ productId: mug.id, quantity: 2 }, { productId: shirt.id, quantity: 1 }] });
    await makeOrder(test.db, { userId: owner, status: "On The Way", lines: [{ productId: mug.id, quantity: 1 }] });
    await makeOrder(test.db, { userId: stranger, lines: [{ productId: mug.id, quantity: 1 }] });

    const first = await listOrders(test.db, owner, { tab: "pending", page: 1 });
    expect(first.counts).toEqual({ all: 16, pending: 12, confirm: 0, processing: 0, pickup: 0, on_the_way: 1, delivered: 3, cancelled: 0 });
    expect(first.total).toBe(12);
    expect(first.orders.map((o) => o.id)).toEqual(pending.slice(2).reverse());
    expect(first.orders[0]).toMatchObject({ status: "Pending", payment_method: "cash", payment_status: "Pending", shop: { id: shirt.shop_id }, item_count: 1 });

    const second = await listOrders(test.db, owner, { tab: "pending", page: 2 });
    expect(second.orders.map((o) => o.id)).toEqual(pending.slice(0, 2).reverse());
    // A page past the end shows the last one, as the pagination widget does.
    expect(await listOrders(test.db, owner, { tab: "pending", page: 99 })).toMatchObject({ page: 2, orders: second.orders });

    const delivered = await listOrders(test.db, owner, { tab: "delivered" });
    expect(delivered.orders).toHaveLength(3);
    expect(delivered.orders.every((o) => o.status === "Delivered" && o.payment_status === "Paid" && o.item_count === 3)).toBe(true);
    expect((await listOrders(test.db, owner)).total).toBe(16);
    expect((await listOrders(test.db, owner, { tab: "confirm" })).orders).toEqual([]);

    const none = await listOrders(test.db, 999_999, { page: 3 });
    expect(none).toMatchObject({ total: 0, page: 1, orders: [] });
    expect(Object.values(none.counts).every((count) => count === 0)).toBe(true);
  });

  it("shows an order's details to its owner only", async () => {
    const placed = await makeOrder(test.db, {
      userId: owner,
      paymentMethod: "stripe",
      couponId: coupon.id,
      discount: 150,
      deliveryCharge: 500,
      taxes: [{ name: "VAT", basis_points: 500 }, { name: "City tax", basis_points: 125 }],
      note: "Leave it with the porter",
      estimatedDeliveryDays: 3,
      createdAt: new Date("2026-03-01T10:00:00Z"),
      lines: [{ productId: shirt.id, quantity: 2, colorName: "Red", sizeName: "XL" }, { productId: mug.id, quantity: 1 }],
    });
    const order = await getOrder(test.db, owner, placed.id);
    expect(order).toMatchObject({
      id: placed.id,
      status: "Pending",
      payment_method: "stripe",
      payment_title: "Stripe",
      payment_status: "Pending",
      coupon_code: coupon.code,
      subtotal: placed.subtotal,
      discount: 150,
      delivery_charge: 500,
      tax_amount: placed.taxes[0].amount + placed.taxes[1].amount,
      payable: placed.payable,
      note: "Leave it with the porter",
      ship_name: "Amina Haddad",
      estimated_delivery_at: "2026-03-04T10:00:00.000Z",
      shop: { id: shirt.shop_id },
      can_cancel: true,
      can_pay: true,
    });
    expect(order!.items.map((i) => [i.product_id, i.quantity, i.color_name, i.size_name, i.line_total])).toEqual([
      [shirt.id, 2, "Red", "XL", order!.items[0].unit_price * 2],
      [mug.id, 1, null, null, order!.items[1].unit_price],
    ]);
    expect(order!.taxes).toEqual(expect.arrayContaining(placed.taxes));
    expect(order!.subtotal - order!.discount + order!.delivery_charge + order!.tax_amount).toBe(order!.payable);

    expect(await getOrder(test.db, stranger, placed.id)).toBeNull();
    expect(await getOrder(test.db, owner, placed.id + 1000)).toBeNull();

    const cash = await makeOrder(test.db, { userId: owner, lines: [{ productId: mug.id, quantity: 1 }] });
    expect(await getOrder(test.db, owner, cash.id)).toMatchObject({ payment_title: null, can_pay: false, coupon_code: null });
    const paid = await makeOrder(test.db, { userId: owner, status: "Confirm", paymentMethod: "test", paymentStatus: "Paid", lines: [{ productId: mug.id, quantity: 1 }] });
    expect(await getOrder(test.db, owner, paid.id)).toMatchObject({ payment_title: "Test Gateway", can_pay: false, can_cancel: false });
  });

  it("cancels a pending order: every item back in stock, off the sold count, and the coupon use given back", async () => {
    const before = { shirt: await product(shirt.id), mug: await product(mug.id), uses: await uses() };
    const placed = await makeOrder(test.db, {
      userId: owner,
      couponId: coupon.id,
      lines: [
        { productId: shirt.id, quantity: 2, colorName: "Red" },
        { productId: shirt.id, quantity: 1, colorName: "Blue" },
        { productId: mug.id, quantity: 4 },
      ],
    });
    expect(await product(shirt.id)).toEqual({ quantity: before.shirt.quantity - 3, total_sold: before.shirt.total_sold + 3 });
    expect(await uses()).toBe(before.uses + 1);

    await cancelOrder(test.db, owner, placed.id, new Date("2026-04-02T08:30:00Z"));

    expect(await product(shirt.id)).toEqual(before.shirt);
    expect(await product(mug.id)).toEqual(before.mug);
    expect(await uses()).toBe(before.uses);
    const order = await getOrder(test.db, owner, placed.id);
    expect(order).toMatchObject({ status: "Cancelled", cancelled_at: "2026-04-02T08:30:00.000Z", can_cancel: false, can_pay: false });
    expect((await listOrders(test.db, owner, { tab: "cancelled" })).orders.map((o) => o.id)).toEqual([placed.id]);
  });

  it("never takes the sold count or the coupon uses below zero", async () => {
    const placed = await makeOrder(test.db, { userId: owner, couponId: coupon.id, lines: [{ productId: mug.id, quantity: 3 }] });
    const stock = (await product(mug.id)).quantity;
    // Counts corrected by hand in the meantime (an import, an operator).
    await test.db.updateTable("products").set({ total_sold: 1 }).where("id", "=", mug.id).execute();
    await test.db.updateTable("coupon_usages").set({ uses: 0 }).where("coupon_id", "=", coupon.id).execute();

    await cancelOrder(test.db, owner, placed.id);

    expect(await product(mug.id)).toEqual({ quantity: stock + 3, total_sold: 0 });
    expect(await uses()).toBe(0);
  });

  it("refuses to cancel twice, an order past Pending, or someone else's order, and changes nothing", async () => {
    const placed = await makeOrder(test.db, { userId: owner, couponId: coupon.id, lines: [{ productId: shirt.id, quantity: 2 }] });
    await cancelOrder(test.db, owner, placed.id);
    const confirmed = await makeOrder(test.db, { userId: owner, status: "Confirm", couponId: coupon.id, lines: [{ productId: mug.id, quantity: 1 }] });
    const theirs = await makeOrder(test.db, { userId: stranger, lines: [{ productId: mug.id, quantity: 1 }] });
    const before = await snapshot();

    await expect(cancelOrder(test.db, owner, placed.id)).rejects.toThrow("orders:errors.notCancellable");
    await expect(cancelOrder(test.db, owner, confirmed.id)).rejects.toThrow(DomainError);
    await expect(cancelOrder(test.db, owner, theirs.id)).rejects.toThrow(OrderNotFoundError);
    await expect(cancelOrder(test.db, owner, theirs.id + 1000)).rejects.toThrow(OrderNotFoundError);

    expect(await snapshot()).toEqual(before);
    expect((await getOrder(test.db, owner, confirmed.id))?.status).toBe("Confirm");
    expect((await getOrder(test.db, stranger, theirs.id))?.status).toBe("Pending");
  });

  it("restocks once when the same order is cancelled twice at the same moment", async () => {
    const before = await product(shirt.id);
    const placed = await makeOrder(test.db, { userId: owner, lines: [{ productId: shirt.id, quantity: 2 }] });
    const results = await Promise.allSettled([cancelOrder(test.db, owner, placed.id), cancelOrder(test.db, owner, placed.id)]);
    expect(results.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
    expect(await product(shirt.id)).toEqual(before);
  });
});
