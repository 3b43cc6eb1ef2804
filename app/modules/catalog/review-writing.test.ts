import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestDatabase, describeEachDatabase, type TestDatabase } from "../../../tests/integration/support/databases";
import { makeOrder, stockedProduct } from "../../../tests/integration/support/orders";
import { seedDatabase } from "~/db/seed";
import { DomainError } from "~/lib/domain-error";
import { getSettings } from "~/modules/settings/settings.server";
import { reviewSchema } from "./review.schema";
import { ratingSummary, ReviewItemNotFoundError, writeReview } from "./reviews.server";

describeEachDatabase("writing a review", (kind) => {
  let test: TestDatabase;
  const customer = { id: 1, name: "Demo Customer" };
  const other = { id: 2, name: "Second Customer" };
  let product: { id: number; shop_id: number };

  beforeAll(async () => {
    test = await createTestDatabase(kind);
    await seedDatabase(test.db, { products: 60 });
    product = await stockedProduct(test.db);
  });
  afterAll(() => test?.drop());

  const itemOf = async (orderId: number) =>
    (await test.db.selectFrom("order_items").select("id").where("order_id", "=", orderId).executeTakeFirstOrThrow()).id;
  const stored = (table: "products" | "shops", id: number) =>
    test.db.selectFrom(table).select(["rating", "total_reviews"]).where("id", "=", id).executeTakeFirstOrThrow();

  it("publishes a review of a delivered item once, updating the product's and the shop's rating at once", async () => {
    const order = await makeOrder(test.db, { userId: customer.id, status: "Delivered", lines: [{ productId: product.id, quantity: 1 }] });
    const item = await itemOf(order.id);
    const before = await ratingSummary(test.db, { productId: product.id });
    const settingsBefore = await getSettings(test.db);

    await writeReview(test.db, customer, order.id, item, { rating: 1, description: "Broke on day one." });
    const after = await ratingSummary(test.db, { productId: product.id });
    expect(after.total).toBe(before.total + 1);
    expect(await stored("products", product.id)).toEqual({ rating: after.average, total_reviews: after.total });
    const shop = await ratingSummary(test.db, { shopId: product.shop_id });
    expect(await stored("shops", product.shop_id)).toEqual({ rating: shop.average, total_reviews: shop.total });
    // The settings stamp (and with it the guest page cache) moved on.
    expect(await getSettings(test.db)).not.toBe(settingsBefore);

    await expect(writeReview(test.db, customer, order.id, item, { rating: 5, description: "" })).rejects.toThrow("orders:review.errors.already");
    expect((await ratingSummary(test.db, { productId: product.id })).total).toBe(after.total);
  });

  it("refuses an undelivered item, and another shopper's item as not found", async () => {
    const pending = await makeOrder(test.db, { userId: customer.id, lines: [{ productId: product.id, quantity: 1 }] });
    await expect(writeReview(test.db, customer, pending.id, await itemOf(pending.id), { rating: 4, description: "" })).rejects.toThrow(
      "orders:review.errors.notDelivered",
    );
    const delivered = await makeOrder(test.db, { userId: customer.id, status: "Delivered", lines: [{ productId: product.id, quantity: 1 }] });
    await expect(writeReview(test.db, other, delivered.id, await itemOf(delivered.id), { rating: 4, description: "" })).rejects.toThrow(ReviewItemNotFoundError);
    // An item of another order under this order's number.
    await expect(writeReview(test.db, customer, pending.id, await itemOf(delivered.id), { rating: 4, description: "" })).rejects.toThrow(DomainError);
    const reviews = await test.db.selectFrom("reviews").select("id").where("order_item_id", "in", [await itemOf(pending.id), await itemOf(delivered.id)]).execute();
    expect(reviews).toEqual([]);
  });

  it("takes 1 to 5 whole stars and at most 1,000 characters", () => {
    for (const rating of ["", "0", "6", "2.5", "five"]) expect(reviewSchema.safeParse({ rating }).success).toBe(false);
    expect(reviewSchema.safeParse({ rating: "3", description: "x".repeat(1001) }).success).toBe(false);
    expect(reviewSchema.parse({ rating: "3", description: "  Good.  " })).toEqual({ rating: 3, description: "Good." });
  });
});
