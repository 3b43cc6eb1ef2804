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

it("on SQLite a query's LIMIT is written into its SQL (planned once, not again at every run), and still limits", async () => {
  await test.db.insertInto("settings").values(["limit-a", "limit-b", "limit-c"].map((key) => ({ key, value: "" }))).execute();
  const pages = test.db.selectFrom("settings").select("key").where("key", "like", "limit-%").orderBy("key").limit(2);
  const compiled = pages.compile();
  expect(compiled.sql).toMatch(/ limit 2$/);
  expect(compiled.parameters).toEqual(["limit-%"]);
  expect(await pages.execute()).toEqual([{ key: "limit-a" }, { key: "limit-b" }]);
  // Anything but a whole number stays a bound value, never text in the SQL.
  const odd = test.db.selectFrom("settings").select("key").limit("1; drop table settings" as unknown as number).compile();
  expect(odd.sql).toMatch(/ limit \?$/);
});
