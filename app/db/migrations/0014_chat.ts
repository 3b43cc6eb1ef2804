import type { Kysely } from "kysely";
import { columnTypes } from "../dialect";

/**
 * Chat between a shopper and a shop (issue 16): one conversation per shopper and shop, its messages, and the
 * unread counts of each side kept on the conversation (the list and the menu badge read them without counting).
 * `shops.console_seen_at` is when one of the shop's staff last had the console open: the shop shows Online for a
 * few minutes after it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable("chat_conversations")
    .addColumn("id", t.id, (c) => c.primaryKey())
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("shop_id", "integer", (c) => c.notNull().references("shops.id").onDelete("cascade"))
    .addColumn("last_message", "text")
    .addColumn("last_message_at", t.timestamp)
    .addColumn("unread_by_customer", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("unread_by_shop", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  await db.schema.createIndex("chat_conversations_user_shop_idx").unique().on("chat_conversations").columns(["user_id", "shop_id"]).execute();
  // Each side's list, most recent first.
  await db.schema.createIndex("chat_conversations_user_recent_idx").on("chat_conversations").columns(["user_id", "last_message_at"]).execute();
  await db.schema.createIndex("chat_conversations_shop_recent_idx").on("chat_conversations").columns(["shop_id", "last_message_at"]).execute();

  await db.schema
    .createTable("chat_messages")
    .addColumn("id", t.id, (c) => c.primaryKey())
    .addColumn("conversation_id", "integer", (c) => c.notNull().references("chat_conversations.id").onDelete("cascade"))
    // Who speaks is decided by the server from the session: the shopper ("customer") or the shop's staff ("shop").
    .addColumn("sender", "text", (c) => c.notNull())
    .addColumn("author_id", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("product_id", "integer", (c) => c.references("products.id").onDelete("set null"))
    .addColumn("created_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  await db.schema.createIndex("chat_messages_conversation_idx").on("chat_messages").columns(["conversation_id", "id"]).execute();

  await db.schema.alterTable("shops").addColumn("console_seen_at", t.timestamp).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("shops").dropColumn("console_seen_at").execute();
  await db.schema.dropTable("chat_messages").ifExists().execute();
  await db.schema.dropTable("chat_conversations").ifExists().execute();
}
