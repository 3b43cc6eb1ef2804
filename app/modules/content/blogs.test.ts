import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestDatabase, describeEachDatabase, type TestDatabase } from "../../../tests/integration/support/databases";
import { seedDatabase } from "~/db/seed";
import {
  DailyReaders,
  findBlog,
  listBlogCategories,
  listBlogPage,
  listBlogProducts,
  listPopularBlogs,
  listRelatedBlogs,
  recordBlogView,
} from "./blogs.server";

describeEachDatabase("blogs", (kind) => {
  let test: TestDatabase;
  let slugs: string[];

  beforeAll(async () => {
    test = await createTestDatabase(kind);
    await seedDatabase(test.db);
    slugs = (await test.db.selectFrom("blogs").select("slug").orderBy("id").execute()).map((b) => b.slug);
  });
  afterAll(() => test?.drop());

  it("counts the active posts of every category", async () => {
    const categories = await listBlogCategories(test.db);
    expect(categories.map((c) => c.name)).toEqual(["Home & Living", "Shopping Guides", "Style & Trends", "Tech Talk"]);
    for (const category of categories) {
      const row = await test.db.selectFrom("blogs").select((eb) => eb.fn.countAll<number>().as("n"))
        .where("category_id", "=", category.id).where("is_active", "=", 1).executeTakeFirstOrThrow();
      expect(category.total).toBe(Number(row.n));
    }
    expect(categories.reduce((sum, c) => sum + c.total, 0)).toBe(12);
  });

  it("pages the posts newest first, keeping the page within range", async () => {
    const first = await listBlogPage(test.db, { page: 1 });
    expect(first).toMatchObject({ total: 12, page: 1, perPage: 10, category: null });
    expect(first.blogs).toHaveLength(10);
    const dates = first.blogs.map((b) => b.created_at);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(first.blogs[0]).toMatchObject({ is_new: true, category: { name: expect.any(String), slug: expect.any(String) } });

    const second = await listBlogPage(test.db, { page: 2 });
    expect(second.blogs).toHaveLength(2);
    expect(second.blogs.map((b) => b.id)).not.toContain(first.blogs[0].id);
    expect((await listBlogPage(test.db, { page: 99 })).page).toBe(2);
    expect((await listBlogPage(test.db, { page: -3 })).page).toBe(1);
  });

  it("filters by category slug and ignores an unknown one", async () => {
    const filtered = await listBlogPage(test.db, { category: "tech-talk", page: 1 });
    expect(filtered.category).toMatchObject({ name: "Tech Talk", slug: "tech-talk" });
    expect(filtered.total).toBeGreaterThan(0);
    expect(filtered.blogs.every((b) => b.category.slug === "tech-talk")).toBe(true);

    const unknown = await listBlogPage(test.db, { category: "no-such-category' OR 1=1 --", page: 1 });
    expect(unknown).toMatchObject({ total: 12, category: null });
  });

  it("opens an active post with its author, paragraphs and tags; unknown or inactive is null", async () => {
    const blog = await findBlog(test.db, slugs[0]);
    expect(blog).toMatchObject({
      title: "How to Spot a Great Deal Online",
      author_name: "Grace Walker",
      author_photo: expect.stringMatching(/^\/media\/seed\/avatar\//),
      tags: ["deals", "shopping tips"],
      category: { name: "Shopping Guides", slug: "shopping-guides" },
    });
    expect(blog!.paragraphs.length).toBeGreaterThanOrEqual(3);
    expect(blog!.paragraphs.every((p) => p.length > 0 && !p.includes("\n\n"))).toBe(true);

    expect(await findBlog(test.db, "no-such-post")).toBeNull();
    await test.db.updateTable("blogs").set({ is_active: 0 }).where("slug", "=", slugs[1]).execute();
    try {
      expect(await findBlog(test.db, slugs[1])).toBeNull();
      expect((await listBlogPage(test.db, { page: 1, perPage: 50 })).blogs.map((b) => b.slug)).not.toContain(slugs[1]);
      expect((await listPopularBlogs(test.db, { limit: 50 })).map((b) => b.slug)).not.toContain(slugs[1]);
    } finally {
      await test.db.updateTable("blogs").set({ is_active: 1 }).where("slug", "=", slugs[1]).execute();
    }
  });

  it("relates posts of the same category and ranks popular ones by views", async () => {
    const blog = (await findBlog(test.db, slugs[0]))!;
    const related = await listRelatedBlogs(test.db, blog);
    expect(related.length).toBeGreaterThan(0);
    expect(related.length).toBeLessThanOrEqual(3);
    expect(related.every((b) => b.category.id === blog.category.id && b.id !== blog.id)).toBe(true);

    const popular = await listPopularBlogs(test.db, { exceptId: blog.id });
    expect(popular).toHaveLength(4);
    expect(popular.map((b) => b.id)).not.toContain(blog.id);
    const views = popular.map((b) => b.total_views);
    expect([...views].sort((a, b) => b - a)).toEqual(views);
  });

  it("shows the post's active products as product cards", async () => {
    const blog = (await findBlog(test.db, slugs[0]))!;
    const linked = await test.db.selectFrom("blog_products").select("product_id").where("blog_id", "=", blog.id).execute();
    const products = await listBlogProducts(test.db, blog.id);
    expect(products.map((p) => p.id).sort()).toEqual(linked.map((l) => l.product_id).sort());
    expect(products[0]).toEqual({
      id: expect.any(Number),
      name: expect.any(String),
      thumbnail: expect.any(String),
      thumbnail_alt: expect.any(String),
      price: expect.any(Number),
      discount_price: expect.any(Number),
      rating: expect.any(Number),
      total_reviews: expect.any(Number),
      is_digital: expect.any(Boolean),
      shop_name: expect.any(String),
      // Cards carry a running flash sale's price like every other product card.
      flash_price: null,
      flash_sale_id: null,
    });

    const hidden = products[0].id;
    await test.db.updateTable("products").set({ is_active: 0 }).where("id", "=", hidden).execute();
    try {
      expect((await listBlogProducts(test.db, blog.id)).map((p) => p.id)).not.toContain(hidden);
    } finally {
      await test.db.updateTable("products").set({ is_active: 1 }).where("id", "=", hidden).execute();
    }
  });

  it("counts a view once per visitor, post and day", async () => {
    const readers = new DailyReaders();
    const blog = (await findBlog(test.db, slugs[2]))!;
    const views = async () => (await findBlog(test.db, slugs[2]))!.total_views;

    expect(await recordBlogView(test.db, { blogId: blog.id, visitor: "203.0.113.7" }, readers)).toBe(true);
    expect(await recordBlogView(test.db, { blogId: blog.id, visitor: "203.0.113.7" }, readers)).toBe(false);
    expect(await recordBlogView(test.db, { blogId: blog.id, visitor: "2001:db8::1" }, readers)).toBe(true);
    expect(await views()).toBe(blog.total_views + 2);
  });
});

it("forgets yesterday's readers and never holds more than its limit", () => {
  const readers = new DailyReaders(2);
  const monday = new Date("2026-11-23T10:00:00Z");
  const tuesday = new Date("2026-11-24T00:00:01Z");
  expect(readers.firstVisit(1, "a", monday)).toBe(true);
  expect(readers.firstVisit(1, "a", monday)).toBe(false);
  expect(readers.firstVisit(2, "a", monday)).toBe(true);
  expect(readers.firstVisit(1, "a", tuesday)).toBe(true);

  // Full (two entries): the log starts over rather than grow, so "a" may be counted a second time that day.
  expect(readers.firstVisit(1, "b", tuesday)).toBe(true);
  expect(readers.firstVisit(1, "c", tuesday)).toBe(true);
  expect(readers.firstVisit(1, "a", tuesday)).toBe(true);
});
