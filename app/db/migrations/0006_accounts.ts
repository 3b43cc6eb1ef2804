import type { Kysely } from "kysely";
import { columnTypes } from "../dialect";

/**
 * Accounts: server-side sign-in sessions (the cookie holds only a random token), one-time codes, the
 * dev outbox of sent messages, password-reset tokens, linked social accounts and delivery addresses.
 * Tokens and codes are stored as SHA-256 hashes, never as typed or sent.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(db);

  await db.schema
    .createTable("user_sessions")
    .addColumn("token_hash", "text", (c) => c.primaryKey())
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("created_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn("expires_at", t.timestamp, (c) => c.notNull())
    .addColumn("last_seen_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  await db.schema.createIndex("user_sessions_user_idx").on("user_sessions").column("user_id").execute();

  await db.schema
    .createTable("one_time_codes")
    .addColumn("id", t.id, (c) => c.primaryKey())
    .addColumn("purpose", "text", (c) => c.notNull()) // register | reset
    .addColumn("channel", "text", (c) => c.notNull()) // email | phone
    .addColumn("recipient", "text", (c) => c.notNull()) // the address or +code phone it was sent to
    .addColumn("user_id", "integer", (c) => c.references("users.id").onDelete("cascade"))
    .addColumn("code_hash", "text", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn("expires_at", t.timestamp, (c) => c.notNull())
    .addColumn("used_at", t.timestamp)
    .execute();
  await db.schema.createIndex("one_time_codes_recipient_idx").on("one_time_codes").columns(["purpose", "recipient", "created_at"]).execute();

  await db.schema
    .createTable("outbox")
    .addColumn("id", t.id, (c) => c.primaryKey())
    .addColumn("channel", "text", (c) => c.notNull()) // email | sms
    .addColumn("recipient", "text", (c) => c.notNull())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("created_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();

  await db.schema
    .createTable("password_reset_tokens")
    .addColumn("token_hash", "text", (c) => c.primaryKey())
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("created_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn("expires_at", t.timestamp, (c) => c.notNull())
    .addColumn("used_at", t.timestamp)
    .execute();

  await db.schema
    .createTable("social_accounts")
    .addColumn("id", t.id, (c) => c.primaryKey())
    .addColumn("provider", "text", (c) => c.notNull()) // google | facebook | apple
    .addColumn("subject", "text", (c) => c.notNull()) // the provider's stable user id
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("email", "text")
    .addColumn("created_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addUniqueConstraint("social_accounts_provider_subject_key", ["provider", "subject"])
    .execute();

  await db.schema
    .createTable("addresses")
    .addColumn("id", t.id, (c) => c.primaryKey())
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("phone", "text", (c) => c.notNull())
    .addColumn("area", "text")
    .addColumn("flat_no", "text")
    .addColumn("post_code", "text")
    .addColumn("address_line", "text", (c) => c.notNull())
    .addColumn("address_line2", "text")
    .addColumn("address_type", "text", (c) => c.notNull().defaultTo("home")) // home | office | other
    .addColumn("is_default", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("latitude", t.float)
    .addColumn("longitude", t.float)
    .addColumn("created_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn("updated_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  await db.schema.createIndex("addresses_user_idx").on("addresses").columns(["user_id", "is_default"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ["addresses", "social_accounts", "password_reset_tokens", "outbox", "one_time_codes", "user_sessions"]) {
    await db.schema.dropTable(table).execute();
  }
}
