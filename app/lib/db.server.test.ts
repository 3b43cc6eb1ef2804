import Database from "better-sqlite3";
import { sql } from "kysely";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../tests/integration/support/databases";

let test: TestDatabase;
beforeAll(async () => {
  test = await createTestDatabase("sqlite");
});
afterAll(async () => test?.drop());

it("on SQLite a transaction holds the write lock from its start: no other process writes between its read and its write", async () => {
  // Another process on the same file (a second worker of `npm start`), which here does not wait for the lock.
  const otherProcess = new Database(test.url.replace(/^file:/, ""));
  otherProcess.pragma("busy_timeout = 0");
  const key = "db-lock-test";
  await test.db.insertInto("settings").values({ key, value: "0" }).execute();

  await test.db.transaction().execute(async (trx) => {
    const { value } = await trx.selectFrom("settings").select("value").where("key", "=", key).executeTakeFirstOrThrow();
    // A deferred transaction would let this write in, then fail its own write at once with SQLITE_BUSY_SNAPSHOT.
    expect(() => otherProcess.prepare("update settings set value = '100' where key = ?").run(key)).toThrow(/locked|busy/i);
    await trx.updateTable("settings").set({ value: String(Number(value) + 1) }).where("key", "=", key).execute();
  });

  otherProcess.prepare("update settings set value = value + 100 where key = ?").run(key);
  const { value } = await test.db.selectFrom("settings").select("value").where("key", "=", key).executeTakeFirstOrThrow();
  expect(Number(value)).toBe(101);
  expect((await sql<{ journal_mode: string }>`pragma journal_mode`.execute(test.db)).rows[0].journal_mode).toBe("wal");
  otherProcess.close();
});
