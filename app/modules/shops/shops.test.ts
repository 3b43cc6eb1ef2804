import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestDatabase, describeEachDatabase, type TestDatabase } from "../../../tests/integration/support/databases";
import { seedDatabase } from "~/db/seed";
import { findShop, listShopProducts, listShops } from "./shops.server";

describeEachDatabase("shops", (kind) => {
  let test: TestDatabase;

  beforeAll(async () => {
    test = await createTestDatabase(kind);
    await seedDatabase(test.db);
  });
  afterAll(() => test?.drop());

  it("lists active shops best rated first, with their active product and category counts", async () => {
    const { total, shops } = await listShops(test.db, { page: 1, perPage: 5 });
    expect(total).toBe(12);
    expect(shops).toHaveLength(5);
    const ratings = shops.map((s) => s.rating);
    expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
    for (const shop of shops) {
      const products = await test.db.selectFrom("products").select("category_id")
        .where("shop_id", "=", shop.id).where("is_active", "=", 1).execute();
      expect(shop.total_products).toBe(products.length);
      expect(shop.total_categories).toBe(new Set(products.map((p) => p.category_id)).size);
      expect(shop).toMatchObject({ logo: expect.stringMatching(/^\/media\//), banner: expect.stringMatching(/^\/media\//) });
    }
    const last = await listShops(test.db, { page: 3, perPage: 5 });
    expect(last.shops).toHaveLength(2);
    expect(new Set([...shops, ...last.shops].map((s) => s.id)).size).toBe(7);
  });

  it("leaves inactive shops and products out", async () => {
    const { shops } = await listShops(test.db, { page: 1, perPage: 1 });
    const top = shops[0];
    const product = await test.db.selectFrom("products").select("id").where("shop_id", "=", top.id).executeTakeFirstOrThrow();
    await test.db.updateTable("products").set({ is_active: 0 }).where("id", "=", product.id).execute();
    expect((await findShop(test.db, top.id))!.total_products).toBe(top.total_products - 1);
    await test.db.updateTable("products").set({ is_active: 1 }).where("id", "=", product.id).execute();

    await test.db.updateTable("shops").set({ is_active: 0 }).where("id", "=", top.id).execute();
    expect(await findShop(test.db, top.id)).toBeNull();
    const after = await listShops(test.db, { page: 1, perPage: 20 });
    expect(after.total).toBe(11);
    expect(after.shops.map((s) => s.id)).not.toContain(top.id);
    await test.db.updateTable("shops").set({ is_active: 1 }).where("id", "=", top.id).execute();
  });

  it("finds one shop with its description, and null for unknown ids", async () => {
    const shop = (await findShop(test.db, 1))!;
    expect(shop).toMatchObject({ id: 1, name: expect.any(String), description: expect.stringContaining(shop.name) });
    expect(shop.total_products).toBeGreaterThan(0);
    expect(await findShop(test.db, 9999)).toBeNull();
    expect(await findShop(test.db, -1)).toBeNull();
  });

  it("pages a shop's products newest first and searches their names with the text bound", async () => {
    const shop = (await findShop(test.db, 1))!;
    const first = await listShopProducts(test.db, 1, { page: 1, perPage: 12 });
    expect(first.total).toBe(shop.total_products);
    expect(first.products).toHaveLength(Math.min(12, shop.total_products));
    expect(new Set(first.products.map((p) => p.shop_name))).toEqual(new Set([shop.name]));
    const created = await test.db.selectFrom("products").select(["id", "created_at"]).where("id", "in", first.products.map((p) => p.id)).execute();
    const dates = first.products.map((p) => created.find((c) => c.id === p.id)!.created_at);
    expect(dates).toEqual([...dates].sort().reverse());

    const word = first.products[0].name.split(" ").at(-1)!;
    const found = await listShopProducts(test.db, 1, { search: `  ${word.toUpperCase()} `, page: 1 });
    expect(found.total).toBeGreaterThan(0);
    expect(found.products.every((p) => p.name.toLowerCase().includes(word.toLowerCase()))).toBe(true);

    expect((await listShopProducts(test.db, 1, { search: "%", page: 1 })).total).toBe(0);
    expect((await listShopProducts(test.db, 1, { search: "_", page: 1 })).total).toBe(0);
    expect((await listShopProducts(test.db, 1, { search: "'; drop table products; --", page: 1 })).total).toBe(0);
    expect((await listShopProducts(test.db, 1, { page: 999 })).products).toEqual([]);
  });
});
