import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestDatabase, describeEachDatabase, type TestDatabase } from "../../../tests/integration/support/databases";
import { seedDatabase } from "~/db/seed";
import { runningFlashPrices } from "./flash-prices.server";
import { currentFlashSale, findFlashSale, listFlashSaleProducts } from "./flash-sales.server";
import { basePrice } from "./pricing";
import { CATALOGUE_KEPT_MS } from "~/lib/catalogue-freshness.server";
import { catalogueCards, listPopularProducts, listProducts, parseProductFilters, productCardsByIds } from "./products.server";

const params = (query: string) => new URLSearchParams(query);

describe("parseProductFilters", () => {
  it("reads every filter of a list URL", () => {
    expect(
      parseProductFilters(params(
        "search=+lamp+&shop_id=3&category_id=2&sub_category_id=7&brand_id=4&color_id=5&size_id=6&min_price=10&max_price=25.5"
        + "&rating=4&is_digital=1&discounted=true&flash_sale_id=1&sort=price_low_high&page=3&per_page=20",
      )),
    ).toEqual({
      search: "lamp", shop_id: 3, category_id: 2, sub_category_id: 7, brand_id: 4, color_id: 5, size_id: 6,
      min_price: 1000, max_price: 2550, rating: 4, is_digital: true, discounted: true, flash_sale_id: 1,
      sort: "price_low_high", page: 3, per_page: 20,
    });
  });

  it("ignores every value that makes no sense, keeping the good ones", () => {
    expect(
      parseProductFilters(params(
        "brand_id=abc&color_id=-2&size_id=1.5&category_id=99999999999999999999&rating=9&min_price=-1&max_price=lots"
        + "&sort=zzz&page=-4&per_page=1000&is_digital=maybe&shop_id=&search=&flash_sale_id=0x10&sub_category_id=2",
      )),
    ).toEqual({ sub_category_id: 2 });
    expect(parseProductFilters(params("rating=0"))).toEqual({});
    expect(parseProductFilters(params("search=" + "x".repeat(500))).search).toHaveLength(100);
  });

  it("reads the category page's subcategory and the mobile API's sort names", () => {
    expect(parseProductFilters(params("subcategory=12&sort=popular_product"))).toEqual({ sub_category_id: 12, sort: "popular" });
    expect(parseProductFilters(params("sort_type=high_to_low")).sort).toBe("price_high_low");
    expect(parseProductFilters(params("sort_type=low_to_high&sort=newest")).sort).toBe("newest");
  });

  it("turns typed prices of the shown currency into minor units of the default one, in order", () => {
    expect(parseProductFilters(params("min_price=92&max_price=9.2"), { rate_from_default: 0.92 })).toEqual({ min_price: 1000, max_price: 10000 });
  });
});

describeEachDatabase("product lists", (kind) => {
  let test: TestDatabase;
  const now = new Date();
  interface Row { id: number; price: number; discount_price: number; rating: number; category_id: number; brand_id: number | null;
    is_digital: number; total_sold: number; total_views: number; created_at: string; shop_id: number }
  let all: Row[];
  let flash: Awaited<ReturnType<typeof runningFlashPrices>>;
  const shopPrice = (p: Row) => basePrice({ price: p.price, discount_price: p.discount_price });
  const finalPrice = (p: Row) => basePrice({ price: p.price, discount_price: p.discount_price, flash_price: flash.get(p.id)?.price ?? null });

  beforeAll(async () => {
    test = await createTestDatabase(kind);
    await seedDatabase(test.db);
    // One inactive product and one suspended shop, set before any list is read.
    await test.db.updateTable("products").set({ is_active: 0 }).where("id", "=", 5).execute();
    await test.db.updateTable("shops").set({ is_active: 0 }).where("id", "=", 12).execute();
    all = (await test.db.selectFrom("products")
      .select(["id", "price", "discount_price", "rating", "category_id", "brand_id", "is_digital", "total_sold", "total_views", "created_at", "shop_id"])
      .where("is_active", "=", 1).where("shop_id", "!=", 12).execute()).map((p) => ({ ...p, rating: Number(p.rating) }));
    flash = await runningFlashPrices(test.db, all.map((p) => p.id), now);
  });
  afterAll(() => test?.drop());

  const ids = (cards: Array<{ id: number }>) => cards.map((c) => c.id);
  const byId = (id: number) => all.find((p) => p.id === id)!;

  it("lists every active product of an active shop, newest first, 10 a page", async () => {
    const list = await listProducts(test.db, {}, { now });
    expect(list.total).toBe(all.length);
    expect(list.per_page).toBe(10);
    expect(list.products).toHaveLength(10);
    const expected = [...all].sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id).slice(0, 10);
    expect(ids(list.products)).toEqual(ids(expected));
    expect(ids(list.products)).not.toContain(5);
    expect(list.products.every((p) => byId(p.id).shop_id !== 12)).toBe(true);
  });

  it("pages through the list and keeps a page beyond the last within range", async () => {
    const first = await listProducts(test.db, { page: 1 }, { now });
    const second = await listProducts(test.db, { page: 2 }, { now });
    expect(ids(second.products).some((id) => ids(first.products).includes(id))).toBe(false);
    const beyond = await listProducts(test.db, { page: 10_000, per_page: 50 }, { now });
    expect(beyond.page).toBe(Math.ceil(all.length / 50));
    expect(beyond.products).toHaveLength(all.length - (beyond.page - 1) * 50);
  });

  it("combines category, brand and rating filters", async () => {
    const sample = all.find((p) => p.rating >= 4 && p.rating < 5 && p.brand_id !== null)!;
    const filters = { category_id: sample.category_id, brand_id: sample.brand_id!, rating: 4, per_page: 60 };
    const expected = all.filter((p) => p.category_id === sample.category_id && p.brand_id === sample.brand_id && p.rating >= 4 && p.rating < 5);
    const list = await listProducts(test.db, filters, { now });
    expect(list.total).toBe(expected.length);
    expect(ids(list.products).sort((a, b) => a - b)).toEqual(ids(expected).sort((a, b) => a - b));
  });

  it("matches a rating r as [r, r + 1)", async () => {
    for (const rating of [5, 4, 3]) {
      const list = await listProducts(test.db, { rating, per_page: 60 }, { now });
      expect(list.total).toBe(all.filter((p) => p.rating >= rating && p.rating < rating + 1).length);
      for (const card of list.products) expect(Math.floor(card.rating)).toBe(rating);
    }
  });

  it("filters by the price a shopper pays: flash price, else discount price, else price", async () => {
    const min = 2000;
    const max = 6000;
    const expected = all.filter((p) => finalPrice(p) >= min && finalPrice(p) <= max);
    // The seed has products whose list price is outside the range but whose discount or sale price is in it.
    expect(expected.some((p) => p.price > max)).toBe(true);
    const list = await listProducts(test.db, { min_price: min, max_price: max, per_page: 60 }, { now });
    expect(list.total).toBe(expected.length);
    for (const card of list.products) expect(basePrice(card)).toBeGreaterThanOrEqual(min);
    for (const card of list.products) expect(basePrice(card)).toBeLessThanOrEqual(max);

    const onSale = all.filter((p) => flash.has(p.id));
    expect(onSale.length).toBeGreaterThan(0);
    const sale = onSale[0];
    const salePrice = flash.get(sale.id)!.price;
    const exact = await listProducts(test.db, { min_price: salePrice, max_price: salePrice, per_page: 60 }, { now });
    expect(ids(exact.products)).toContain(sale.id);
    const byShopPrice = await listProducts(test.db, { min_price: shopPrice(sale), max_price: shopPrice(sale), per_page: 60 }, { now });
    expect(ids(byShopPrice.products)).not.toContain(sale.id);
  });

  it("sorts by price, popularity and sales", async () => {
    const low = await listProducts(test.db, { sort: "price_low_high", per_page: 60 }, { now });
    const lowPrices = low.products.map((p) => shopPrice(byId(p.id)));
    expect(lowPrices).toEqual([...lowPrices].sort((a, b) => a - b));
    expect(lowPrices[0]).toBe(Math.min(...all.map(shopPrice)));

    const high = await listProducts(test.db, { sort: "price_high_low" }, { now });
    expect(shopPrice(byId(high.products[0].id))).toBe(Math.max(...all.map(shopPrice)));

    const popular = await listProducts(test.db, { sort: "popular", per_page: 60 }, { now });
    const views = popular.products.map((p) => byId(p.id).total_views);
    expect(views).toEqual([...views].sort((a, b) => b - a));

    const selling = await listProducts(test.db, { sort: "top_selling", per_page: 60 }, { now });
    const sold = selling.products.map((p) => byId(p.id).total_sold);
    expect(sold).toEqual([...sold].sort((a, b) => b - a));
    expect(sold[0]).toBe(Math.max(...all.map((p) => p.total_sold)));
  });

  it("lists digital products and best deals", async () => {
    const digital = await listProducts(test.db, { is_digital: true, per_page: 60 }, { now });
    expect(digital.total).toBe(all.filter((p) => p.is_digital === 1).length);
    expect(digital.products.every((p) => p.is_digital)).toBe(true);

    const deals = await listProducts(test.db, { discounted: true, per_page: 60 }, { now });
    expect(deals.total).toBe(all.filter((p) => p.discount_price > 0 && p.discount_price < p.price).length);
    expect(deals.products.every((p) => p.discount_price > 0 && p.discount_price < p.price)).toBe(true);
  });

  it("offers the facets found in the list's scope", async () => {
    const category = all[0].category_id;
    const inCategory = all.filter((p) => p.category_id === category);
    const list = await listProducts(test.db, { category_id: category }, { now });
    expect(list.facets.brands.map((b) => b.id).sort((a, b) => a - b))
      .toEqual([...new Set(inCategory.map((p) => p.brand_id))].filter((b) => b !== null).sort((a, b) => a! - b!));
    expect(list.facets.min_price).toBe(Math.min(...inCategory.map(shopPrice)));
    expect(list.facets.max_price).toBe(Math.max(...inCategory.map(shopPrice)));

    const fashion = await test.db.selectFrom("categories").select("id").where("slug", "=", "fashion").executeTakeFirstOrThrow();
    const clothes = await listProducts(test.db, { category_id: fashion.id }, { now });
    expect(clothes.facets.sizes.map((s) => s.name)).toEqual(expect.arrayContaining(["S", "M", "L"]));
    expect(clothes.facets.colors.length).toBeGreaterThan(0);

    const whole = await listProducts(test.db, {}, { now });
    expect(whole.facets.brands.length).toBeGreaterThanOrEqual(list.facets.brands.length);
    expect(whole.facets.min_price).toBe(Math.min(...all.map(shopPrice)));
  });

  it("filters by colour and size through the product's options", async () => {
    const option = await test.db.selectFrom("product_sizes as ps").innerJoin("product_colors as pc", "pc.product_id", "ps.product_id")
      .select(["ps.size_id", "pc.color_id"]).where("ps.product_id", "in", all.map((p) => p.id)).executeTakeFirstOrThrow();
    const list = await listProducts(test.db, { size_id: option.size_id, color_id: option.color_id, per_page: 60 }, { now });
    expect(list.total).toBeGreaterThan(0);
    const matching = await test.db.selectFrom("product_sizes as ps").innerJoin("product_colors as pc", "pc.product_id", "ps.product_id")
      .select("ps.product_id").where("ps.size_id", "=", option.size_id).where("pc.color_id", "=", option.color_id).execute();
    const expected = new Set(matching.map((m) => m.product_id).filter((id) => all.some((p) => p.id === id)));
    expect(list.total).toBe(expected.size);
    for (const card of list.products) expect(expected.has(card.id)).toBe(true);
  });

  it("shows a running flash sale with its products at the sale price, 18 a page", async () => {
    const sale = await currentFlashSale(test.db, now);
    expect(sale?.state).toBe("running");
    expect(sale!.seconds_left).toBeGreaterThan(0);
    const list = await listFlashSaleProducts(test.db, sale!, {}, { now });
    expect(list.per_page).toBe(18);
    expect(list.total).toBeGreaterThan(0);
    for (const card of list.products) {
      expect(card.flash_price).toBe(flash.get(card.id)!.price);
      expect(basePrice(card)).toBeLessThan(card.price);
    }
    const upcoming = (await test.db.selectFrom("flash_sales").select("id").where("starts_at", ">", now.toISOString()).executeTakeFirstOrThrow()).id;
    const later = await findFlashSale(test.db, upcoming, now);
    expect(later?.state).toBe("upcoming");
    const laterList = await listFlashSaleProducts(test.db, later!, {}, { now });
    expect(laterList.products.every((card) => card.flash_sale_id !== upcoming)).toBe(true);
    expect(await findFlashSale(test.db, 999, now)).toBeNull();
  });

  it("makes cards for given ids in their order, without inactive or unknown ones", async () => {
    const cards = await productCardsByIds(test.db, [9, 5, 3, 999_999, 9, 2], { now });
    expect(ids(cards)).toEqual([9, 3, 2].filter((id) => all.some((p) => p.id === id)));
    expect(cards[0]).toMatchObject({ id: 9, shop_name: expect.any(String), thumbnail: expect.stringMatching(/^\/media\/seed\/product\/9-1\.svg$/) });
    expect(await productCardsByIds(test.db, [])).toEqual([]);
  });

  it("keeps a catalogue page's cards as long as the page may be kept, and a flash price no longer than its sale", async () => {
    expect(CATALOGUE_KEPT_MS).toBeGreaterThan(0);
    const [plain, onSale] = all.filter((p) => !flash.has(p.id)).slice(-2);
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    const sale = await test.db.insertInto("flash_sales").values({
      name: "Two seconds", thumbnail: "", starts_at: new Date(Date.now() - 60_000).toISOString(), ends_at: new Date(Date.now() + 2_000).toISOString(),
    }).returning("id").executeTakeFirstOrThrow();
    try {
      await test.db.insertInto("flash_sale_products").values({ flash_sale_id: sale.id, product_id: onSale.id, price: 100 }).execute();
      const [before] = await catalogueCards(test.db, [plain.id]);
      expect(before.price).toBe(plain.price);
      expect((await catalogueCards(test.db, [onSale.id]))[0].flash_price).toBe(100);

      await test.db.updateTable("products").set({ price: plain.price + 500 }).where("id", "=", plain.id).execute();
      expect((await catalogueCards(test.db, [plain.id]))[0].price).toBe(plain.price);
      expect((await productCardsByIds(test.db, [plain.id]))[0].price).toBe(plain.price + 500);

      // The sale has ended: its price goes with it, though the window of a kept page has not.
      vi.setSystemTime(Date.now() + 3_000);
      expect((await catalogueCards(test.db, [onSale.id]))[0].flash_price).toBeNull();
      expect((await catalogueCards(test.db, [plain.id]))[0].price).toBe(plain.price);

      vi.setSystemTime(Date.now() + CATALOGUE_KEPT_MS);
      expect((await catalogueCards(test.db, [plain.id]))[0].price).toBe(plain.price + 500);
    } finally {
      vi.useRealTimers();
      await test.db.updateTable("products").set({ price: plain.price }).where("id", "=", plain.id).execute();
      await test.db.deleteFrom("flash_sale_products").where("flash_sale_id", "=", sale.id).execute();
      await test.db.deleteFrom("flash_sales").where("id", "=", sale.id).execute();
    }
  });

  it("keeps listPopularProducts: most viewed first", async () => {
    const popular = await listPopularProducts(test.db, 6);
    expect(popular).toHaveLength(6);
    expect(popular[0].id).toBe([...all].sort((a, b) => b.total_views - a.total_views || b.total_sold - a.total_sold || b.id - a.id)[0].id);
  });
});
