import { sql } from "kysely";
import { dialectOf } from "~/db/dialect";
import { migrateToLatest } from "~/db/migrate";
import { isSeeded, seedDatabase } from "~/db/seed";
import { getDb } from "./db.server";

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
  // Keeps the query planner's statistics current as the catalogue changes (cheap when nothing changed).
  if (dialectOf(db) === "sqlite") await sql`PRAGMA optimize`.execute(db);
}
