import { sql, type Kysely } from "kysely";

/**
 * The product page's two rows (similar products, the shop's most viewed) follow an index to the end of their order:
 * with the id as the last key, ties in sales or views (most products have sold nothing) no longer make the database
 * read and sort every product of the sub-category or the shop to pick six. They replace the shorter indexes of
 * migrations 0004 and 0005, whose leading columns they keep.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index products_sub_category_best_idx on products (sub_category_id, is_active, total_sold desc, id)`.execute(db);
  await sql`create index products_shop_popular_idx on products (shop_id, is_active, total_views desc, total_sold desc, id)`.execute(db);
  await db.schema.dropIndex("products_sub_category_selling_idx").execute();
  await db.schema.dropIndex("products_shop_views_idx").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex("products_sub_category_selling_idx").on("products").columns(["sub_category_id", "is_active", "total_sold"]).execute();
  await db.schema.createIndex("products_shop_views_idx").on("products").columns(["shop_id", "is_active", "total_views"]).execute();
  await db.schema.dropIndex("products_shop_popular_idx").execute();
  await db.schema.dropIndex("products_sub_category_best_idx").execute();
}
