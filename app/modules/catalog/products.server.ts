import { sql, type ExpressionBuilder, type RawBuilder } from "kysely";
import { z } from "zod";
import { dialectOf } from "~/db/dialect";
import type { Database } from "~/db/schema";
import { CATALOGUE_KEPT_MS } from "~/lib/catalogue-freshness.server";
import type { Db } from "~/lib/db.server";
import { preparedQuery } from "~/lib/prepared-query.server";
import { PER_PAGE } from "~/lib/pagination";
import { runningFlashPrices } from "./flash-prices.server";
import { searchProducts, type ProductsQuery } from "./search.server";

/** What a product card shows. Prices are minor units of the default currency. */
export interface ProductCard {
  id: number;
  name: string;
  thumbnail: string | null;
  thumbnail_alt: string | null;
  price: number;
  discount_price: number;
  rating: number;
  total_reviews: number;
  is_digital: boolean;
  shop_name: string;
  /**
   * Sale price while a flash sale runs for this product, else null (absent: not looked up). The card
   * shows pricing.ts basePrice/savingPercent of these prices.
   */
  flash_price?: number | null;
  flash_sale_id?: number | null;
}

export const PRODUCT_SORTS = ["newest", "popular", "top_selling", "price_low_high", "price_high_low", "relevance"] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];
/** The home page's "Just For You" order: featured products first, newest first. */
type ListOrder = ProductSort | "just_for_you";

export interface ProductFilters {
  search?: string;
  shop_id?: number;
  category_id?: number;
  sub_category_id?: number;
  brand_id?: number;
  color_id?: number;
  size_id?: number;
  /** Bounds on the price a shopper pays (flash price, else discount price, else price), minor units. */
  min_price?: number;
  max_price?: number;
  /** Matches ratings in [rating, rating + 1). */
  rating?: number;
  is_digital?: boolean;
  flash_sale_id?: number;
  /** Only products sold below their list price (best deals). */
  discounted?: boolean;
  sort?: ListOrder;
  page?: number;
  per_page?: number;
}

export interface ProductFacets {
  brands: Array<{ id: number; name: string }>;
  colors: Array<{ id: number; name: string; color_code: string }>;
  sizes: Array<{ id: number; name: string }>;
  /** Lowest and highest shop price (before flash sales) in the list's scope, null when it is empty. */
  min_price: number | null;
  max_price: number | null;
}

export interface ProductList {
  total: number;
  /** The page shown: the one asked for, kept within the pages that exist. */
  page: number;
  per_page: number;
  products: ProductCard[];
  facets: ProductFacets;
}

export const MAX_PER_PAGE = 60;

type ProductExpressions = ExpressionBuilder<Database & { p: Database["products"] }, "p">;

/**
 * The shop's own price of a product (pricing.ts basePrice without a flash sale), as SQL. Written exactly
 * like the expression index of migration 0002, so sorting and filtering by price use that index.
 */
const shopPrice = sql<number>`CASE WHEN p.discount_price > 0 AND p.discount_price < p.price THEN p.discount_price ELSE p.price END`;

/** Literal SQL (no parameter) so the partial indexes of migration 0002 apply. */
const isDiscounted = sql<boolean>`p.discount_price > 0 AND p.discount_price < p.price`;

function runningSaleItems(db: Db, at: string) {
  return db
    .selectFrom("flash_sale_products as fp")
    .innerJoin("flash_sales as f", "f.id", "fp.flash_sale_id")
    .where("f.is_active", "=", 1)
    .where("f.starts_at", "<=", at)
    .where("f.ends_at", ">", at)
    .where("fp.price", ">", 0);
}

/**
 * Active products of active shops: a suspended shop's products disappear from every list.
 *
 * Nearly every product is active, but without ANALYZE statistics SQLite takes `is_active = 1` for a
 * selective test and prefers any index that starts with it; likely() tells it otherwise, so the index
 * that fits the scope and the order wins. The shop test is a NOT IN (usually empty) rather than a join
 * for the same reason.
 */
function activeProducts(db: Db): ProductsQuery {
  const active = dialectOf(db) === "sqlite" ? sql<boolean>`likely(p.is_active = 1)` : sql<boolean>`p.is_active = 1`;
  return db
    .selectFrom("products as p")
    .where(active)
    .where("p.shop_id", "not in", db.selectFrom("shops").select("id").where("is_active", "=", 0));
}

/** What decides which products a list can show at all; the facets are computed on it. */
function applyScope(db: Db, query: ProductsQuery, f: ProductFilters): ProductsQuery {
  return query
    .$if(f.shop_id !== undefined, (q) => q.where("p.shop_id", "=", f.shop_id!))
    .$if(f.category_id !== undefined, (q) => q.where("p.category_id", "=", f.category_id!))
    .$if(f.sub_category_id !== undefined, (q) => q.where("p.sub_category_id", "=", f.sub_category_id!))
    .$if(f.is_digital !== undefined, (q) => q.where(f.is_digital ? sql<boolean>`p.is_digital = 1` : sql<boolean>`p.is_digital = 0`))
    .$if(f.discounted === true, (q) => q.where(isDiscounted))
    .$if(f.flash_sale_id !== undefined, (q) =>
      q.where("p.id", "in", db.selectFrom("flash_sale_products").select("product_id").where("flash_sale_id", "=", f.flash_sale_id!)),
    );
}

/**
 * The shopper's refinements within the scope. For the page of ids (`forCount` false) the rating and
 * price tests are written `+column`, which keeps them out of index selection: they match large shares of
 * the catalogue, so walking the index of the chosen order and testing each row finds a page sooner than
 * collecting every match and sorting it. The count reads them through their indexes.
 */
function applyRefinements(db: Db, query: ProductsQuery, f: ProductFilters, at: string, forCount: boolean): ProductsQuery {
  const rating = forCount ? sql<number>`p.rating` : sql<number>`+p.rating`;
  return query
    .$if(f.brand_id !== undefined, (q) => q.where("p.brand_id", "=", f.brand_id!))
    .$if(f.color_id !== undefined, (q) =>
      q.where(({ exists, selectFrom }) =>
        exists(selectFrom("product_colors as pc").select("pc.product_id").whereRef("pc.product_id", "=", "p.id").where("pc.color_id", "=", f.color_id!)),
      ),
    )
    .$if(f.size_id !== undefined, (q) =>
      q.where(({ exists, selectFrom }) =>
        exists(selectFrom("product_sizes as ps").select("ps.product_id").whereRef("ps.product_id", "=", "p.id").where("ps.size_id", "=", f.size_id!)),
      ),
    )
    .$if(f.rating !== undefined, (q) => q.where(rating, ">=", f.rating!).where(rating, "<", f.rating! + 1))
    .$if(f.min_price !== undefined || f.max_price !== undefined, (q) =>
      q.where((eb) => priceBetween(db, eb, f.min_price, f.max_price, at, forCount ? shopPrice : sql<number>`+(${shopPrice})`)),
    );
}

/**
 * The price a shopper pays within bounds: a product in a running flash sale is judged by its sale price
 * (the lowest, as on its card), every other product by its shop price.
 */
function priceBetween(
  db: Db, eb: ProductExpressions, min: number | undefined, max: number | undefined, at: string, price: typeof shopPrice,
) {
  const onSale = runningSaleItems(db, at).select("fp.product_id");
  const shopPriceBounds = [
    ...(min !== undefined ? [eb(price, ">=", min)] : []),
    ...(max !== undefined ? [eb(price, "<=", max)] : []),
  ];
  const saleMatches = runningSaleItems(db, at)
    .select("fp.product_id")
    .groupBy("fp.product_id")
    .$if(min !== undefined, (q) => q.having((h) => h.fn.min("fp.price"), ">=", min!))
    .$if(max !== undefined, (q) => q.having((h) => h.fn.min("fp.price"), "<=", max!));
  return eb.or([eb.and([eb("p.id", "not in", onSale), ...shopPriceBounds]), eb("p.id", "in", saleMatches)]);
}

/** Ties are broken by id in the order's own direction, so one index scanned forwards or backwards serves it all. */
function applyOrder(query: ProductsQuery, order: ListOrder, rank: RawBuilder<number> | null): ProductsQuery {
  switch (order) {
    case "relevance":
      return rank ? query.orderBy(rank).orderBy("p.id") : applyOrder(query, "newest", null);
    case "popular":
      return query.orderBy("p.total_views", "desc").orderBy("p.total_sold", "desc").orderBy("p.id", "desc");
    case "top_selling":
      return query.orderBy("p.total_sold", "desc").orderBy("p.id", "desc");
    case "price_low_high":
      return query.orderBy(shopPrice, "asc").orderBy("p.id");
    case "price_high_low":
      return query.orderBy(shopPrice, "desc").orderBy("p.id", "desc");
    case "just_for_you":
      return query.orderBy("p.is_featured", "desc").orderBy("p.created_at", "desc").orderBy("p.id", "desc");
    case "newest":
      return query.orderBy("p.created_at", "desc").orderBy("p.id", "desc");
  }
}

/** The scope of a list, narrowed to the search matches when the shopper searched. */
function scopedProducts(db: Db, f: ProductFilters, ranking: { ranked: boolean; best?: number } = { ranked: false }) {
  const base = activeProducts(db);
  const searched = searchProducts(db, base, f.search, ranking);
  return { query: applyScope(db, searched?.query ?? base, f), rank: searched?.rank ?? null };
}

/**
 * Counts and facets change only when the catalogue does, yet on a large catalogue they cost more than the
 * page itself; each process keeps them for a short while. Nothing personal is in them.
 */
const SUMMARY_TTL_MS = 30_000;
const SUMMARY_ENTRIES = 1_000;
const summaries = new WeakMap<Db, Map<string, { expires: number; value: Promise<unknown> }>>();

function remembered<T>(db: Db, key: string, compute: () => Promise<T>): Promise<T> {
  let cache = summaries.get(db);
  if (!cache) summaries.set(db, (cache = new Map()));
  const now = Date.now();
  const hit = cache.get(key);
  if (hit && hit.expires > now) return hit.value as Promise<T>;
  const value = compute();
  cache.delete(key);
  cache.set(key, { expires: now + SUMMARY_TTL_MS, value });
  if (cache.size > SUMMARY_ENTRIES) cache.delete(cache.keys().next().value!);
  value.catch(() => cache.delete(key));
  return value;
}

const SCOPE_KEYS = ["search", "shop_id", "category_id", "sub_category_id", "is_digital", "discounted", "flash_sale_id"] as const;
const REFINEMENT_KEYS = ["brand_id", "color_id", "size_id", "rating", "min_price", "max_price"] as const;

function summaryKey(kind: string, f: ProductFilters, keys: readonly (keyof ProductFilters)[], now?: Date) {
  return JSON.stringify([kind, now?.toISOString() ?? null, ...keys.map((k) => f[k] ?? null)]);
}

/**
 * Every product list of the shop (search results, categories, shops, digital, most popular, best
 * deals, flash sales, the home page): one page of cards, the total, and the facets a shopper can
 * refine by within the list's scope. All values are bound parameters.
 */
export async function listProducts(db: Db, filters: ProductFilters, options: { now?: Date } = {}): Promise<ProductList> {
  const at = (options.now ?? new Date()).toISOString();
  const perPage = Math.min(MAX_PER_PAGE, Math.max(1, Math.floor(filters.per_page ?? PER_PAGE)));
  const { query: scope, rank } = scopedProducts(db, filters);
  const searching = rank !== null;

  const refined = REFINEMENT_KEYS.some((key) => filters[key] !== undefined);
  const [{ facets, size }, refinedTotal] = await Promise.all([
    remembered(db, summaryKey("scope", filters, SCOPE_KEYS), () => scopeSummary(db, filters, scope, searching)),
    refined
      ? remembered(db, summaryKey("total", filters, [...SCOPE_KEYS, ...REFINEMENT_KEYS], options.now), async () => {
        const row = await applyRefinements(db, scope, filters, at, true)
          .select((eb) => eb.fn.countAll<number>().as("total"))
          .executeTakeFirstOrThrow();
        return Number(row.total);
      })
      : null,
  ]);
  const total = refinedTotal ?? size;
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const page = Math.min(Math.max(1, Math.floor(filters.page ?? 1)), lastPage);
  const order = filters.sort ?? (searching ? "relevance" : "newest");

  const pageOf = (listed: { query: ProductsQuery; rank: RawBuilder<number> | null }) =>
    applyOrder(applyRefinements(db, listed.query, filters, at, false), order, listed.rank)
      .select("p.id")
      .limit(perPage)
      .offset((page - 1) * perPage)
      .execute();
  let rows: { id: number }[] = [];
  if (total > 0 && order === "relevance" && searching) {
    // Only the best matches are joined to the catalogue: enough for this page when most matches are listed
    // (active, in an active shop, within the refinements), else more, and at last all of them.
    const wanted = Math.min(perPage, total - (page - 1) * perPage);
    for (const best of [page * perPage * 3 + 30, page * perPage * 30 + 300, undefined]) {
      rows = await pageOf(scopedProducts(db, filters, { ranked: true, best }));
      if (rows.length >= wanted) break;
    }
  } else if (total > 0) {
    rows = await pageOf({ query: scope, rank });
  }
  // A list for a given moment (a test's clock) reads its cards at that moment.
  const ids = rows.map((r) => r.id);
  const products = options.now ? await productCardsByIds(db, ids, options) : await catalogueCards(db, ids);
  return { total, page, per_page: perPage, products, facets };
}

interface ScopeSummary {
  facets: ProductFacets;
  /** How many products the scope holds (the list's total when the shopper refined nothing). */
  size: number;
}

/**
 * Brands, colours and sizes found in the list's scope, and its price range. A narrow scope (a search,
 * a category, a shop, a flash sale, digital goods) is read once into a materialized table that every
 * facet and the count then read; for the whole catalogue or the deals each brand, colour and size is asked
 * whether a product of the scope has it, which stops at the first match instead of reading 100,000 rows.
 */
async function scopeSummary(db: Db, f: ProductFilters, scope: ProductsQuery, searching: boolean): Promise<ScopeSummary> {
  const narrow = searching || f.shop_id !== undefined || f.category_id !== undefined
    || f.sub_category_id !== undefined || f.flash_sale_id !== undefined || f.is_digital === true;
  if (narrow) return narrowSummary(db, scope);
  const [facets, counted] = await Promise.all([
    broadFacets(db, scope),
    scope.select((eb) => eb.fn.countAll<number>().as("size")).executeTakeFirstOrThrow(),
  ]);
  return { facets, size: Number(counted.size) };
}

type FacetRow = {
  kind: "brand" | "color" | "size" | "min" | "max" | "count";
  id: number | null;
  name: string | null;
  color_code: string | null;
  value: number | null;
};

/** One statement, so the scope (for a search: every match) is read once, not once per facet. */
async function narrowSummary(db: Db, scope: ProductsQuery): Promise<ScopeSummary> {
  const scopeRows = scope.select(["p.id", "p.brand_id", shopPrice.as("price")]);
  const { rows } = await sql<FacetRow>`
    WITH s AS MATERIALIZED ${scopeRows}
    SELECT 'brand' AS kind, b.id, b.name, CAST(NULL AS TEXT) AS color_code, CAST(NULL AS INTEGER) AS value FROM brands b
      WHERE b.id IN (SELECT brand_id FROM s)
    UNION ALL SELECT 'color', c.id, c.name, c.color_code, NULL FROM colors c
      WHERE c.id IN (SELECT pc.color_id FROM product_colors pc WHERE pc.product_id IN (SELECT id FROM s))
    UNION ALL SELECT 'size', z.id, z.name, NULL, z.sort FROM sizes z
      WHERE z.id IN (SELECT ps.size_id FROM product_sizes ps WHERE ps.product_id IN (SELECT id FROM s))
    UNION ALL SELECT 'min', NULL, NULL, NULL, MIN(price) FROM s
    UNION ALL SELECT 'max', NULL, NULL, NULL, MAX(price) FROM s
    UNION ALL SELECT 'count', NULL, NULL, NULL, COUNT(*) FROM s
  `.execute(db);
  const byName = <T extends { name: string }>(a: T, b: T) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
  const of = (kind: FacetRow["kind"]) => rows.filter((row) => row.kind === kind);
  const scalar = (kind: "min" | "max" | "count") => {
    const found = of(kind)[0]?.value;
    return found === null || found === undefined ? null : Number(found);
  };
  const facets = {
    brands: of("brand").map((row) => ({ id: Number(row.id), name: row.name! })).sort(byName),
    colors: of("color").map((row) => ({ id: Number(row.id), name: row.name!, color_code: row.color_code! })).sort(byName),
    sizes: of("size")
      .sort((a, b) => Number(a.value) - Number(b.value) || Number(a.id) - Number(b.id))
      .map((row) => ({ id: Number(row.id), name: row.name! })),
    min_price: scalar("min"),
    max_price: scalar("max"),
  };
  return { facets, size: scalar("count") ?? 0 };
}

async function broadFacets(db: Db, scope: ProductsQuery): Promise<ProductFacets> {
  const brandsQuery = db.selectFrom("brands as b").select(["b.id", "b.name"]).where(({ exists }) =>
    exists(scope.select("p.id").where("p.brand_id", "=", sql.ref<number>("b.id"))),
  );
  const colorsQuery = db.selectFrom("colors as c").select(["c.id", "c.name", "c.color_code"]).where(({ exists }) =>
    exists(scope.innerJoin("product_colors as pc", "pc.product_id", "p.id").select("p.id").where("pc.color_id", "=", sql.ref<number>("c.id"))),
  );
  const sizesQuery = db.selectFrom("sizes as z").select(["z.id", "z.name"]).where(({ exists }) =>
    exists(scope.innerJoin("product_sizes as ps", "ps.product_id", "p.id").select("p.id").where("ps.size_id", "=", sql.ref<number>("z.id"))),
  );
  // ORDER BY … LIMIT 1 rather than MIN/MAX: on the whole catalogue it is one step along the price index.
  const cheapest = scope.select(shopPrice.as("price")).orderBy(shopPrice, "asc").limit(1);
  const dearest = scope.select(shopPrice.as("price")).orderBy(shopPrice, "desc").limit(1);

  const [brands, colors, sizes, low, high] = await Promise.all([
    brandsQuery.orderBy("b.name").execute(),
    colorsQuery.orderBy("c.name").execute(),
    sizesQuery.orderBy("z.sort").orderBy("z.id").execute(),
    cheapest.executeTakeFirst(),
    dearest.executeTakeFirst(),
  ]);
  return {
    brands,
    colors,
    sizes,
    min_price: low ? Number(low.price) : null,
    max_price: high ? Number(high.price) : null,
  };
}

/**
 * Cards for the given product ids, in the given order; inactive products and products of inactive
 * shops are left out. Three queries whatever the number of ids (rows, thumbnails, flash prices).
 */
export async function productCardsByIds(db: Db, ids: number[], options: { now?: Date } = {}): Promise<ProductCard[]> {
  return (await readCards(db, wantedIds(ids), options.now)).map(({ card }) => card);
}

const wantedIds = (ids: number[]) => [...new Set(ids.filter((id) => Number.isSafeInteger(id) && id > 0))];

/** Each card with the end of the flash sale whose price it shows (ISO), if any. */
async function readCards(db: Db, wanted: number[], now?: Date): Promise<{ card: ProductCard; saleEndsAt: string | null }[]> {
  if (wanted.length === 0) return [];
  const [rows, thumbnails, flash] = await Promise.all([
    cardRows(db, wanted),
    thumbnailsOf(db, wanted),
    runningFlashPrices(db, wanted, now),
  ]);
  const byId = new Map(rows.filter((row) => row.is_active === 1 && row.shop_active === 1).map((row) => [row.id, row]));
  return wanted.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    const sale = flash.get(id) ?? null;
    const card: ProductCard = {
      id: row.id,
      name: row.name,
      thumbnail: thumbnails.get(id)?.path ?? null,
      thumbnail_alt: thumbnails.get(id)?.alt ?? null,
      price: row.price,
      discount_price: row.discount_price,
      rating: Number(row.rating),
      total_reviews: row.total_reviews,
      is_digital: row.is_digital === 1,
      shop_name: row.shop_name,
      flash_price: sale?.price ?? null,
      flash_sale_id: sale?.flash_sale_id ?? null,
    };
    return [{ card, saleEndsAt: sale?.ends_at ?? null }];
  });
}

/** A product's card as catalogue pages last read it (null: not listable), until `expires` (ms since the epoch). */
interface KeptCard { card: ProductCard | null; expires: number }
const keptCards = new WeakMap<Db, Map<number, KeptCard>>();
/** About 300 bytes each: a few MB per process at most. */
const KEPT_CARDS = 20_000;

/**
 * Cards for catalogue pages (product lists, the product page's rows, shop and home pages): as productCardsByIds,
 * but each card is kept by the process for as long as a page showing it may be kept (CATALOGUE_KEPT_MS), so one
 * read serves every page listing that product meanwhile (ADR 0037). A card showing a flash price is not kept past
 * the sale's end. Pages that must be current (wishlist, account, chat, blog posts) read productCardsByIds.
 */
export async function catalogueCards(db: Db, ids: number[]): Promise<ProductCard[]> {
  if (CATALOGUE_KEPT_MS === 0) return productCardsByIds(db, ids);
  const wanted = wantedIds(ids);
  let kept = keptCards.get(db);
  if (!kept) keptCards.set(db, (kept = new Map()));
  const now = Date.now();
  const found = new Map<number, ProductCard | null>();
  for (const id of wanted) {
    const entry = kept.get(id);
    if (entry && entry.expires > now) found.set(id, entry.card);
  }
  const missing = wanted.filter((id) => !found.has(id));
  if (missing.length > 0) {
    const read = new Map((await readCards(db, missing)).map((entry) => [entry.card.id, entry]));
    for (const id of missing) {
      const entry = read.get(id);
      const saleEnds = entry?.saleEndsAt ? Date.parse(entry.saleEndsAt) : Infinity;
      found.set(id, entry?.card ?? null);
      kept.delete(id);
      kept.set(id, { card: entry?.card ?? null, expires: Math.min(now + CATALOGUE_KEPT_MS, saleEnds) });
    }
    while (kept.size > KEPT_CARDS) kept.delete(kept.keys().next().value!);
  }
  return wanted.flatMap((id) => found.get(id) ?? []);
}

// Found by primary key; the active tests are made on the few rows found, so no other index competes.
const cardRows = preparedQuery((db, ids: number[]) =>
  db
    .selectFrom("products as p")
    .innerJoin("shops as s", "s.id", "p.shop_id")
    .select([
      "p.id", "p.name", "p.price", "p.discount_price", "p.rating", "p.total_reviews", "p.is_digital", "p.is_active",
      "s.name as shop_name", "s.is_active as shop_active",
    ])
    .where("p.id", "in", ids));

/** The first picture of each of these products (distinct ids), for product cards and cart lines. */
export async function thumbnailsOf(db: Db, productIds: number[]): Promise<Map<number, { path: string; alt: string }>> {
  const thumbnails = new Map<number, { path: string; alt: string }>();
  if (productIds.length === 0) return thumbnails;
  for (const image of await imagesOf(db, productIds)) if (!thumbnails.has(image.product_id)) thumbnails.set(image.product_id, image);
  return thumbnails;
}

const imagesOf = preparedQuery((db, productIds: number[]) =>
  db
    .selectFrom("product_images")
    .select(["product_id", "path", "alt"])
    .where("product_id", "in", productIds)
    .orderBy("product_id")
    .orderBy("sort")
    .orderBy("id"));

/** Most viewed active products, best sellers first among equals. */
export async function listPopularProducts(db: Db, limit: number): Promise<ProductCard[]> {
  const rows = await applyOrder(activeProducts(db), "popular", null).select("p.id").limit(limit).execute();
  return catalogueCards(db, rows.map((r) => r.id));
}

const SORT_ALIASES: Record<string, ProductSort> = {
  // The mobile API's names (not-shown facts: sort_type).
  popular_product: "popular",
  low_to_high: "price_low_high",
  high_to_low: "price_high_low",
};

// Plain decimal digits only: Number() would also take "0x10", "1e3" or " 12 ".
const id = z.string().regex(/^\d{1,15}$/).transform(Number).pipe(z.number().int().positive());
const flag = z.enum(["1", "true", "0", "false"]).transform((v) => v === "1" || v === "true");
const amount = z.string().regex(/^\d{1,9}(\.\d{1,4})?$/).transform(Number);

/** Each field on its own: a bad value becomes undefined and the rest of the URL still applies. */
const filtersSchema = z.object({
  search: z.string().transform((s) => s.trim().slice(0, 100)).catch(""),
  shop_id: id.optional().catch(undefined),
  category_id: id.optional().catch(undefined),
  sub_category_id: id.optional().catch(undefined),
  brand_id: id.optional().catch(undefined),
  color_id: id.optional().catch(undefined),
  size_id: id.optional().catch(undefined),
  min_price: amount.optional().catch(undefined),
  max_price: amount.optional().catch(undefined),
  rating: z.string().regex(/^[1-5]$/).transform(Number).optional().catch(undefined),
  is_digital: flag.optional().catch(undefined),
  discounted: flag.optional().catch(undefined),
  flash_sale_id: id.optional().catch(undefined),
  sort: z.string().transform((s) => SORT_ALIASES[s] ?? s).pipe(z.enum(PRODUCT_SORTS)).optional().catch(undefined),
  page: id.optional().catch(undefined),
  per_page: id.pipe(z.number().max(MAX_PER_PAGE)).optional().catch(undefined),
});

/**
 * Filters from a list URL. Any value that does not make sense is ignored, so every URL shows a page.
 * Prices in the URL are what the shopper typed, in major units of the currency shown to them
 * (`rate_from_default`); they are turned into minor units of the default currency. Empty values
 * mean "not set".
 */
export function parseProductFilters(params: URLSearchParams, currency: { rate_from_default: number } = { rate_from_default: 1 }): ProductFilters {
  const raw: Record<string, string> = {};
  for (const key of Object.keys(filtersSchema.shape)) {
    const value = params.get(key)?.trim();
    if (value) raw[key] = value;
  }
  // The category page's `subcategory` and the mobile API's `sort_type` name the same things.
  const subcategory = params.get("subcategory")?.trim();
  if (subcategory && !raw.sub_category_id) raw.sub_category_id = subcategory;
  const sortType = params.get("sort_type")?.trim();
  if (sortType && !raw.sort) raw.sort = sortType;

  const parsed = filtersSchema.parse(raw);
  const rate = currency.rate_from_default > 0 ? currency.rate_from_default : 1;
  const toMinor = (value: number | undefined) => (value === undefined ? undefined : Math.round((value * 100) / rate));
  let min = toMinor(parsed.min_price);
  let max = toMinor(parsed.max_price);
  if (min !== undefined && max !== undefined && min > max) [min, max] = [max, min];

  const filters: ProductFilters = { ...parsed, search: parsed.search || undefined, min_price: min, max_price: max };
  for (const key of Object.keys(filters) as Array<keyof ProductFilters>) {
    if (filters[key] === undefined) delete filters[key];
  }
  return filters;
}
