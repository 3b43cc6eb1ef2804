import type { Kysely } from "kysely";
import { columnTypes } from "../dialect";

/**
 * The wishlist (spec §2 /wishlist, the header heart): one row per shopper and product, gone with either. Number
 * 0009 is left to the roles and order-lifecycle work done beside this one.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable("wishlist_items")
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("product_id", "integer", (c) => c.notNull().references("products.id").onDelete("cascade"))
    .addColumn("created_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addPrimaryKeyConstraint("wishlist_items_pkey", ["user_id", "product_id"])
    .execute();
  // The shopper's list newest first, and a product's rows when it is deleted (the cascade).
  await db.schema.createIndex("wishlist_items_user_created_idx").on("wishlist_items").columns(["user_id", "created_at"]).execute();
  await db.schema.createIndex("wishlist_items_product_idx").on("wishlist_items").column("product_id").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("wishlist_items").ifExists().execute();
}
