import { sql } from "kysely";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../tests/integration/support/databases";
import { refreshPlannerStatistics } from "./boot.server";

let test: TestDatabase;
beforeAll(async () => {
  test = await createTestDatabase("sqlite");
});
afterAll(async () => test?.drop());

it("on SQLite keeps the planner's table sizes and drops the per-value samples that made it plan each run anew", async () => {
  await sql`ANALYZE`.execute(test.db);
  const count = async (table: string) => Number((await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(test.db)).rows[0].n);
  expect(await count("sqlite_stat4")).toBeGreaterThan(0);

  await refreshPlannerStatistics(test.db);

  expect(await count("sqlite_stat4")).toBe(0);
  expect(await count("sqlite_stat1")).toBeGreaterThan(0);
  // A shopper's cart lines are still found through the cart's index, not by reading every line.
  const plan = await sql<{ detail: string }>`explain query plan select id from cart_items where user_id = ${1} and is_buy_now = ${0}`.execute(test.db);
  expect(plan.rows.map((row) => row.detail).join("\n")).toMatch(/USING (COVERING )?INDEX/);
});
