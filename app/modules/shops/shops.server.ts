import { sql } from "kysely";
import type { Db } from "~/lib/db.server";
import { activeProductIds } from "~/modules/catalog/product-details.server";
import { catalogueCards } from "~/modules/catalog/products.server";
import type { ProductCard } from "~/modules/catalog/products.server";

export interface ShopSummary {
  id: number;
  name: string;
  logo: string;
  banner: string;
  rating: number;
  total_reviews: number;
  /** Active products. */
  total_products: number;
  /** Categories of its active products. */
  total_categories: number;
}

export interface ShopDetails extends ShopSummary {
  short_description: string;
  description: string;
  delivery_charge: number;
  estimated_delivery_days: number;
}

export const SHOPS_PER_PAGE = 12;
export const SHOP_PRODUCTS_PER_PAGE = 12;

const offsetOf = (page: number, perPage: number) => (Math.max(1, Math.floor(page)) - 1) * perPage;

/** Active product and category counts per shop, in one grouped query for the given shops. */
async function productCounts(db: Db, shopIds: number[]) {
  const counts = new Map<number, { total_products: number; total_categories: number }>();
  if (shopIds.length === 0) return counts;
  const rows = await db
    .selectFrom("products")
    .select((eb) => [
      "shop_id",
      eb.fn.countAll<number>().as("total_products"),
      eb.fn.count<number>("category_id").distinct().as("total_categories"),
    ])
    .where("shop_id", "in", shopIds)
    .where("is_active", "=", 1)
    .groupBy("shop_id")
    .execute();
  for (const row of rows) {
    counts.set(row.shop_id, { total_products: Number(row.total_products), total_categories: Number(row.total_categories) });
  }
  return counts;
}

/** Active shops, best rated first, one page at a time, with the total for the pagination. */
export async function listShops(db: Db, { page, perPage = SHOPS_PER_PAGE }: { page: number; perPage?: number }) {
  const [totalRow, shops] = await Promise.all([
    db.selectFrom("shops").select((eb) => eb.fn.countAll<number>().as("total")).where("is_active", "=", 1).executeTakeFirstOrThrow(),
    db
      .selectFrom("shops")
      .select(["id", "name", "logo", "banner", "rating", "total_reviews"])
      .where("is_active", "=", 1)
      .orderBy("rating", "desc")
      .orderBy("total_reviews", "desc")
      .orderBy("id")
      .limit(perPage)
      .offset(offsetOf(page, perPage))
      .execute(),
  ]);
  const counts = await productCounts(db, shops.map((s) => s.id));
  return {
    total: Number(totalRow.total),
    shops: shops.map((shop): ShopSummary => ({ ...shop, ...(counts.get(shop.id) ?? { total_products: 0, total_categories: 0 }) })),
  };
}

/** One active shop with its description and counts; null when unknown or inactive. */
export async function findShop(db: Db, id: number): Promise<ShopDetails | null> {
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  const shop = await db
    .selectFrom("shops")
    .select([
      "id", "name", "logo", "banner", "rating", "total_reviews", "short_description", "description",
      "delivery_charge", "estimated_delivery_days",
    ])
    .where("id", "=", id)
    .where("is_active", "=", 1)
    .executeTakeFirst();
  if (!shop) return null;
  const counts = await productCounts(db, [id]);
  return { ...shop, ...(counts.get(id) ?? { total_products: 0, total_categories: 0 }) };
}

/** LIKE wildcards in the shopper's text are matched literally. */
function containsPattern(text: string) {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The shop's active products, newest first, optionally those whose name contains `search`
 * (case-insensitive, bound as a parameter), with the total for the pagination.
 */
export async function listShopProducts(
  db: Db,
  shopId: number,
  { search = "", page, perPage = SHOP_PRODUCTS_PER_PAGE }: { search?: string; page: number; perPage?: number },
): Promise<{ total: number; products: ProductCard[] }> {
  const text = search.trim().slice(0, 100);
  const nameMatches = text ? sql<boolean>`lower(p.name) like ${containsPattern(text)} escape '\\'` : null;

  let countQuery = db
    .selectFrom("products as p")
    .select((eb) => eb.fn.countAll<number>().as("total"))
    .where("p.shop_id", "=", shopId)
    .where("p.is_active", "=", 1);
  let pageQuery = activeProductIds(db).where("p.shop_id", "=", shopId);
  if (nameMatches) {
    countQuery = countQuery.where(nameMatches);
    pageQuery = pageQuery.where(nameMatches);
  }
  const [totalRow, rows] = await Promise.all([
    countQuery.executeTakeFirstOrThrow(),
    pageQuery.orderBy("p.created_at", "desc").orderBy("p.id", "desc").limit(perPage).offset(offsetOf(page, perPage)).execute(),
  ]);
  return { total: Number(totalRow.total), products: await catalogueCards(db, rows.map((row) => row.id)) };
}
