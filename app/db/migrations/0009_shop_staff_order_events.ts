import { sql, type Kysely } from "kysely";
import { columnTypes } from "../dialect";

/**
 * The shop's side of an order. A user with the role "seller" is staff of exactly one shop (`users.shop_id`); an
 * "admin" runs the platform (every shop). Every status an order takes is recorded with its time and who set it
 * (`order_events`, the shopper's timeline); an event set by the shop waits for the shopper's next page
 * (`notified_at` null) to be told as a toast. `orders.delivered_at` starts the return window.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(db);
  await db.schema.alterTable("users").addColumn("shop_id", "integer", (c) => c.references("shops.id").onDelete("set null")).execute();
  await db.schema.alterTable("orders").addColumn("delivered_at", t.timestamp).execute();

  await db.schema
    .createTable("order_events")
    .addColumn("id", t.id, (c) => c.primaryKey())
    .addColumn("order_id", "integer", (c) => c.notNull().references("orders.id").onDelete("cascade"))
    // The order's shopper, so their unseen events are found without a join.
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("status", "text", (c) => c.notNull())
    // Who set it: the shopper, the shop's staff or the platform admin (null: the system, e.g. a payment).
    .addColumn("actor_id", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn("notified_at", t.timestamp)
    .execute();
  await db.schema.createIndex("order_events_order_idx").on("order_events").columns(["order_id", "id"]).execute();
  await db.schema.createIndex("order_events_unseen_idx").on("order_events").columns(["user_id", "notified_at"]).execute();

  // Orders placed before have their placing (and cancelling) as their history; nothing to tell anyone.
  await sql`INSERT INTO order_events (order_id, user_id, status, actor_id, created_at, notified_at)
    SELECT id, user_id, 'Pending', user_id, created_at, created_at FROM orders`.execute(db);
  await sql`INSERT INTO order_events (order_id, user_id, status, actor_id, created_at, notified_at)
    SELECT id, user_id, 'Cancelled', user_id, cancelled_at, cancelled_at FROM orders WHERE status = 'Cancelled' AND cancelled_at IS NOT NULL`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("order_events").ifExists().execute();
  await db.schema.alterTable("orders").dropColumn("delivered_at").execute();
  await db.schema.alterTable("users").dropColumn("shop_id").execute();
}
