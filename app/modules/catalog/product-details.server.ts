import { sql } from "kysely";
import { z } from "zod";
import { answerInPrimary, askPrimary, isClusterWorker } from "~/lib/cluster.server";
import { getDb, type Db } from "~/lib/db.server";
import { preparedQuery } from "~/lib/prepared-query.server";
import { runningFlashPrices } from "./flash-prices.server";
import { OPTION_KINDS, optionsOf, parseId, type ColorOption, type OptionKind, type ProductOption } from "./product-options";
import { catalogueCards, type ProductCard } from "./products.server";

export interface ProductImage { id: number; path: string; alt: string }

/** Everything the details page shows about one product. Money in minor units of the default currency. */
export interface ProductDetails {
  id: number;
  name: string;
  code: string;
  short_description: string;
  description: string;
  price: number;
  discount_price: number;
  /** Units in stock. */
  quantity: number;
  min_order_quantity: number;
  rating: number;
  total_reviews: number;
  total_sold: number;
  is_digital: boolean;
  brand: { id: number; name: string } | null;
  /** The unit the product is sold in (pcs, kg …). */
  unit: { id: number; name: string } | null;
  category: { id: number; name: string; slug: string };
  sub_category: { id: number; name: string; slug: string } | null;
  images: ProductImage[];
  colors: ColorOption[];
  sizes: ProductOption[];
  units: ProductOption[];
  /** The flash sale running now for this product, with its sale price. */
  flash_sale: { id: number; price: number; ends_at: string } | null;
  /** The same sale price as a pricing.ts source field (null without a running sale). */
  flash_price: number | null;
  shop: {
    id: number;
    name: string;
    logo: string;
    rating: number;
    total_reviews: number;
    delivery_charge: number;
    estimated_delivery_days: number;
  };
}

const productRow = preparedQuery((db, id: number) =>
  db
    .selectFrom("products as p")
    .innerJoin("shops as s", "s.id", "p.shop_id")
    .innerJoin("categories as c", "c.id", "p.category_id")
    .leftJoin("sub_categories as sc", "sc.id", "p.sub_category_id")
    .leftJoin("brands as b", "b.id", "p.brand_id")
    .leftJoin("units as u", "u.id", "p.unit_id")
    .select([
      "p.id", "p.name", "p.code", "p.short_description", "p.description", "p.price", "p.discount_price",
      "p.quantity", "p.min_order_quantity", "p.rating", "p.total_reviews", "p.total_sold", "p.is_digital",
      "b.id as brand_id", "b.name as brand_name", "u.id as unit_id", "u.name as unit_name",
      "c.id as category_id", "c.name as category_name", "c.slug as category_slug",
      "sc.id as sub_category_id", "sc.name as sub_category_name", "sc.slug as sub_category_slug",
      "s.id as shop_id", "s.name as shop_name", "s.logo as shop_logo", "s.rating as shop_rating",
      "s.total_reviews as shop_total_reviews", "s.delivery_charge", "s.estimated_delivery_days",
    ])
    .where("p.id", "=", id)
    .where("p.is_active", "=", 1)
    .where("s.is_active", "=", 1));

const productImages = preparedQuery((db, id: number) =>
  db.selectFrom("product_images").select(["id", "path", "alt"]).where("product_id", "=", id).orderBy("sort").orderBy("id"));

/** One active product of an active shop, with its options, images and running flash sale; else null. */
export async function findProductDetails(db: Db, id: number, now = new Date()): Promise<ProductDetails | null> {
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  const [row] = await productRow(db, id);
  if (!row) return null;

  const [images, options, flashPrices] = await Promise.all([
    productImages(db, id),
    productOptionRows(db, id),
    runningFlashPrices(db, [id], now),
  ]);
  const flash = flashPrices.get(id);
  const byKind = (kind: OptionKind) => options.filter((o) => o.kind === kind).map(({ id, name, price }) => ({ id, name, price }));

  return {
    id: row.id,
    name: row.name,
    code: row.code,
    short_description: row.short_description,
    description: row.description,
    price: row.price,
    discount_price: row.discount_price,
    quantity: row.quantity,
    min_order_quantity: Math.max(1, row.min_order_quantity),
    rating: row.rating,
    total_reviews: row.total_reviews,
    total_sold: row.total_sold,
    is_digital: row.is_digital === 1,
    brand: row.brand_id != null && row.brand_name != null ? { id: row.brand_id, name: row.brand_name } : null,
    unit: row.unit_id != null && row.unit_name != null ? { id: row.unit_id, name: row.unit_name } : null,
    category: { id: row.category_id, name: row.category_name, slug: row.category_slug },
    sub_category:
      row.sub_category_id != null && row.sub_category_name != null && row.sub_category_slug != null
        ? { id: row.sub_category_id, name: row.sub_category_name, slug: row.sub_category_slug }
        : null,
    images,
    colors: options.filter((o) => o.kind === "color").map(({ id, name, price, color_code }) => ({ id, name, price, color_code: color_code ?? "" })),
    sizes: byKind("size"),
    units: byKind("unit"),
    flash_sale: flash ? { id: flash.flash_sale_id, price: flash.price, ends_at: flash.ends_at } : null,
    flash_price: flash?.price ?? null,
    shop: {
      id: row.shop_id,
      name: row.shop_name,
      logo: row.shop_logo,
      rating: row.shop_rating,
      total_reviews: row.shop_total_reviews,
      delivery_charge: row.delivery_charge,
      estimated_delivery_days: row.estimated_delivery_days,
    },
  };
}

/** The product's colours, sizes and units with their extra prices, in one round trip. */
const productOptionRows = preparedQuery((db, productId: number) =>
  db
    .selectFrom("product_colors as pc")
    .innerJoin("colors as c", "c.id", "pc.color_id")
    .select([sql<OptionKind>`'color'`.as("kind"), "c.id", "c.name", sql<string | null>`c.color_code`.as("color_code"), "pc.price", sql<number>`c.id`.as("sort")])
    .where("pc.product_id", "=", productId)
    .unionAll(
      db.selectFrom("product_sizes as ps").innerJoin("sizes as z", "z.id", "ps.size_id")
        .select([sql<OptionKind>`'size'`.as("kind"), "z.id", "z.name", sql<string | null>`null`.as("color_code"), "ps.price", "z.sort"])
        .where("ps.product_id", "=", productId),
    )
    .unionAll(
      db.selectFrom("product_units as pu").innerJoin("units as n", "n.id", "pu.unit_id")
        .select([sql<OptionKind>`'unit'`.as("kind"), "n.id", "n.name", sql<string | null>`null`.as("color_code"), "pu.price", "n.id as sort"])
        .where("pu.product_id", "=", productId),
    )
    .orderBy("kind")
    .orderBy("sort")
    .orderBy("id"));

/**
 * Ids of active products of active shops, for the caller to filter, order and page. Cards are then
 * read for that one page only (catalogueCards), so a sort over many rows carries no card columns.
 */
export function activeProductIds(db: Db) {
  return db
    .selectFrom("products as p")
    .innerJoin("shops as s", "s.id", "p.shop_id")
    .select("p.id")
    .where("p.is_active", "=", 1)
    .where("s.is_active", "=", 1);
}

const RELATED_PRODUCTS = 6;

/**
 * The product page's two rows of cards: six similar products and the shop's most viewed, the product itself left
 * out of both. Their cards are read together, in one round of queries.
 */
export async function listRelatedProducts(
  db: Db,
  product: { id: number; category: { id: number }; sub_category: { id: number } | null; shop: { id: number } },
): Promise<{ similar: ProductCard[]; popular: ProductCard[] }> {
  const [similarIds, popularIds] = await Promise.all([similarProductIds(db, product), shopPopularProductIds(db, product)]);
  const cards = new Map((await catalogueCards(db, [...similarIds, ...popularIds])).map((card) => [card.id, card]));
  const cardsOf = (ids: number[]) => ids.flatMap((id) => cards.get(id) ?? []);
  return { similar: cardsOf(similarIds), popular: cardsOf(popularIds) };
}

/**
 * Similar products: the best sellers of the product's own sub-category, topped up with the category's newest. A
 * category holds thousands of products at scale and sorting all of them by sales costs tens of milliseconds; a
 * sub-category is small, and newest-first follows an index.
 */
async function similarProductIds(db: Db, product: { id: number; category: { id: number }; sub_category: { id: number } | null }) {
  const ids: number[] = [];
  if (product.sub_category) ids.push(...(await subCategoryBestSellers(db, product.sub_category.id, product.id)).map((row) => row.id));
  if (ids.length < RELATED_PRODUCTS) {
    const rows = await activeProductIds(db)
      .where("p.category_id", "=", product.category.id)
      .where("p.id", "not in", [product.id, ...ids])
      .orderBy("p.id", "desc")
      .limit(RELATED_PRODUCTS - ids.length)
      .execute();
    ids.push(...rows.map((row) => row.id));
  }
  return ids;
}

/**
 * The shop is looked up for each row the index walk reads (a handful, for the limit), not joined: joined, SQLite
 * read every shop into a Bloom filter on each run first, most of the query's time (104 → 49 µs at 500 shops).
 */
const subCategoryBestSellers = preparedQuery((db, subCategoryId: number, leftOut: number) =>
  db
    .selectFrom("products as p")
    .select("p.id")
    .where("p.is_active", "=", 1)
    .where((eb) => eb(eb.selectFrom("shops as s").select("s.is_active").whereRef("s.id", "=", "p.shop_id"), "=", 1))
    .where("p.sub_category_id", "=", subCategoryId)
    .where("p.id", "!=", leftOut)
    .orderBy("p.total_sold", "desc")
    .orderBy("p.id")
    .limit(RELATED_PRODUCTS));

/** The most viewed products of the same shop. */
const shopMostViewed = preparedQuery((db, shopId: number, leftOut: number) =>
  activeProductIds(db)
    .where("p.shop_id", "=", shopId)
    .where("p.id", "!=", leftOut)
    .orderBy("p.total_views", "desc")
    .orderBy("p.total_sold", "desc")
    .orderBy("p.id")
    .limit(RELATED_PRODUCTS));

async function shopPopularProductIds(db: Db, product: { id: number; shop: { id: number } }) {
  return (await shopMostViewed(db, product.shop.id, product.id)).map((row) => row.id);
}

const VIEW_FLUSH_MS = 1000;
const pendingViews = new Map<Db, Map<number, number>>();
const VIEWS_TOPIC = "product-views";

/**
 * One more view of the product (most-popular ordering reads it). Views are added up in memory and written
 * once a second in one transaction: a popular product is opened many times a second, and one UPDATE per view
 * would queue every reader behind the row's lock. A crash loses at most that second's views.
 */
export function countProductView(db: Db, id: number): void {
  addPendingViews(db, [[id, 1]]);
}

function addPendingViews(db: Db, views: Iterable<readonly [number, number]>) {
  let pending = pendingViews.get(db);
  if (!pending) {
    pendingViews.set(db, (pending = new Map()));
    setTimeout(() => void flushProductViews(db).catch((error) => console.error("Counting product views failed", error)), VIEW_FLUSH_MS).unref();
  }
  for (const [id, count] of views) pending.set(id, (pending.get(id) ?? 0) + count);
}

/** Built and compiled once: a second's views are hundreds of updates. */
const addViews = preparedQuery((db, id: number, count: number) =>
  db.updateTable("products").set((eb) => ({ total_views: eb("total_views", "+", count) })).where("id", "=", id));

/**
 * Writes the views counted so far (also called on shutdown). A worker of `npm start` hands the shop database's views
 * to the primary process, which writes them for all workers: a second's views are a transaction of hundreds of
 * updates, often with a WAL checkpoint, and a worker writing them stops answering meanwhile (13–87 ms a second
 * measured under load), or waits for the other worker's write lock. Written here when the primary does not answer.
 */
export async function flushProductViews(db?: Db): Promise<void> {
  for (const [target, views] of db ? [[db, pendingViews.get(db)] as const] : [...pendingViews]) {
    if (!views) continue;
    pendingViews.delete(target);
    if (isClusterWorker() && target === getDb()) {
      const handedOver = await askPrimary<boolean>(VIEWS_TOPIC, [...views]).catch(() => false);
      if (handedOver) continue;
    }
    await target.transaction().execute(async (trx) => {
      for (const [id, count] of views) await addViews(trx, id, count);
    });
  }
}

answerInPrimary<[number, number][]>(VIEWS_TOPIC, (views) => {
  addPendingViews(getDb(), views);
  return true;
});

/** Form values arrive as text: a positive whole id, null when left empty, else the text (so zod refuses it). */
const idOrText = (value: unknown) => (value === undefined || value === null || value === "" ? null : (parseId(value) ?? String(value)));
const optionId = z.preprocess(idOrText, z.number({ invalid_type_error: "invalidOption" }).nullable());

/** The add-to-cart payload (spec §3): product_id, quantity, color, size, unit, optional is_buy_now. Issue messages are the error keys. */
export const cartChoiceSchema = z.object({
  product_id: z.preprocess(idOrText, z.number({ invalid_type_error: "unavailable", required_error: "unavailable" })),
  quantity: z.preprocess(idOrText, z.number({ invalid_type_error: "invalidQuantity", required_error: "invalidQuantity" })),
  color: optionId,
  size: optionId,
  unit: optionId,
  is_buy_now: z.preprocess((value) => value === "1" || value === true, z.boolean()),
});

export type CartChoice = z.infer<typeof cartChoiceSchema>;

/** Why a cart choice was refused: the last part of a `product:cart.refused.*` locale key, with its values. */
export interface CartChoiceError {
  message: "unavailable" | "invalidQuantity" | "invalidOption" | "outOfStock" | "minQuantity" | "maxQuantity";
  values?: { count: number };
}

export type CartChoiceResult = { ok: true; choice: CartChoice; product: ProductDetails } | { ok: false; error: CartChoiceError };

/**
 * Checks what a shopper asks to add to the cart against the database: the product is active in an
 * active shop, the quantity lies between its minimum order and its stock, and each chosen option is
 * one the product offers (no option at all is allowed).
 */
export async function checkCartChoice(db: Db, input: Record<string, unknown>, now = new Date()): Promise<CartChoiceResult> {
  const parsed = cartChoiceSchema.safeParse(input);
  if (!parsed.success) {
    const first = parsed.error.issues[0]?.message;
    const message = first === "invalidQuantity" || first === "invalidOption" ? first : "unavailable";
    return { ok: false, error: { message } };
  }
  const choice = parsed.data;
  const product = await findProductDetails(db, choice.product_id, now);
  if (!product) return { ok: false, error: { message: "unavailable" } };
  for (const kind of OPTION_KINDS) {
    const id = choice[kind];
    if (id !== null && !optionsOf(product, kind).some((option) => option.id === id)) {
      return { ok: false, error: { message: "invalidOption" } };
    }
  }
  if (product.quantity < product.min_order_quantity) return { ok: false, error: { message: "outOfStock" } };
  if (choice.quantity < product.min_order_quantity) {
    return { ok: false, error: { message: "minQuantity", values: { count: product.min_order_quantity } } };
  }
  if (choice.quantity > product.quantity) return { ok: false, error: { message: "maxQuantity", values: { count: product.quantity } } };
  return { ok: true, choice, product };
}
