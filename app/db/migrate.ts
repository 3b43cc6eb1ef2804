import { Migrator, sql, type Kysely, type Migration, type MigrationProvider } from "kysely";
import { dialectOf } from "./dialect";
import * as m0001 from "./migrations/0001_catalogue";
import * as m0002 from "./migrations/0002_search";
import * as m0003 from "./migrations/0003_contact_messages";
import * as m0004 from "./migrations/0004_shop_product_indexes";
import * as m0005 from "./migrations/0005_similar_products_index";
import * as m0006 from "./migrations/0006_accounts";
import * as m0007 from "./migrations/0007_cart_orders";
import * as m0008 from "./migrations/0008_order_currency";
import * as m0009 from "./migrations/0009_shop_staff_order_events";
import * as m0010 from "./migrations/0010_wishlist";
import * as m0011 from "./migrations/0011_reviews_of_order_items";
import * as m0012 from "./migrations/0012_returns";
import * as m0013 from "./migrations/0013_digital_delivery";
import * as m0014 from "./migrations/0014_chat";
import * as m0015 from "./migrations/0015_support_tickets";
import * as m0016 from "./migrations/0016_related_products_order";
import * as m0017 from "./migrations/0017_one_index_for_views";

/** Migrations are listed here (not read from disk) so they run the same from the server bundle and the CLI. */
const migrations: Record<string, Migration> = {
  "0001_catalogue": m0001,
  "0002_search": m0002,
  "0003_contact_messages": m0003,
  "0004_shop_product_indexes": m0004,
  "0005_similar_products_index": m0005,
  "0006_accounts": m0006,
  "0007_cart_orders": m0007,
  "0008_order_currency": m0008,
  "0009_shop_staff_order_events": m0009,
  "0010_wishlist": m0010,
  "0011_reviews_of_order_items": m0011,
  "0012_returns": m0012,
  "0013_digital_delivery": m0013,
  "0014_chat": m0014,
  "0015_support_tickets": m0015,
  "0016_related_products_order": m0016,
  "0017_one_index_for_views": m0017,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/**
 * On PostgreSQL, the schema the connection works in. Kysely looks for its migration tables in every schema of the
 * database unless told which: a database with several shops in schemas of their own (tests, benchmarks) would
 * otherwise take another schema's tables for this one's and fail.
 */
async function ownSchema(db: Kysely<any>): Promise<string | undefined> {
  if (dialectOf(db) !== "postgres") return undefined;
  const { rows } = await sql<{ schema: string }>`SELECT current_schema() AS schema`.execute(db);
  return rows[0]?.schema ?? undefined;
}

/**
 * The advisory lock under which schemas of one PostgreSQL database are migrated or dropped, one at a time: Kysely
 * looks for its migration tables among the tables of every schema, and that read fails ("schema … does not exist")
 * when another schema is dropped meanwhile (test runs, benchmarks and shops sharing a database).
 */
export const SCHEMA_CHANGES_LOCK = 7_204_551;

export async function migrateToLatest(db: Kysely<any>) {
  if (dialectOf(db) !== "postgres") return migrate(db);
  // The migrations run on the connection that holds the lock: a pool of one connection (DATABASE_POOL_SIZE=1) would
  // otherwise wait for itself.
  return db.connection().execute(async (holder) => {
    await sql`SELECT pg_advisory_lock(${SCHEMA_CHANGES_LOCK})`.execute(holder);
    try {
      return await migrate(holder);
    } finally {
      await sql`SELECT pg_advisory_unlock(${SCHEMA_CHANGES_LOCK})`.execute(holder);
    }
  });
}

async function migrate(db: Kysely<any>) {
  // Branches add migrations side by side: one merged later with a lower number still runs on a database already past it.
  const migrator = new Migrator({ db, provider, allowUnorderedMigrations: true, migrationTableSchema: await ownSchema(db) });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === "Error")?.migrationName ?? "unknown";
    throw new Error(`Migration ${failed} failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  return results?.filter((r) => r.status === "Success").map((r) => r.migrationName) ?? [];
}
