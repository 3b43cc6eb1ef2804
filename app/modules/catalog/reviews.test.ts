import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestDatabase, describeEachDatabase, type TestDatabase } from "../../../tests/integration/support/databases";
import { listReviews, ratingSummary, reviewsPage } from "./reviews.server";

describeEachDatabase("reviews", (kind) => {
  let test: TestDatabase;

  beforeAll(async () => {
    test = await createTestDatabase(kind);
    const db = test.db;
    await db.insertInto("categories").values({ id: 1, name: "Books", slug: "books", thumbnail: "/b.svg" }).execute();
    await db.insertInto("shops").values([
      { id: 1, name: "Page & Quill", slug: "page-quill", logo: "/l.svg", banner: "/b.svg" },
      { id: 2, name: "Quiet Shop", slug: "quiet-shop", logo: "/l.svg", banner: "/b.svg" },
    ]).execute();
    await db.insertInto("products").values([
      { id: 1, shop_id: 1, category_id: 1, name: "Atlas", slug: "atlas", code: "A-1", price: 1000 },
      { id: 2, shop_id: 1, category_id: 1, name: "Novel", slug: "novel", code: "A-2", price: 2000 },
      { id: 3, shop_id: 2, category_id: 1, name: "Poems", slug: "poems", code: "A-3", price: 500 },
    ]).execute();
    const day = (n: number) => new Date(Date.UTC(2026, 0, n)).toISOString();
    await db.insertInto("reviews").values([
      { product_id: 1, shop_id: 1, customer_name: "Ana B.", rating: 5, description: "Lovely", created_at: day(3), is_active: 1 },
      { product_id: 1, shop_id: 1, customer_name: "Ben C.", rating: 4, description: "Good", created_at: day(5), is_active: 1 },
      { product_id: 1, shop_id: 1, customer_name: "Cem D.", rating: 5, description: "Great", created_at: day(1), is_active: 1 },
      { product_id: 1, shop_id: 1, customer_name: "Dan E.", rating: 1, description: "Hidden", created_at: day(9), is_active: 0 },
      { product_id: 2, shop_id: 1, customer_name: "Eva F.", rating: 2, description: "Meh", created_at: day(7), is_active: 1 },
    ]).execute();
  });
  afterAll(() => test?.drop());

  it("sums up a product's active reviews: average, total and share of each star", async () => {
    expect(await ratingSummary(test.db, { productId: 1 })).toEqual({
      average: 4.7,
      total: 3,
      percentages: { 1: 0, 2: 0, 3: 0, 4: 33, 5: 67 },
    });
  });

  it("sums up all of a shop's products", async () => {
    expect(await ratingSummary(test.db, { shopId: 1 })).toEqual({
      average: 4,
      total: 4,
      percentages: { 1: 0, 2: 25, 3: 0, 4: 25, 5: 50 },
    });
  });

  it("answers zeros without reviews", async () => {
    expect(await ratingSummary(test.db, { productId: 3 })).toEqual({
      average: 0,
      total: 0,
      percentages: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 },
    });
    expect(await listReviews(test.db, { shopId: 2 }, { page: 1, perPage: 10 })).toEqual([]);
  });

  it("pages the reviews newest first and leaves hidden ones out", async () => {
    const first = await listReviews(test.db, { shopId: 1 }, { page: 1, perPage: 3 });
    expect(first.map((r) => r.customer_name)).toEqual(["Eva F.", "Ben C.", "Ana B."]);
    expect(first[0]).toEqual({ id: expect.any(Number), customer_name: "Eva F.", rating: 2, description: "Meh", created_at: expect.stringMatching(/^2026-01-07T/) });
    const second = await listReviews(test.db, { shopId: 1 }, { page: 2, perPage: 3 });
    expect(second.map((r) => r.customer_name)).toEqual(["Cem D."]);
    expect(await listReviews(test.db, { productId: 1 }, { page: 0, perPage: -1 })).toHaveLength(1);
  });

  it("gives a reviews section its summary and the asked page of reviews", async () => {
    const section = await reviewsPage(test.db, { shopId: 1 }, 1);
    expect(section.page).toBe(1);
    expect(section.summary).toEqual(await ratingSummary(test.db, { shopId: 1 }));
    expect(section.reviews.map((r) => r.customer_name)).toEqual(["Eva F.", "Ben C.", "Ana B.", "Cem D."]);
    expect((await reviewsPage(test.db, { shopId: 1 }, 2)).reviews).toEqual([]);
  });
});
