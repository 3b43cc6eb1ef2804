import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { createTestDatabase, describeEachDatabase, type TestDatabase } from "../../../tests/integration/support/databases";
import { makeOrder, stockedProduct } from "../../../tests/integration/support/orders";
import { seedDatabase } from "~/db/seed";
import type { OrderStatus } from "~/db/schema";
import { addToCart } from "~/modules/cart/cart.server";
import { checkCartChoice } from "~/modules/catalog/product-details.server";
import { addToWishlist } from "~/modules/wishlist/wishlist.server";
import { dashboardCounters } from "./dashboard.server";

describeEachDatabase("dashboard counters", (kind) => {
  let test: TestDatabase;
  const owner = 1; // the seed's demo customers
  const stranger = 2;
  let shirt: { id: number };
  let mug: { id: number };

  async function addToCartOf(userId: number, productId: number, quantity: number) {
    const result = await checkCartChoice(test.db, { product_id: String(productId), quantity: String(quantity) });
    if (!result.ok) throw new Error(`cannot add ${productId}: ${result.error.message}`);
    await addToCart(test.db, userId, result.choice, result.product);
  }

  beforeAll(async () => {
    test = await createTestDatabase(kind);
    await seedDatabase(test.db, { products: 60 });
    shirt = await stockedProduct(test.db);
    mug = await stockedProduct(test.db, { sameShopAs: shirt.id, notIn: [shirt.id] });
  });
  afterAll(() => test?.drop());
  beforeEach(async () => {
    for (const table of ["orders", "checkouts", "cart_items", "wishlist_items"] as const) await test.db.deleteFrom(table).execute();
  });

  it("are all zero for a new shopper", async () => {
    expect(await dashboardCounters(test.db, owner)).toEqual({ ongoingOrders: 0, productsOrdered: 0, inCart: 0, inWishlist: 0 });
  });

  it("count ongoing orders, units of orders not cancelled, units in the cart and products in the wishlist, of this shopper only", async () => {
    const ongoing: OrderStatus[] = ["Pending", "Confirm", "Processing", "Pickup", "On The Way"];
    for (const status of ongoing) await makeOrder(test.db, { userId: owner, status, lines: [{ productId: shirt.id, quantity: 1 }] });
    await makeOrder(test.db, { userId: owner, status: "Delivered", paymentStatus: "Paid", lines: [{ productId: shirt.id, quantity: 2 }, { productId: mug.id, quantity: 3 }] });
    await makeOrder(test.db, { userId: owner, status: "Cancelled", lines: [{ productId: mug.id, quantity: 7 }] });
    await makeOrder(test.db, { userId: stranger, status: "Pending", lines: [{ productId: mug.id, quantity: 4 }] });
    await addToCartOf(owner, shirt.id, 2);
    await addToCartOf(owner, mug.id, 1);
    await addToCartOf(stranger, mug.id, 5);
    await addToWishlist(test.db, owner, shirt.id);
    await addToWishlist(test.db, stranger, shirt.id);
    await addToWishlist(test.db, stranger, mug.id);

    expect(await dashboardCounters(test.db, owner)).toEqual({
      ongoingOrders: 5,
      productsOrdered: 5 + 2 + 3, // the cancelled order's 7 do not count
      inCart: 3,
      inWishlist: 1,
    });
    expect(await dashboardCounters(test.db, stranger)).toEqual({ ongoingOrders: 1, productsOrdered: 4, inCart: 5, inWishlist: 2 });
  });
});
