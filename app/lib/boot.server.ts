import { sql } from "kysely";
import { dialectOf } from "~/db/dialect";
import { migrateToLatest } from "~/db/migrate";
import { isSeeded, seedDatabase } from "~/db/seed";
import { getDb, type Db } from "./db.server";

/** Brings the database to the latest schema and fills an empty one with the demo marketplace. */
export async function prepareDatabase() {
  const db = getDb();
  const applied = await migrateToLatest(db);
  if (applied.length) console.log(`Database migrated: ${applied.join(", ")}`);
  if (!(await isSeeded(db))) {
    const started = Date.now();
    console.log("Empty database: seeding the demo marketplace…");
    await seedDatabase(db);
    console.log(`Demo marketplace seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  if (dialectOf(db) === "sqlite") await refreshPlannerStatistics(db);
}

/**
 * Keeps the query planner's statistics current as the catalogue changes (cheap when nothing changed), without
 * sqlite_stat4's samples: better-sqlite3 builds SQLite with STAT4, and with samples a statement whose bound value
 * meets an indexed column is planned anew at every run, which cost more than running most of the shop's queries
 * (a cart's lines 186 → 56 µs, a product's row 91 → 16 µs). The table sizes in sqlite_stat1 are what its plans
 * need (ADR 0032). Processes that open the database later read the statistics as left here.
 */
export async function refreshPlannerStatistics(db: Db) {
  await sql`PRAGMA optimize`.execute(db);
  const { rows } = await sql`select 1 from sqlite_schema where name = 'sqlite_stat4'`.execute(db);
  if (rows.length === 0) return;
  await sql`delete from sqlite_stat4`.execute(db);
  // Reloads the statistics into this connection's schema.
  await sql`ANALYZE sqlite_schema`.execute(db);
}
