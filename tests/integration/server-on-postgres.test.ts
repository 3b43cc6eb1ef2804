import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, postgresUp, type TestDatabase } from "./support/databases";
import { built, startServer, type RunningServer } from "./support/server";

describe.skipIf(!postgresUp || !built)("the shop on PostgreSQL (DATABASE_URL)", () => {
  let database: TestDatabase;
  let server: RunningServer;
  let base: string;

  beforeAll(async () => {
    database = await createTestDatabase("postgres");
    server = await startServer({ DATABASE_URL: database.url, SESSION_SECRET: "pg-test" });
    base = server.base;
  }, 120_000);

  afterAll(async () => {
    server?.stop();
    await database?.drop();
  });

  it("migrates and seeds the empty database at start", async () => {
    const products = await database.db.selectFrom("products").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    const shops = await database.db.selectFrom("shops").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    expect(Number(products.n)).toBe(400);
    expect(Number(shops.n)).toBeGreaterThanOrEqual(12);
    expect(server.log()).toContain("Demo marketplace seeded");
  });

  it("serves the home page from PostgreSQL", async () => {
    const response = await fetch(`${base}/`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("<title>Home - Bazaar</title>");
    expect(html).toContain("Popular Products");
    const category = await database.db.selectFrom("categories").select("name").orderBy("sort").orderBy("id").executeTakeFirstOrThrow();
    expect(html).toContain(category.name.replace(/&/g, "&amp;"));
    expect(html).toMatch(/\$[\d,]+\.\d{2}/);
  });

  it("answers 404 for an unknown path", async () => {
    const response = await fetch(`${base}/no-such-page`);
    expect(response.status).toBe(404);
    expect(await response.text()).toContain("Page Not Found");
  });
});
