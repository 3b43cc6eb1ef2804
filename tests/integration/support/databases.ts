import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { describe } from "vitest";
import { migrateToLatest, SCHEMA_CHANGES_LOCK } from "~/db/migrate";
import { createDb, type Db } from "~/lib/db.server";

export const POSTGRES_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

export async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query("select 1");
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

export interface TestDatabase {
  kind: "sqlite" | "postgres";
  /** DATABASE_URL that reaches this database (for a server process). */
  url: string;
  db: Db;
  drop(): Promise<void>;
}

/** A fresh, migrated database: a temp SQLite file, or a throw-away schema in the local PostgreSQL. */
export async function createTestDatabase(kind: "sqlite" | "postgres"): Promise<TestDatabase> {
  if (kind === "sqlite") {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bazaar-test-"));
    const url = `file:${path.join(dir, "test.sqlite")}`;
    const db = createDb(url);
    await migrateToLatest(db);
    return { kind, url, db, drop: async () => { await db.destroy(); fs.rmSync(dir, { recursive: true, force: true }); } };
  }
  const schema = `test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const separator = POSTGRES_URL.includes("?") ? "&" : "?";
  const url = `${POSTGRES_URL}${separator}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
  const db = createDb(url);
  await migrateToLatest(db);
  return {
    kind,
    url,
    db,
    drop: async () => {
      await db.destroy();
      const cleanup = new pg.Client({ connectionString: POSTGRES_URL });
      await cleanup.connect();
      // Not while another schema is being migrated (app/db/migrate.ts); the lock ends with the session.
      await cleanup.query("SELECT pg_advisory_lock($1)", [SCHEMA_CHANGES_LOCK]);
      await cleanup.query(`DROP SCHEMA ${schema} CASCADE`);
      await cleanup.end();
    },
  };
}

const postgresUp = await postgresReachable();
if (!postgresUp) console.warn(`PostgreSQL not reachable at ${POSTGRES_URL}: its integration tests are skipped.`);

/** Runs a suite on SQLite, and again on PostgreSQL when one is reachable. */
export function describeEachDatabase(name: string, suite: (kind: "sqlite" | "postgres") => void) {
  describe(`${name} [sqlite]`, () => suite("sqlite"));
  describe.skipIf(!postgresUp)(`${name} [postgres]`, () => suite("postgres"));
}

export { postgresUp };
