import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest } from "~/db/migrate";
import { postgresUp, POSTGRES_URL } from "../../tests/integration/support/databases";
import { createDb, type Db } from "./db.server";
import { DatabaseUnavailableError, isDatabaseUnavailable } from "./database-unavailable.server";

/** The errors the real drivers throw, told apart: the database away (→ 503) or the request wrong (→ not a 503). */
const thrown = async (run: () => unknown) => {
  try {
    await run();
  } catch (error) {
    return error;
  }
  throw new Error("expected an error");
};

describe("database unavailable, told from the drivers' real errors", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bazaar-unavailable-"));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("PostgreSQL refusing connections, and node-postgres timing out, are unavailable", async () => {
    const closed = net.createServer();
    const port = await new Promise<number>((resolve) => closed.listen(0, "127.0.0.1", () => resolve((closed.address() as net.AddressInfo).port)));
    await new Promise((resolve) => closed.close(resolve));
    const refused = await thrown(() => new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${port}/test` }).connect());
    expect(isDatabaseUnavailable(refused)).toBe(true);

    // A server that accepts and never answers: the pool gives up after connectionTimeoutMillis.
    const silent = net.createServer(() => undefined);
    const silentPort = await new Promise<number>((resolve) => silent.listen(0, "127.0.0.1", () => resolve((silent.address() as net.AddressInfo).port)));
    const pool = new pg.Pool({ connectionString: `postgres://postgres@127.0.0.1:${silentPort}/test`, connectionTimeoutMillis: 200 });
    const timedOut = await thrown(() => pool.query("select 1"));
    expect(isDatabaseUnavailable(timedOut)).toBe(true);
    await pool.end();
    silent.close();
    expect(isDatabaseUnavailable(new DatabaseUnavailableError(refused))).toBe(true);
  });

  it.skipIf(!postgresUp)("a PostgreSQL error about the query is not", async () => {
    const client = new pg.Client({ connectionString: POSTGRES_URL });
    await client.connect();
    expect(isDatabaseUnavailable(await thrown(() => client.query("select * from no_such_table")))).toBe(false);
    expect(isDatabaseUnavailable(await thrown(() => client.query("select 1/0")))).toBe(false);
    await client.end();
  });

  it("SQLite locked past the busy timeout, or its file impossible to open, is unavailable; a broken constraint is not", async () => {
    const file = path.join(dir, "busy.sqlite");
    const holder = new Database(file);
    holder.exec("CREATE TABLE t (id INTEGER PRIMARY KEY)");
    const waiter = new Database(file);
    waiter.pragma("busy_timeout = 50");
    holder.exec("BEGIN IMMEDIATE");
    expect(isDatabaseUnavailable(await thrown(() => waiter.exec("INSERT INTO t VALUES (1)")))).toBe(true);
    holder.exec("ROLLBACK");
    waiter.exec("INSERT INTO t VALUES (1)");
    expect(isDatabaseUnavailable(await thrown(() => waiter.exec("INSERT INTO t VALUES (1)")))).toBe(false);
    holder.close();
    waiter.close();
    // A path SQLite cannot open as a database file (here a directory).
    expect(isDatabaseUnavailable(await thrown(() => new Database(dir).exec("CREATE TABLE t (id INTEGER)")))).toBe(true);
    expect(isDatabaseUnavailable(new Error("Something else"))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
  });
});

/**
 * A full disk, as SQLite reports it (SQLITE_FULL): here by PRAGMA max_page_count, which makes SQLite answer exactly as
 * when the disk has no room left; tests/integration/faults-disk-full.test.ts fills a real tmpfs over HTTP. A checkout-
 * sized transaction fails whole, the database stays consistent, and writes work again once there is room.
 */
describe("SQLite out of room (SQLITE_FULL through max_page_count)", () => {
  let db: Db;
  let dir: string;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "bazaar-full-"));
    db = createDb(`file:${path.join(dir, "full.sqlite")}`);
    await migrateToLatest(db);
  });
  afterAll(async () => {
    await db.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("fails the whole transaction with an unavailable error, corrupts nothing, and recovers", async () => {
    const { rows } = await sql<{ page_count: number }>`PRAGMA page_count`.execute(db);
    await sql.raw(`PRAGMA max_page_count = ${rows[0].page_count}`).execute(db);
    const stamp = new Date().toISOString();
    const contactMessages = (count: number) =>
      Array.from({ length: count }, (_, n) => ({ name: `Writer ${n}`, phone: "5550100001", subject: "Room", message: "x".repeat(2000), created_at: stamp }));
    const full = await thrown(() =>
      db.transaction().execute(async (trx) => {
        await trx.insertInto("contact_messages").values(contactMessages(1)).execute();
        await trx.insertInto("contact_messages").values(contactMessages(400)).execute();
      }),
    );
    expect((full as { code?: string }).code).toBe("SQLITE_FULL");
    expect(isDatabaseUnavailable(full)).toBe(true);
    const count = async () => Number((await db.selectFrom("contact_messages").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);
    expect(await count(), "nothing of the failed transaction is kept").toBe(0);
    expect((await sql<{ integrity_check: string }>`PRAGMA integrity_check`.execute(db)).rows).toEqual([{ integrity_check: "ok" }]);

    await sql`PRAGMA max_page_count = 1073741823`.execute(db);
    await db.insertInto("contact_messages").values(contactMessages(400)).execute();
    expect(await count()).toBe(400);
  });
});
