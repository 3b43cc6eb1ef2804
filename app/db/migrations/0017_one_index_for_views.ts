import type { Kysely } from "kysely";

/**
 * Every counted view of a product rewrites each index that holds `total_views` (product-details.server's
 * countProductView, written once a second). `products_views_idx` (is_active, total_views) is the leading part of
 * `products_popular_idx` (is_active, total_views, total_sold), which serves every query it served: one index fewer
 * to rewrite per view and per sale.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("products_views_idx").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex("products_views_idx").on("products").columns(["is_active", "total_views"]).execute();
}
