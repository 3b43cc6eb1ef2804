import type { Kysely } from "kysely";

/**
 * A shopper's review is of one delivered order item (`reviews.order_item_id`, unique): once per item bought. The
 * seeded reviews have none.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("reviews").addColumn("order_item_id", "integer", (c) => c.references("order_items.id").onDelete("set null")).execute();
  await db.schema.createIndex("reviews_order_item_idx").unique().on("reviews").column("order_item_id").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("reviews_order_item_idx").execute();
  await db.schema.alterTable("reviews").dropColumn("order_item_id").execute();
}
