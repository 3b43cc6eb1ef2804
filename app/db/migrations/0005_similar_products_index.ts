import type { Kysely } from "kysely";

/** Similar products (same sub-category, best selling first) read in index order instead of sorting thousands. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex("products_sub_category_selling_idx").on("products").columns(["sub_category_id", "is_active", "total_sold"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("products_sub_category_selling_idx").execute();
}
