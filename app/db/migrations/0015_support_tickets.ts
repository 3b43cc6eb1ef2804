import type { Kysely } from "kysely";
import { columnTypes } from "../dialect";

/**
 * Support tickets (issue 16): a shopper opens a ticket of an issue type, with a first message and files; the
 * shopper and the platform admin write to it; the admin moves it pending → confirm → completed, or cancels it.
 * Files are kept on disk under DATA_DIR/uploads/tickets by a random name; a row says whose they are.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable("ticket_issue_types")
    .addColumn("id", t.id, (c) => c.primaryKey())
    // Stable: the name shown is the locale key tickets:issueTypes.{code}.
    .addColumn("code", "text", (c) => c.notNull().unique())
    .addColumn("sort", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  // A database seeded before this migration gets the issue types the seed gives a new one (app/db/seed/content.ts).
  await db
    .insertInto("ticket_issue_types")
    .values(["order", "payment", "delivery", "return_refund", "account", "other"].map((code, index) => ({ code, sort: index + 1 })))
    .execute();

  await db.schema
    .createTable("support_tickets")
    .addColumn("id", t.id, (c) => c.primaryKey())
    // What the shopper and the admin call it (T + 8 random characters): never derived from the id.
    .addColumn("ticket_number", "text", (c) => c.notNull().unique())
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("issue_type_id", "integer", (c) => c.notNull().references("ticket_issue_types.id"))
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("phone", "text")
    .addColumn("order_id", "integer", (c) => c.references("orders.id").onDelete("set null"))
    .addColumn("status", "text", (c) => c.notNull().defaultTo("pending"))
    .addColumn("created_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn("updated_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  await db.schema.createIndex("support_tickets_user_idx").on("support_tickets").columns(["user_id", "status", "id"]).execute();
  await db.schema.createIndex("support_tickets_status_idx").on("support_tickets").columns(["status", "id"]).execute();

  await db.schema
    .createTable("support_ticket_messages")
    .addColumn("id", t.id, (c) => c.primaryKey())
    .addColumn("ticket_id", "integer", (c) => c.notNull().references("support_tickets.id").onDelete("cascade"))
    // customer | admin: set by the server from who is signed in, never from the form.
    .addColumn("author", "text", (c) => c.notNull())
    .addColumn("author_id", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("created_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  await db.schema.createIndex("support_ticket_messages_ticket_idx").on("support_ticket_messages").columns(["ticket_id", "id"]).execute();

  await db.schema
    .createTable("support_ticket_attachments")
    .addColumn("id", t.id, (c) => c.primaryKey())
    .addColumn("message_id", "integer", (c) => c.notNull().references("support_ticket_messages.id").onDelete("cascade"))
    // The file's name on disk (random hex and the extension of its content); its address.
    .addColumn("stored_name", "text", (c) => c.notNull().unique())
    // The name the sender gave it, shown and offered when downloading.
    .addColumn("file_name", "text", (c) => c.notNull())
    // pdf | png | jpeg, read from the content.
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("size_bytes", "integer", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("support_ticket_attachments_message_idx").on("support_ticket_attachments").column("message_id").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("support_ticket_attachments").ifExists().execute();
  await db.schema.dropTable("support_ticket_messages").ifExists().execute();
  await db.schema.dropTable("support_tickets").ifExists().execute();
  await db.schema.dropTable("ticket_issue_types").ifExists().execute();
}
