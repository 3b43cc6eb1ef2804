import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { createTestDatabase, describeEachDatabase, type TestDatabase } from "../../../tests/integration/support/databases";
import { makeOrder, stockedProduct } from "../../../tests/integration/support/orders";
import { seedDatabase } from "~/db/seed";
import { DomainError } from "~/lib/domain-error";
import { advanceOrder, cancelOrderInScope, takeOrderNews } from "./order-lifecycle.server";
import { ORDER_FLOW } from "./order-status";
import { getOrder, getOrderInScope, listOrdersInScope, OrderNotFoundError } from "./orders.server";

describeEachDatabase("order lifecycle", (kind) => {
  let test: TestDatabase;
  const customer = 1;
  const otherCustomer = 2;
  let seller: { id: number; shop_id: number };
  let otherSeller: { id: number; shop_id: number };
  let admin: number;
  let product: { id: number; shop_id: number };

  const staff = (email: string) =>
    test.db.selectFrom("users").select(["id", "shop_id"]).where("email", "=", email).executeTakeFirstOrThrow() as Promise<{ id: number; shop_id: number }>;
  const order = (id: number) => test.db.selectFrom("orders").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const stock = async () => (await test.db.selectFrom("products").select("quantity").where("id", "=", product.id).executeTakeFirstOrThrow()).quantity;

  beforeAll(async () => {
    test = await createTestDatabase(kind);
    await seedDatabase(test.db, { products: 60 });
    seller = await staff("seller@example.com");
    otherSeller = await staff("seller2@example.com");
    admin = (await staff("admin@example.com")).id;
    const firstShopProduct = await test.db.selectFrom("products").select(["id", "shop_id"]).where("shop_id", "=", seller.shop_id).where("quantity", ">=", 10).orderBy("id").executeTakeFirst();
    product = firstShopProduct ?? (await stockedProduct(test.db));
  });
  afterAll(() => test?.drop());
  beforeEach(async () => {
    await test.db.deleteFrom("orders").execute();
    await test.db.deleteFrom("checkouts").execute();
  });

  const place = (paymentMethod = "cash") =>
    makeOrder(test.db, { userId: customer, paymentMethod, lines: [{ productId: product.id, quantity: 2 }] });

  it("moves an order one step at a time to Delivered, recording each step; cash becomes Paid on delivery", async () => {
    expect(product.shop_id).toBe(seller.shop_id);
    const placed = await place();
    const scope = { shopId: seller.shop_id };
    for (const status of ORDER_FLOW.slice(1)) {
      expect((await order(placed.id)).payment_status).toBe("Pending");
      await advanceOrder(test.db, scope, seller.id, placed.id, status, new Date(`2026-05-0${ORDER_FLOW.indexOf(status)}T10:00:00Z`));
      expect((await order(placed.id)).status).toBe(status);
    }
    const delivered = await order(placed.id);
    expect(delivered.payment_status).toBe("Paid");
    expect(delivered.delivered_at).toBe("2026-05-05T10:00:00.000Z");

    const seen = await getOrder(test.db, customer, placed.id);
    expect(seen!.timeline.map((event) => event.status)).toEqual([...ORDER_FLOW]);
    expect(seen!.timeline.at(-1)!.at).toBe("2026-05-05T10:00:00.000Z");
    expect(seen!.next_status).toBeNull(); // the shopper moves nothing
  });

  it("refuses a skipped, repeated or backward step, changing nothing", async () => {
    const placed = await place();
    const scope = { shopId: seller.shop_id };
    await expect(advanceOrder(test.db, scope, seller.id, placed.id, "Processing")).rejects.toThrow("console:orders.errors.notNext");
    await expect(advanceOrder(test.db, scope, seller.id, placed.id, "Pending")).rejects.toThrow(DomainError);
    await advanceOrder(test.db, scope, seller.id, placed.id, "Confirm");
    // A double post: the second is refused and the order moved once.
    await expect(advanceOrder(test.db, scope, seller.id, placed.id, "Confirm")).rejects.toThrow("console:orders.errors.notNext");
    await expect(advanceOrder(test.db, scope, seller.id, placed.id, "Pending")).rejects.toThrow(DomainError);
    expect((await order(placed.id)).status).toBe("Confirm");
    const events = await test.db.selectFrom("order_events").select("status").where("order_id", "=", placed.id).orderBy("id").execute();
    expect(events.map((event) => event.status)).toEqual(["Pending", "Confirm"]);
  });

  it("lets one of two simultaneous identical steps through", async () => {
    const placed = await place();
    const scope = { shopId: seller.shop_id };
    const results = await Promise.allSettled([
      advanceOrder(test.db, scope, seller.id, placed.id, "Confirm"),
      advanceOrder(test.db, scope, seller.id, placed.id, "Confirm"),
    ]);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    expect(await test.db.selectFrom("order_events").select("id").where("order_id", "=", placed.id).where("status", "=", "Confirm").execute()).toHaveLength(1);
  });

  it("shows and moves an order only within its shop (the admin: every shop); others get not found", async () => {
    const placed = await place();
    await expect(advanceOrder(test.db, { shopId: otherSeller.shop_id }, otherSeller.id, placed.id, "Confirm")).rejects.toThrow(OrderNotFoundError);
    await expect(cancelOrderInScope(test.db, { shopId: otherSeller.shop_id }, otherSeller.id, placed.id)).rejects.toThrow(OrderNotFoundError);
    await expect(cancelOrderInScope(test.db, { userId: otherCustomer }, otherCustomer, placed.id)).rejects.toThrow(OrderNotFoundError);
    expect(await getOrderInScope(test.db, { shopId: otherSeller.shop_id }, placed.id)).toBeNull();
    expect((await listOrdersInScope(test.db, { shopId: otherSeller.shop_id })).counts.all).toBe(0);
    expect((await order(placed.id)).status).toBe("Pending");

    const mine = await listOrdersInScope(test.db, { shopId: seller.shop_id }, { orderNumber: placed.id });
    expect(mine.orders.map((row) => [row.id, row.customer_name])).toEqual([[placed.id, "Demo Customer"]]);
    expect((await listOrdersInScope(test.db, { shopId: seller.shop_id }, { orderNumber: placed.id + 1 })).total).toBe(0);
    const shown = await getOrderInScope(test.db, { shopId: seller.shop_id }, placed.id);
    expect(shown).toMatchObject({ next_status: "Confirm", can_cancel: true, customer: { name: "Demo Customer", email: "customer@example.com" } });

    await advanceOrder(test.db, { everyShop: true }, admin, placed.id, "Confirm");
    expect((await order(placed.id)).status).toBe("Confirm");
  });

  it("lets the shop cancel until Delivered, restocking once; the shopper only while Pending", async () => {
    const before = await stock();
    const placed = await place();
    expect(await stock()).toBe(before - 2);
    await advanceOrder(test.db, { shopId: seller.shop_id }, seller.id, placed.id, "Confirm");
    await expect(cancelOrderInScope(test.db, { userId: customer }, customer, placed.id)).rejects.toThrow("orders:errors.notCancellable");
    await cancelOrderInScope(test.db, { shopId: seller.shop_id }, seller.id, placed.id);
    expect((await order(placed.id)).status).toBe("Cancelled");
    expect(await stock()).toBe(before);
    await expect(cancelOrderInScope(test.db, { shopId: seller.shop_id }, seller.id, placed.id)).rejects.toThrow("orders:errors.notCancellable");
    await expect(advanceOrder(test.db, { shopId: seller.shop_id }, seller.id, placed.id, "Processing")).rejects.toThrow(DomainError);
    expect(await stock()).toBe(before);

    const delivered = await place();
    for (const status of ORDER_FLOW.slice(1)) await advanceOrder(test.db, { shopId: seller.shop_id }, seller.id, delivered.id, status);
    await expect(cancelOrderInScope(test.db, { shopId: seller.shop_id }, seller.id, delivered.id)).rejects.toThrow("orders:errors.notCancellable");
    expect((await getOrderInScope(test.db, { shopId: seller.shop_id }, delivered.id))!.can_cancel).toBe(false);
  });

  it("tells the shopper once what the shop did, and nothing of what they did themselves", async () => {
    await test.db.deleteFrom("order_events").execute();
    const first = await place();
    const second = await place();
    await cancelOrderInScope(test.db, { userId: customer }, customer, second.id);
    await advanceOrder(test.db, { shopId: seller.shop_id }, seller.id, first.id, "Confirm");
    await advanceOrder(test.db, { shopId: seller.shop_id }, seller.id, first.id, "Processing");
    expect(await takeOrderNews(test.db, otherCustomer)).toEqual([]);
    expect(await takeOrderNews(test.db, customer)).toEqual([
      { order_id: first.id, status: "Confirm" },
      { order_id: first.id, status: "Processing" },
    ]);
    expect(await takeOrderNews(test.db, customer)).toEqual([]);
  });
});
