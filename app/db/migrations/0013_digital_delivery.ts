import type { Kysely } from "kysely";
import { columnTypes } from "../dialect";

/**
 * Digital delivery (issue 15): a licence key is handed to one order item (`product_licenses.order_item_id`, replacing
 * the never-used `order_id`), and each download of a file of a bought item is counted (`digital_downloads`).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(db);
  await db.schema.dropIndex("product_licenses_product_idx").execute();
  await db.schema.alterTable("product_licenses").dropColumn("order_id").execute();
  await db.schema.alterTable("product_licenses").addColumn("order_item_id", "integer", (c) => c.references("order_items.id").onDelete("set null")).execute();
  // Free keys of a product are found by (product_id, order_item_id IS NULL); an item's keys by order_item_id.
  await db.schema.createIndex("product_licenses_product_idx").on("product_licenses").columns(["product_id", "order_item_id"]).execute();
  await db.schema.createIndex("product_licenses_order_item_idx").on("product_licenses").column("order_item_id").execute();

  await db.schema
    .createTable("digital_downloads")
    .addColumn("order_item_id", "integer", (c) => c.notNull().references("order_items.id").onDelete("cascade"))
    .addColumn("file_id", "integer", (c) => c.notNull().references("digital_product_files.id").onDelete("cascade"))
    .addColumn("downloads", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("last_downloaded_at", t.timestamp)
    .addPrimaryKeyConstraint("digital_downloads_pk", ["order_item_id", "file_id"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("digital_downloads").ifExists().execute();
  await db.schema.dropIndex("product_licenses_order_item_idx").execute();
  await db.schema.dropIndex("product_licenses_product_idx").execute();
  await db.schema.alterTable("product_licenses").dropColumn("order_item_id").execute();
  await db.schema.alterTable("product_licenses").addColumn("order_id", "integer").execute();
  await db.schema.createIndex("product_licenses_product_idx").on("product_licenses").columns(["product_id", "order_id"]).execute();
}
