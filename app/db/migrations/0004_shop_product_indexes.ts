import type { Kysely } from "kysely";

/** A shop's most viewed products and its per-category counts, fast for shops with thousands of products. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex("products_shop_views_idx").on("products").columns(["shop_id", "is_active", "total_views"]).execute();
  await db.schema.createIndex("products_shop_category_idx").on("products").columns(["shop_id", "is_active", "category_id"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("products_shop_category_idx").execute();
  await db.schema.dropIndex("products_shop_views_idx").execute();
}
