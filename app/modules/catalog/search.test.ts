import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, describeEachDatabase, type TestDatabase } from "../../../tests/integration/support/databases";
import { seedDatabase } from "~/db/seed";
import { listProducts } from "./products.server";
import { searchTerms } from "./search.server";

describe("searchTerms", () => {
  it("keeps only words: no quote, operator or punctuation of either engine survives", () => {
    expect(searchTerms(`'; DROP TABLE products; --`)).toEqual(["drop", "table", "products"]);
    expect(searchTerms(`"a" OR 1`)).toEqual(["a", "or", "1"]);
    expect(searchTerms(`name:lamp* NEAR(x) -foo & bar | !baz <-> qux:*`)).toEqual(["name", "lamp", "near", "x", "foo", "bar", "baz", "qux"]);
    expect(searchTerms("BZ-000123")).toEqual(["bz", "000123"]);
    expect(searchTerms("  Café  CAFÉ  ")).toEqual(["café"]);
    expect(searchTerms("مصباح طاولة")).toEqual(["مصباح", "طاولة"]);
    expect(searchTerms(`"'*()`)).toEqual([]);
    expect(searchTerms(null)).toEqual([]);
  });

  it("bounds the number and length of words", () => {
    expect(searchTerms("a b c d e f g h i j k")).toHaveLength(8);
    expect(searchTerms("x".repeat(100))[0]).toHaveLength(40);
  });
});

describeEachDatabase("product search", (kind) => {
  let test: TestDatabase;
  const search = (text: string, extra = {}) => listProducts(test.db, { search: text, per_page: 60, ...extra });

  let added = 0;
  async function addProduct(name: string, shortDescription: string) {
    const template = await test.db.selectFrom("products").selectAll().where("id", "=", 1).executeTakeFirstOrThrow();
    // PostgreSQL's generated search_vector column is written by the database alone.
    const { id: _id, search_vector: _vector, ...rest } = template as typeof template & { search_vector?: unknown };
    const slug = `${name.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-${added + 1}`;
    const row = await test.db.insertInto("products")
      .values({ ...rest, name, slug, code: `T-${++added}`, short_description: shortDescription, created_at: new Date().toISOString() })
      .returning("id").executeTakeFirstOrThrow();
    return row.id;
  }

  let inName: number;
  let inDescription: number;

  beforeAll(async () => {
    test = await createTestDatabase(kind);
    await seedDatabase(test.db);
    // Written after the seed, so the search index must follow inserts made at any time.
    inDescription = await addProduct("Plain Ceramic Vase", "Loved by every quokka keeper.");
    inName = await addProduct("Quokka Ceramic Vase", "A vase for the living room.");
  });
  afterAll(() => test?.drop());

  it("matches the start of a word: 'lam' finds the lamps", async () => {
    const named = (await test.db.selectFrom("products").select(["id", "name"]).where("is_active", "=", 1).execute())
      .filter((p) => /lam/i.test(p.name));
    const lamps = named.filter((p) => /\blam/i.test(p.name));
    expect(lamps.length).toBeGreaterThan(0);
    expect(named.some((p) => /headlamp/i.test(p.name))).toBe(true);
    const found = await search("lam");
    expect(found.total).toBeGreaterThanOrEqual(lamps.length);
    expect(found.products.map((p) => p.id)).toEqual(expect.arrayContaining(lamps.map((l) => l.id).slice(0, 10)));
    expect(found.products[0].name).toMatch(/\blam/i);
    // Only the start of a word: "Headlamp" does not begin with "lam".
    expect(found.products.some((p) => /headlamp/i.test(p.name))).toBe(false);
  });

  it("needs every word, in any order and case", async () => {
    const both = await search("VASE quok");
    expect(both.products.map((p) => p.id).sort()).toEqual([inName, inDescription].sort());
    expect((await search("quokka zzzunknown")).total).toBe(0);
  });

  it("ranks a match in the name before one in the short description", async () => {
    const found = await search("quokka");
    expect(found.products.map((p) => p.id)).toEqual([inName, inDescription]);
  });

  it("finds a product by its code", async () => {
    const found = await search("BZ-000123");
    expect(found.products[0]?.id).toBe(123);
    expect(found.total).toBe(1);
  });

  it("combines with the list's filters and sorts", async () => {
    const lamp = await test.db.selectFrom("products").select(["category_id"]).where("id", "=", (await search("lamp")).products[0].id).executeTakeFirstOrThrow();
    const inCategory = await search("lamp", { category_id: lamp.category_id });
    expect(inCategory.total).toBeGreaterThan(0);
    const elsewhere = await search("lamp", { category_id: lamp.category_id === 1 ? 2 : 1 });
    expect(inCategory.total + elsewhere.total).toBeLessThanOrEqual((await search("lamp")).total);
    const cheapFirst = await search("lamp", { sort: "price_low_high" });
    const prices = cheapFirst.products.map((p) => (p.discount_price > 0 && p.discount_price < p.price ? p.discount_price : p.price));
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
  });

  it("pages through many equally ranked matches, each listed once in id order, when the best-ranked are inactive", async () => {
    const ids: number[] = [];
    for (let i = 0; i < 80; i++) ids.push(await addProduct("Zebu Wool Blanket", "Warm."));
    // The first 65 of the equally ranked matches are hidden, so the best few the index offers list nothing.
    await test.db.updateTable("products").set({ is_active: 0 }).where("id", "in", ids.slice(0, 65)).execute();
    const listed = ids.slice(65);
    const pages = [];
    for (let page = 1; page <= 2; page++) pages.push(...(await listProducts(test.db, { search: "zebu", per_page: 10, page })).products.map((p) => p.id));
    expect(pages).toEqual(listed);
    expect((await listProducts(test.db, { search: "zebu", per_page: 10 })).total).toBe(15);
  });

  it("treats injection attempts as words: nothing breaks and nothing changes", async () => {
    const count = async () => Number((await test.db.selectFrom("products").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);
    const before = await count();
    for (const attempt of [`'; DROP TABLE products; --`, `"a" OR 1`, `') OR 1=1 --`, `lamp" OR "1"="1`, `*`, `NEAR(a b)`, `a:* | b`, `\\'; select pg_sleep(1); --`]) {
      const found = await search(attempt);
      expect(found.total).toBeGreaterThanOrEqual(0);
    }
    expect((await search(`'; DROP TABLE products; --`)).total).toBe(0);
    expect(await count()).toBe(before);
  });

  it("follows changes: a renamed product is found by its new name only; a deleted one is gone", async () => {
    const id = await addProduct("Wombat Lantern", "Bright.");
    await test.db.updateTable("products").set({ name: "Numbat Lantern" }).where("id", "=", id).execute();
    expect((await search("numbat")).products.map((p) => p.id)).toEqual([id]);
    expect((await search("wombat")).total).toBe(0);
    await test.db.deleteFrom("products").where("id", "=", id).execute();
    expect((await search("lantern numbat")).total).toBe(0);
  });

  it("keeps the search index in step with the products", async () => {
    if (kind === "sqlite") {
      await sql`INSERT INTO products_fts (products_fts) VALUES ('integrity-check')`.execute(test.db);
    } else {
      const { rows } = await sql<{ n: number }>`SELECT COUNT(*) AS n FROM products WHERE search_vector IS NULL`.execute(test.db);
      expect(Number(rows[0].n)).toBe(0);
    }
  });
});
