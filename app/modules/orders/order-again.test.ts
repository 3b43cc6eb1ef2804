import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { createTestDatabase, describeEachDatabase, type TestDatabase } from "../../../tests/integration/support/databases";
import { makeOrder, stockedProduct } from "../../../tests/integration/support/orders";
import { seedDatabase } from "~/db/seed";
import { addToCart, readCart } from "~/modules/cart/cart.server";
import { checkCartChoice } from "~/modules/catalog/product-details.server";
import { orderAgain } from "./order-again.server";
import { OrderNotFoundError } from "./order-errors";

describeEachDatabase("order again", (kind) => {
  let test: TestDatabase;
  const customer = 1;
  let first: { id: number; shop_id: number; name: string };
  let second: { id: number; shop_id: number; name: string };

  beforeAll(async () => {
    test = await createTestDatabase(kind);
    await seedDatabase(test.db, { products: 60 });
    first = await stockedProduct(test.db);
    second = await stockedProduct(test.db, { sameShopAs: first.id, notIn: [first.id] });
  });
  afterAll(() => test?.drop());
  beforeEach(async () => {
    await test.db.deleteFrom("cart_items").execute();
    await test.db.updateTable("products").set({ is_active: 1 }).where("id", "in", [first.id, second.id]).execute();
  });

  const delivered = () =>
    makeOrder(test.db, { userId: customer, status: "Delivered", lines: [{ productId: first.id, quantity: 2 }, { productId: second.id, quantity: 1 }] });

  it("puts every item of a delivered order in the cart at today's price", async () => {
    const order = await delivered();
    await test.db.updateTable("products").set({ price: 12_345, discount_price: 0 }).where("id", "=", first.id).execute();
    expect(await orderAgain(test.db, customer, order.id)).toEqual({ added: 2, unavailable: [] });
    const cart = await readCart(test.db, customer);
    const lines = cart.groups.flatMap((group) => group.lines);
    expect(lines.map((line) => [line.product_id, line.quantity]).sort()).toEqual([[first.id, 2], [second.id, 1]].sort());
    // Today's price: what Add to Cart gives another shopper now, not what the order paid.
    const today = await checkCartChoice(test.db, { product_id: String(first.id), quantity: "1" });
    if (!today.ok) throw new Error("the product can be added");
    await addToCart(test.db, 2, today.choice, today.product);
    const todays = (await readCart(test.db, 2)).groups[0].lines[0].unit_price;
    expect(todays).not.toBe(order.items.find((item) => item.productId === first.id)!.unitPrice);
    expect(lines.find((line) => line.product_id === first.id)!.unit_price).toBe(todays);
  });

  it("names an item that is gone instead of dropping it, and adds the rest", async () => {
    const order = await delivered();
    await test.db.updateTable("products").set({ is_active: 0 }).where("id", "=", second.id).execute();
    expect(await orderAgain(test.db, customer, order.id)).toEqual({ added: 1, unavailable: [second.name] });
    await test.db.updateTable("products").set({ is_active: 0 }).where("id", "=", first.id).execute();
    await test.db.deleteFrom("cart_items").execute();
    expect(await orderAgain(test.db, customer, order.id)).toEqual({ added: 0, unavailable: [first.name, second.name] });
    expect((await readCart(test.db, customer)).count).toBe(0);
  });

  it("refuses an order that is not delivered, and another shopper's order, changing nothing", async () => {
    const pending = await makeOrder(test.db, { userId: customer, lines: [{ productId: first.id, quantity: 1 }] });
    await expect(orderAgain(test.db, customer, pending.id)).rejects.toThrow("orders:again.notDelivered");
    const order = await delivered();
    await expect(orderAgain(test.db, 2, order.id)).rejects.toThrow(OrderNotFoundError);
    expect((await readCart(test.db, customer)).count).toBe(0);
    expect((await readCart(test.db, 2)).count).toBe(0);
  });
});
