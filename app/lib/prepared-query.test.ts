import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestDatabase, describeEachDatabase, type TestDatabase } from "../../tests/integration/support/databases";
import { preparedQuery } from "./prepared-query.server";

describeEachDatabase("prepared queries", (kind) => {
  let test: TestDatabase;

  beforeAll(async () => {
    test = await createTestDatabase(kind);
    await test.db.insertInto("categories").values([
      { id: 1, name: "Books", slug: "books", thumbnail: "/b.svg", is_active: 1 },
      { id: 2, name: "Games", slug: "games", thumbnail: "/g.svg", is_active: 1 },
      { id: 3, name: "Gone", slug: "gone", thumbnail: "/x.svg", is_active: 0 },
    ]).execute();
  });
  afterAll(() => test.drop());

  const activeCategory = preparedQuery((db, slug: string) =>
    db.selectFrom("categories").select(["id", "name"]).where("slug", "=", slug).where("is_active", "=", 1));

  it("answers each call with its own values, compiled once", async () => {
    expect(await activeCategory(test.db, "games")).toEqual([{ id: 2, name: "Games" }]);
    expect(await activeCategory(test.db, "books")).toEqual([{ id: 1, name: "Books" }]);
    // The constant of the query stays a constant: an inactive category is not found.
    expect(await activeCategory(test.db, "gone")).toEqual([]);
    // A value that looks like SQL is only a value.
    expect(await activeCategory(test.db, "books' or 1=1 --")).toEqual([]);
  });

  it("runs inside a transaction, seeing its writes", async () => {
    await test.db.transaction().execute(async (trx) => {
      await trx.updateTable("categories").set({ name: "Novels" }).where("id", "=", 1).execute();
      expect(await activeCategory(trx, "books")).toEqual([{ id: 1, name: "Novels" }]);
      await trx.updateTable("categories").set({ name: "Books" }).where("id", "=", 1).execute();
    });
  });

  it("run outside a transaction, neither sees nor joins another request's open transaction", async () => {
    const rename = preparedQuery((db, id: number, name: string) => db.updateTable("categories").set({ name }).where("id", "=", id));
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let opened!: () => void;
    const open = new Promise<void>((resolve) => (opened = resolve));
    const rolledBack = test.db
      .transaction()
      .execute(async (trx) => {
        await trx.updateTable("categories").set({ name: "Uncommitted" }).where("id", "=", 2).execute();
        opened();
        await held;
        throw new Error("rolled back");
      })
      .catch(() => "rolled back");
    await open;
    const read = activeCategory(test.db, "games");
    const written = rename(test.db, 3, "Renamed");
    release();
    expect(await rolledBack).toBe("rolled back");
    expect(await read).toEqual([{ id: 2, name: "Games" }]);
    await written;
    expect(await test.db.selectFrom("categories").select("name").where("id", "=", 3).executeTakeFirst()).toEqual({ name: "Renamed" });
    await rename(test.db, 3, "Gone");
  });

  it("takes a list argument as an `in` list, each length compiled on its own", async () => {
    const activeAmong = preparedQuery((db, ids: number[], name: string) =>
      db.selectFrom("categories").select("id").where("id", "in", ids).where("is_active", "=", 1).where("name", "!=", name).orderBy("id"));
    expect(await activeAmong(test.db, [1, 2, 3], "")).toEqual([{ id: 1 }, { id: 2 }]);
    expect(await activeAmong(test.db, [2], "")).toEqual([{ id: 2 }]);
    expect(await activeAmong(test.db, [3, 1, 2], "Books")).toEqual([{ id: 2 }]);
    expect(await activeAmong(test.db, [3], "")).toEqual([]);
  });

  it("refuses a query whose SQL would depend on an argument", async () => {
    const computed = preparedQuery((db, limit: number) => db.selectFrom("categories").select("id").limit(Number(limit) + 1));
    await expect(computed(test.db, 1)).rejects.toThrow(/must use each of its arguments \(and each item of a list\) as a value/);
  });
});
