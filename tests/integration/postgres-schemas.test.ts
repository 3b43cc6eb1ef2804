import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { migrateToLatest } from "~/db/migrate";
import { createDb } from "~/lib/db.server";
import { createTestDatabase, postgresUp } from "./support/databases";

/**
 * One PostgreSQL database holds several shops side by side, each in a schema of its own (the tests' throw-away
 * schemas, the benchmarks' kept catalogues): each is migrated on its own, whatever the others hold.
 */
describe.skipIf(!postgresUp)("migrations in a PostgreSQL database shared by several schemas", () => {
  it("migrates a new schema while another one is migrated, and keeps each schema's record of migrations in it", async () => {
    const first = await createTestDatabase("postgres");
    try {
      const second = await createTestDatabase("postgres");
      try {
        for (const { db } of [first, second]) {
          const { rows } = await sql<{ schema: string; migrations: string }>`
            SELECT current_schema() AS schema, (SELECT count(*) FROM kysely_migration) AS migrations`.execute(db);
          const [{ schema: own }] = rows;
          const { rows: homes } = await sql<{ schema: string }>`
            SELECT table_schema AS schema FROM information_schema.tables WHERE table_name = 'kysely_migration' AND table_schema = ${own}`.execute(db);
          expect(homes).toHaveLength(1);
          expect(Number(rows[0].migrations)).toBeGreaterThan(0);
          expect(await db.selectFrom("products").select("id").limit(1).execute()).toEqual([]);
        }
      } finally {
        await second.drop();
      }
    } finally {
      await first.drop();
    }
  });

  it("migrates with a pool of one connection (DATABASE_POOL_SIZE=1), the schema lock held on it", async () => {
    const test = await createTestDatabase("postgres");
    const before = process.env.DATABASE_POOL_SIZE;
    process.env.DATABASE_POOL_SIZE = "1";
    const poolOfOne = createDb(test.url);
    try {
      // A server starting on a migrated database: the migrator runs on the one connection, which holds the lock.
      expect(await migrateToLatest(poolOfOne)).toEqual([]);
      expect(await poolOfOne.selectFrom("products").select("id").limit(1).execute()).toEqual([]);
    } finally {
      if (before === undefined) delete process.env.DATABASE_POOL_SIZE;
      else process.env.DATABASE_POOL_SIZE = before;
      await poolOfOne.destroy();
      await test.drop();
    }
  });
});
