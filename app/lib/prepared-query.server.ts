import { CompiledQuery, type Compilable } from "kysely";
import type { Db } from "./db.server";

/** What the build function gets for argument i: a value no caller passes, found again among the compiled parameters. */
const STAND_IN = "\u0000bazaar-argument-";

type Slot = number | { value: unknown };

/**
 * A query Kysely builds and compiles once per dialect, then runs with each call's values. Kysely otherwise builds
 * and compiles a query anew on every call (some 25 µs, and the new SQL text is hashed again to find its prepared
 * statement): the queries every page runs are written this way (ADR 0028). `build` gets stand-ins for the
 * arguments and may only pass them on as values: the SQL must not depend on them (no `in` lists, no optional
 * parts), which the first compile checks.
 */
export function preparedQuery<Args extends unknown[], Row>(build: (db: Db, ...args: Args) => Compilable<Row>) {
  const byDialect = new WeakMap<object, { sql: string; slots: Slot[] }>();
  return async (db: Db, ...args: Args): Promise<Row[]> => {
    // A transaction shares its database's adapter, and with it the SQL.
    const dialect = db.getExecutor().adapter;
    let prepared = byDialect.get(dialect);
    if (!prepared) {
      const standIns = args.map((_, index) => `${STAND_IN}${index}`) as Args;
      const { sql, parameters } = build(db, ...standIns).compile();
      const slots = parameters.map((value): Slot =>
        typeof value === "string" && value.startsWith(STAND_IN) ? Number(value.slice(STAND_IN.length)) : { value },
      );
      const used = new Set(slots.filter((slot) => typeof slot === "number"));
      if (used.size !== args.length) throw new Error(`A prepared query must use each of its ${args.length} arguments as a value: ${sql}`);
      prepared = { sql, slots };
      byDialect.set(dialect, prepared);
    }
    const parameters = prepared.slots.map((slot) => (typeof slot === "number" ? args[slot] : slot.value));
    const { rows } = await db.executeQuery<Row>(CompiledQuery.raw(prepared.sql, parameters));
    return rows;
  };
}
