import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, describeEachDatabase, type TestDatabase } from "../../../tests/integration/support/databases";
import { seedDatabase } from "~/db/seed";
import {
  checkCartChoice,
  countProductView,
  flushProductViews,
  findProductDetails,
  listRelatedProducts,
} from "./product-details.server";
import { priceForChoice, resolveChosenOptions, resolveQuantity, type ProductOptions } from "./product-options";

const options: ProductOptions = {
  colors: [
    { id: 3, name: "Red", color_code: "#f00", price: 0 },
    { id: 5, name: "Blue", color_code: "#00f", price: 200 },
  ],
  sizes: [
    { id: 1, name: "S", price: 0 },
    { id: 4, name: "XL", price: 400 },
  ],
  units: [],
};

describe("chosen options", () => {
  it("keeps ids the product offers and falls back to the cheapest option for unknown or malformed ones", () => {
    expect(resolveChosenOptions(options, { color: "5", size: "4", unit: "2" })).toEqual({ color: 5, size: 4, unit: null });
    expect(resolveChosenOptions(options, { color: "999", size: "abc" })).toEqual({ color: 3, size: 1, unit: null });
    expect(resolveChosenOptions(options, { color: "5.5", size: "-4" })).toEqual({ color: 3, size: 1, unit: null });
    expect(resolveChosenOptions(options, {})).toEqual({ color: 3, size: 1, unit: null });
    const dearFirst = { ...options, colors: [{ ...options.colors[1] }, { ...options.colors[0] }] };
    expect(resolveChosenOptions(dearFirst, {}).color).toBe(3);
  });

  it("adds the chosen options' prices to the flash, discount or list price", () => {
    const product = { ...options, price: 10_000, discount_price: 8_000 };
    expect(priceForChoice(product, { color: 5, size: 4, unit: null })).toEqual({ price: 8_600, listPrice: 10_600, saving: 20 });
    expect(priceForChoice({ ...product, flash_price: 7_000 }, { color: 3, size: 1, unit: null }))
      .toEqual({ price: 7_000, listPrice: 10_000, saving: 30 });
    expect(priceForChoice({ ...product, discount_price: 0 }, { color: 3, size: 1, unit: null }))
      .toEqual({ price: 10_000, listPrice: 10_000, saving: 0 });
  });

  it("preselects a quantity between the minimum order and the stock", () => {
    const product = { min_order_quantity: 2, quantity: 10 };
    expect(resolveQuantity(product, null)).toBe(2);
    expect(resolveQuantity(product, "1")).toBe(2);
    expect(resolveQuantity(product, "7")).toBe(7);
    expect(resolveQuantity(product, "70")).toBe(10);
    expect(resolveQuantity(product, "x")).toBe(2);
  });
});

describeEachDatabase("product details", (kind) => {
  let test: TestDatabase;
  let dressed: number; // a product with at least two colours and two sizes
  let onSale: number; // a product in the running flash sale

  beforeAll(async () => {
    test = await createTestDatabase(kind);
    await seedDatabase(test.db);
    const withOptions = await test.db
      .selectFrom("products as p")
      .select("p.id")
      .where((eb) => eb(eb.selectFrom("product_colors").select((c) => c.fn.countAll().as("n")).whereRef("product_id", "=", "p.id"), ">=", 2))
      .where((eb) => eb(eb.selectFrom("product_sizes").select((c) => c.fn.countAll().as("n")).whereRef("product_id", "=", "p.id"), ">=", 2))
      .where("p.quantity", ">=", 5)
      .orderBy("p.id")
      .executeTakeFirstOrThrow();
    dressed = withOptions.id;
    const sale = await test.db
      .selectFrom("flash_sale_products as fp")
      .innerJoin("flash_sales as f", "f.id", "fp.flash_sale_id")
      .select("fp.product_id")
      .where("f.starts_at", "<=", new Date().toISOString())
      .where("f.ends_at", ">", new Date().toISOString())
      .orderBy("fp.product_id")
      .executeTakeFirstOrThrow();
    onSale = sale.product_id;
  });
  afterAll(() => test?.drop());

  it("answers one active product with its breadcrumb, images, options, stock and shop card", async () => {
    const product = (await findProductDetails(test.db, dressed))!;
    expect(product).toMatchObject({ id: dressed, is_digital: false, flash_sale: null, flash_price: null });
    expect(product.category.name).toBeTruthy();
    expect(product.sub_category?.name).toBeTruthy();
    expect(product.brand?.name).toBeTruthy();
    expect(product.images.length).toBeGreaterThan(0);
    expect(product.images[0].alt).toContain(product.name);
    expect(product.colors.length).toBeGreaterThanOrEqual(2);
    expect(product.colors[0].color_code).toMatch(/^#/);
    expect(product.sizes.length).toBeGreaterThanOrEqual(2);
    expect(product.min_order_quantity).toBeGreaterThanOrEqual(1);
    expect(product.shop).toMatchObject({ name: expect.any(String), logo: expect.stringMatching(/^\/media\//) });
    expect(product.shop.estimated_delivery_days).toBeGreaterThan(0);

    const sizeRows = await test.db.selectFrom("product_sizes").select(["size_id as id", "price"]).where("product_id", "=", dressed).execute();
    expect(product.sizes.map(({ id, price }) => ({ id, price })).sort((a, b) => a.id - b.id)).toEqual(sizeRows.sort((a, b) => a.id - b.id));
  });

  it("gives the running flash sale's price and end", async () => {
    const product = (await findProductDetails(test.db, onSale))!;
    const row = await test.db.selectFrom("flash_sale_products").select("price").where("product_id", "=", onSale).executeTakeFirstOrThrow();
    expect(product.flash_price).toBe(row.price);
    expect(new Date(product.flash_sale!.ends_at).getTime()).toBeGreaterThan(Date.now());
    expect(priceForChoice(product, { color: null, size: null, unit: null }).price).toBe(row.price);
    // Once the sale has ended the usual price applies.
    const later = new Date(new Date(product.flash_sale!.ends_at).getTime() + 1000);
    expect((await findProductDetails(test.db, onSale, later))!.flash_sale).toBeNull();
  });

  it("answers null for unknown and inactive products and for products of inactive shops", async () => {
    expect(await findProductDetails(test.db, 999_999)).toBeNull();
    expect(await findProductDetails(test.db, 0)).toBeNull();
    expect(await findProductDetails(test.db, Number.NaN)).toBeNull();

    const [first, second] = await test.db.selectFrom("products").select(["id", "shop_id"]).orderBy("id").limit(2).execute();
    await test.db.updateTable("products").set({ is_active: 0 }).where("id", "=", first.id).execute();
    expect(await findProductDetails(test.db, first.id)).toBeNull();
    await test.db.updateTable("products").set({ is_active: 1 }).where("id", "=", first.id).execute();

    await test.db.updateTable("shops").set({ is_active: 0 }).where("id", "=", second.shop_id).execute();
    expect(await findProductDetails(test.db, second.id)).toBeNull();
    await test.db.updateTable("shops").set({ is_active: 1 }).where("id", "=", second.shop_id).execute();
  });

  it("lists six similar products of the same category and six popular ones of the same shop", async () => {
    const product = (await findProductDetails(test.db, dressed))!;
    const { similar, popular } = await listRelatedProducts(test.db, product);
    expect(similar).toHaveLength(6);
    expect(similar.map((p) => p.id)).not.toContain(dressed);
    const rows = await test.db.selectFrom("products").select(["id", "category_id", "sub_category_id", "total_sold"])
      .where("id", "in", similar.map((p) => p.id)).execute();
    expect(new Set(rows.map((row) => row.category_id))).toEqual(new Set([product.category.id]));
    // Best sellers of the same sub-category come first.
    const first = rows.find((row) => row.id === similar[0].id)!;
    expect(first.sub_category_id).toBe(product.sub_category!.id);
    const bestSeller = await test.db.selectFrom("products").select((eb) => eb.fn.max("total_sold").as("top"))
      .where("sub_category_id", "=", product.sub_category!.id).where("id", "!=", dressed).where("is_active", "=", 1).executeTakeFirstOrThrow();
    expect(first.total_sold).toBe(Number(bestSeller.top));

    // A suspended shop's best seller leaves the row; the next one takes its place.
    const { shop_id: suspended } = await test.db.selectFrom("products").select("shop_id").where("id", "=", first.id).executeTakeFirstOrThrow();
    await test.db.updateTable("shops").set({ is_active: 0 }).where("id", "=", suspended).execute();
    try {
      const withoutShop = (await listRelatedProducts(test.db, product)).similar;
      expect(withoutShop).toHaveLength(6);
      expect(withoutShop.map((p) => p.shop_name)).not.toContain(similar[0].shop_name);
      expect(withoutShop.map((p) => p.id)).not.toContain(first.id);
    } finally {
      await test.db.updateTable("shops").set({ is_active: 1 }).where("id", "=", suspended).execute();
    }

    // A product alone in its sub-category still gets six of its category.
    const lonely = { ...product, sub_category: { id: 999_999 } };
    expect((await listRelatedProducts(test.db, lonely)).similar).toHaveLength(6);
    expect(similar[0]).toMatchObject({ thumbnail: expect.stringMatching(/^\/media\//), thumbnail_alt: expect.any(String), shop_name: expect.any(String) });

    expect(popular.length).toBeGreaterThan(0);
    expect(popular.length).toBeLessThanOrEqual(6);
    expect(popular.map((p) => p.id)).not.toContain(dressed);
    expect(new Set(popular.map((p) => p.shop_name))).toEqual(new Set([product.shop.name]));
    const views = await test.db.selectFrom("products").select(["id", "total_views"]).where("id", "in", popular.map((p) => p.id)).execute();
    const order = popular.map((p) => views.find((v) => v.id === p.id)!.total_views);
    expect(order).toEqual([...order].sort((a, b) => b - a));
  });

  it("counts views, written together", async () => {
    const before = await test.db.selectFrom("products").select("total_views").where("id", "=", dressed).executeTakeFirstOrThrow();
    countProductView(test.db, dressed);
    countProductView(test.db, dressed);
    const unwritten = await test.db.selectFrom("products").select("total_views").where("id", "=", dressed).executeTakeFirstOrThrow();
    expect(unwritten.total_views).toBe(before.total_views);
    await flushProductViews(test.db);
    const after = await test.db.selectFrom("products").select("total_views").where("id", "=", dressed).executeTakeFirstOrThrow();
    expect(after.total_views).toBe(before.total_views + 2);
  });

  describe("a cart choice", () => {
    it("is accepted with the product's own options and a quantity within the stock", async () => {
      const product = (await findProductDetails(test.db, dressed))!;
      const result = await checkCartChoice(test.db, {
        product_id: String(dressed), quantity: "2", color: String(product.colors[1].id), size: String(product.sizes[1].id), unit: "", is_buy_now: "1",
      });
      expect(result).toMatchObject({
        ok: true,
        choice: { product_id: dressed, quantity: 2, color: product.colors[1].id, size: product.sizes[1].id, unit: null, is_buy_now: true },
      });
      expect(await checkCartChoice(test.db, { product_id: String(dressed), quantity: "1" })).toMatchObject({ ok: true });
    });

    it("is refused with a reason for anything else", async () => {
      const product = (await findProductDetails(test.db, dressed))!;
      const foreignColor = await test.db.selectFrom("colors").select("id")
        .where("id", "not in", product.colors.map((c) => c.id)).executeTakeFirstOrThrow();
      const refused = async (input: Record<string, unknown>) => {
        const result = await checkCartChoice(test.db, input);
        return result.ok ? null : result.error;
      };
      expect(await refused({ product_id: "999999", quantity: "1" })).toEqual({ message: "unavailable" });
      expect(await refused({ product_id: "abc", quantity: "1" })).toEqual({ message: "unavailable" });
      expect(await refused({ quantity: "1" })).toEqual({ message: "unavailable" });
      expect(await refused({ product_id: String(dressed), quantity: "0" })).toEqual({ message: "invalidQuantity" });
      expect(await refused({ product_id: String(dressed), quantity: "1.5" })).toEqual({ message: "invalidQuantity" });
      expect(await refused({ product_id: String(dressed), quantity: String(product.quantity + 1) }))
        .toEqual({ message: "maxQuantity", values: { count: product.quantity } });
      expect(await refused({ product_id: String(dressed), quantity: "1", color: String(foreignColor.id) })).toEqual({ message: "invalidOption" });
      expect(await refused({ product_id: String(dressed), quantity: "1", size: "'; drop table products; --" })).toEqual({ message: "invalidOption" });

      await test.db.updateTable("products").set({ min_order_quantity: 3 }).where("id", "=", dressed).execute();
      expect(await refused({ product_id: String(dressed), quantity: "2" })).toEqual({ message: "minQuantity", values: { count: 3 } });
      await test.db.updateTable("products").set({ min_order_quantity: 1 }).where("id", "=", dressed).execute();

      const soldOut = await test.db.selectFrom("products").select("id").where("quantity", "=", 0).where("is_active", "=", 1).executeTakeFirstOrThrow();
      expect(await refused({ product_id: String(soldOut.id), quantity: "1" })).toEqual({ message: "outOfStock" });
    });
  });

});
