import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { createTestDatabase, describeEachDatabase, type TestDatabase } from "../../../tests/integration/support/databases";
import { makeOrder, stockedProduct } from "../../../tests/integration/support/orders";
import { seedDatabase } from "~/db/seed";
import { OrderNotFoundError } from "~/modules/orders/order-errors";
import { advanceOrder } from "~/modules/orders/order-lifecycle.server";
import { ORDER_FLOW } from "~/modules/orders/order-status";
import { decideReturn, getReturn, listReturns, requestReturn, returnableOrder, ReturnNotFoundError, type ReturnRequest } from "./returns.server";

describeEachDatabase("returns", (kind) => {
  let test: TestDatabase;
  const customer = 1;
  const otherCustomer = 2;
  let seller: { id: number; shop_id: number };
  let otherShop: number;
  let first: { id: number; shop_id: number };
  let second: { id: number; shop_id: number };
  const DAYS = 3;
  const delivery = new Date("2026-06-01T12:00:00Z");
  const inWindow = new Date("2026-06-03T12:00:00Z");

  const request = (quantities: Record<number, number>): ReturnRequest => ({
    quantities, reason: "The zip broke on the first day.", return_address: "1 Return Road, Springfield", bank_name: "First Bank", bank_account_number: "DE89370400440532013000",
  });
  const stock = async (id: number) => (await test.db.selectFrom("products").select("quantity").where("id", "=", id).executeTakeFirstOrThrow()).quantity;
  const itemsOf = (orderId: number) => test.db.selectFrom("order_items").select(["id", "product_id", "quantity", "unit_price"]).where("order_id", "=", orderId).orderBy("id").execute();

  /** An order of the seller's shop, moved to Delivered on `delivery`. */
  async function delivered() {
    const order = await makeOrder(test.db, { userId: customer, lines: [{ productId: first.id, quantity: 3 }, { productId: second.id, quantity: 1 }] });
    for (const status of ORDER_FLOW.slice(1)) await advanceOrder(test.db, { shopId: seller.shop_id }, seller.id, order.id, status, delivery);
    return order;
  }

  beforeAll(async () => {
    test = await createTestDatabase(kind);
    await seedDatabase(test.db, { products: 60 });
    seller = (await test.db.selectFrom("users").select(["id", "shop_id"]).where("email", "=", "seller@example.com").executeTakeFirstOrThrow()) as { id: number; shop_id: number };
    otherShop = (await test.db.selectFrom("users").select("shop_id").where("email", "=", "seller2@example.com").executeTakeFirstOrThrow()).shop_id!;
    first = await stockedProduct(test.db, { inShop: seller.shop_id });
    second = await stockedProduct(test.db, { inShop: seller.shop_id, notIn: [first.id] });
  });
  afterAll(() => test?.drop());
  beforeEach(async () => {
    await test.db.deleteFrom("return_orders").execute();
  });

  it("takes back chosen items and quantities within the window; the shop approves and refunds, restocking", async () => {
    const order = await delivered();
    const [shirt, mug] = await itemsOf(order.id);
    const before = await stock(first.id);
    const id = await requestReturn(test.db, customer, order.id, request({ [shirt.id]: 2, [mug.id]: 0 }), DAYS, inWindow);

    const mine = await getReturn(test.db, { userId: customer }, id);
    expect(mine).toMatchObject({ status: "Pending", amount: shirt.unit_price * 2, item_count: 2, decisions: [] });
    expect(mine!.items.map((item) => [item.order_item_id, item.quantity])).toEqual([[shirt.id, 2]]);
    expect((await listReturns(test.db, { userId: customer })).counts).toMatchObject({ pending: 1, approved: 0, refunded: 0 });

    const shop = { shopId: seller.shop_id };
    expect((await getReturn(test.db, shop, id))!.decisions).toEqual(["approve", "damaged", "mismatch", "reject"]);
    await expect(decideReturn(test.db, shop, id, "refund", null)).rejects.toThrow("returns:errors.notAllowed");
    expect(await decideReturn(test.db, shop, id, "approve", null)).toBe("Approved");
    await expect(decideReturn(test.db, shop, id, "approve", null)).rejects.toThrow("returns:errors.notAllowed");
    expect(await decideReturn(test.db, shop, id, "refund", null)).toBe("Refunded");
    expect(await stock(first.id)).toBe(before + 2);
    await expect(decideReturn(test.db, shop, id, "refund", null)).rejects.toThrow("returns:errors.notAllowed");
    expect(await stock(first.id)).toBe(before + 2);
    expect((await listReturns(test.db, { userId: customer }, { tab: "refunded" })).returns.map((row) => row.id)).toEqual([id]);
  });

  it("never returns an item twice, nor more than was bought, nor nothing", async () => {
    const order = await delivered();
    const [shirt, mug] = await itemsOf(order.id);
    await expect(requestReturn(test.db, customer, order.id, request({ [shirt.id]: 4 }), DAYS, inWindow)).rejects.toThrow("returns:errors.tooMany");
    await expect(requestReturn(test.db, customer, order.id, request({ [shirt.id]: 0 }), DAYS, inWindow)).rejects.toThrow("returns:errors.noItems");
    await expect(requestReturn(test.db, customer, order.id, request({ 999999: 1 }), DAYS, inWindow)).rejects.toThrow("returns:errors.noItems");
    await requestReturn(test.db, customer, order.id, request({ [shirt.id]: 1 }), DAYS, inWindow);
    await expect(requestReturn(test.db, customer, order.id, request({ [shirt.id]: 1 }), DAYS, inWindow)).rejects.toThrow("returns:errors.alreadyReturned");
    // The other item may still go back; then nothing is left.
    await requestReturn(test.db, customer, order.id, request({ [mug.id]: 1 }), DAYS, inWindow);
    expect((await returnableOrder(test.db, customer, order.id, DAYS, inWindow)).refusal).toBe("nothingLeft");
    expect(await test.db.selectFrom("return_orders").select("id").execute()).toHaveLength(2);
  });

  it("refuses outside the window, before delivery, and for someone else's order", async () => {
    const order = await delivered();
    const [shirt] = await itemsOf(order.id);
    const late = new Date(delivery.getTime() + (DAYS * 24 + 1) * 3600_000);
    await expect(requestReturn(test.db, customer, order.id, request({ [shirt.id]: 1 }), DAYS, late)).rejects.toThrow("returns:errors.windowClosed");
    const pending = await makeOrder(test.db, { userId: customer, lines: [{ productId: first.id, quantity: 1 }] });
    const [pendingItem] = await itemsOf(pending.id);
    await expect(requestReturn(test.db, customer, pending.id, request({ [pendingItem.id]: 1 }), DAYS, inWindow)).rejects.toThrow("returns:errors.notDelivered");
    await expect(requestReturn(test.db, otherCustomer, order.id, request({ [shirt.id]: 1 }), DAYS, inWindow)).rejects.toThrow(OrderNotFoundError);
    expect(await test.db.selectFrom("return_orders").select("id").execute()).toEqual([]);
  });

  it("shows a return only to its shopper, its shop and the admin; rejecting needs a note the shopper sees", async () => {
    const order = await delivered();
    const [shirt] = await itemsOf(order.id);
    const id = await requestReturn(test.db, customer, order.id, request({ [shirt.id]: 1 }), DAYS, inWindow);
    expect(await getReturn(test.db, { userId: otherCustomer }, id)).toBeNull();
    expect(await getReturn(test.db, { shopId: otherShop }, id)).toBeNull();
    await expect(decideReturn(test.db, { shopId: otherShop }, id, "approve", null)).rejects.toThrow(ReturnNotFoundError);
    await expect(decideReturn(test.db, { userId: customer }, id, "approve", null)).rejects.toThrow(ReturnNotFoundError);
    await expect(decideReturn(test.db, { everyShop: true }, id, "reject", "  ")).rejects.toThrow("returns:errors.noteRequired");
    expect(await decideReturn(test.db, { everyShop: true }, id, "reject", "The item shows wear.")).toBe("Cancelled");
    expect(await getReturn(test.db, { userId: customer }, id)).toMatchObject({ status: "Cancelled", shop_note: "The item shows wear." });
  });
});
