import type { Kysely } from "kysely";
import { columnTypes } from "../dialect";

/**
 * Returns of delivered items (issue 15): one return per request, of some items and quantities of one order; an order
 * item is returned at most once (unique `order_item_id`). The shop decides (Approved, Damaged, Mismatch, Cancelled
 * with a note) and refunds an approved return, which restocks its quantities.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable("return_orders")
    .addColumn("id", t.id, (c) => c.primaryKey())
    .addColumn("order_id", "integer", (c) => c.notNull().references("orders.id").onDelete("cascade"))
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("shop_id", "integer", (c) => c.notNull().references("shops.id"))
    .addColumn("status", "text", (c) => c.notNull().defaultTo("Pending"))
    .addColumn("reason", "text", (c) => c.notNull())
    .addColumn("return_address", "text", (c) => c.notNull())
    .addColumn("bank_name", "text", (c) => c.notNull())
    .addColumn("bank_account_number", "text", (c) => c.notNull())
    // What the shop says, shown to the shopper (the reason of Cancelled).
    .addColumn("shop_note", "text")
    // The items' worth in minor units of the default currency, shown in the order's currency.
    .addColumn("amount", "integer", (c) => c.notNull())
    .addColumn("created_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn("updated_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn("refunded_at", t.timestamp)
    .execute();
  await db.schema.createIndex("return_orders_user_idx").on("return_orders").columns(["user_id", "status", "id"]).execute();
  await db.schema.createIndex("return_orders_shop_idx").on("return_orders").columns(["shop_id", "status", "id"]).execute();

  await db.schema
    .createTable("return_order_items")
    .addColumn("id", t.id, (c) => c.primaryKey())
    .addColumn("return_order_id", "integer", (c) => c.notNull().references("return_orders.id").onDelete("cascade"))
    .addColumn("order_item_id", "integer", (c) => c.notNull().references("order_items.id").onDelete("cascade"))
    .addColumn("quantity", "integer", (c) => c.notNull())
    .addColumn("line_total", "integer", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("return_order_items_item_idx").unique().on("return_order_items").column("order_item_id").execute();
  await db.schema.createIndex("return_order_items_return_idx").on("return_order_items").column("return_order_id").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("return_order_items").ifExists().execute();
  await db.schema.dropTable("return_orders").ifExists().execute();
}
