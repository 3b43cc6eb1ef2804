import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestDatabase, describeEachDatabase, type TestDatabase } from "../../../tests/integration/support/databases";
import { seedDatabase } from "~/db/seed";
import {
  countProductSitemaps,
  listPageEntries,
  listProductEntries,
  renderSitemapIndex,
  renderUrlSet,
  sitemapFiles,
} from "./sitemap.server";

describeEachDatabase("sitemap", (kind) => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase(kind);
    await seedDatabase(test.db);
  });
  afterAll(() => test?.drop());

  it("lists the lists, categories, active shops, flash sales, blogs and policy pages", async () => {
    const paths = (await listPageEntries(test.db)).map((e) => e.path);
    expect(paths).toEqual(expect.arrayContaining([
      "/", "/products", "/digital-products", "/most-popular", "/best-deal", "/categories", "/shops", "/blogs",
      "/contact-us", "/support", "/terms-and-conditions", "/privacy-policy", "/return-policy", "/about-us",
      "/page/shipping-policy", "/flash-sale/1", "/flash-sale/2", "/blog/how-to-spot-a-great-deal-online",
    ]));
    const shops = await test.db.selectFrom("shops").select("id").where("is_active", "=", 1).execute();
    expect(paths.filter((p) => /^\/shops\/\d+$/.test(p))).toHaveLength(shops.length);
    expect(paths.filter((p) => /^\/blog\//.test(p))).toHaveLength(12);
    expect(paths.some((p) => /^\/categories\/\d+\?subcategory=\d+$/.test(p))).toBe(true);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it("leaves out inactive shops and their products", async () => {
    await test.db.updateTable("shops").set({ is_active: 0 }).where("id", "=", 1).execute();
    try {
      expect((await listPageEntries(test.db)).map((e) => e.path)).not.toContain("/shops/1");
      const hidden = await test.db.selectFrom("products").select("id").where("shop_id", "=", 1).execute();
      const listed = new Set((await listProductEntries(test.db, 1)).map((e) => e.path));
      expect(hidden.some((p) => listed.has(`/products/${p.id}/details`))).toBe(false);
    } finally {
      await test.db.updateTable("shops").set({ is_active: 1 }).where("id", "=", 1).execute();
    }
  });

  it("puts every active product in the numbered product sitemaps", async () => {
    const active = await test.db.selectFrom("products as p").innerJoin("shops as s", "s.id", "p.shop_id")
      .select("p.id").where("p.is_active", "=", 1).where("s.is_active", "=", 1).execute();
    expect(await countProductSitemaps(test.db)).toBe(1);
    const first = await listProductEntries(test.db, 1);
    expect(first).toHaveLength(active.length);
    expect(first[0]).toEqual({ path: expect.stringMatching(/^\/products\/\d+\/details$/), lastmod: expect.stringMatching(/^\d{4}-/) });
    expect(await listProductEntries(test.db, 2)).toEqual([]);
    expect(await listProductEntries(test.db, 0)).toEqual([]);
  });
});

it("writes absolute, XML-escaped URLs", () => {
  const xml = renderUrlSet("https://shop.example", [
    { path: "/categories/3?subcategory=7" },
    { path: "/blog/a-post", lastmod: "2026-11-20T10:00:00.000Z" },
  ]);
  expect(xml).toContain("<loc>https://shop.example/categories/3?subcategory=7</loc>");
  expect(xml).not.toMatch(/&(?!amp;|lt;|gt;|quot;|apos;)/);
  expect(xml).toContain("<url><loc>https://shop.example/blog/a-post</loc><lastmod>2026-11-20T10:00:00.000Z</lastmod></url>");
  expect(renderUrlSet("https://shop.example", [{ path: "/x?a=1&b=<2>" }])).toContain("<loc>https://shop.example/x?a=1&amp;b=&lt;2&gt;</loc>");
});

it("indexes the pages sitemap and one sitemap per 50,000 products", () => {
  expect(sitemapFiles(3).map((f) => f.path)).toEqual([
    "/sitemaps/pages.xml", "/sitemaps/products-1.xml", "/sitemaps/products-2.xml", "/sitemaps/products-3.xml",
  ]);
  const xml = renderSitemapIndex("https://shop.example", sitemapFiles(1));
  expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<sitemapindex xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
  expect(xml).toContain("<sitemap><loc>https://shop.example/sitemaps/products-1.xml</loc></sitemap>");
});
