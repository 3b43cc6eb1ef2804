import { CompiledQuery, type Compilable } from "kysely";
import { directSqlite, type Db } from "./db.server";

/** What the build function gets for argument i (or item j of list argument i): a value no caller passes. */
const STAND_IN = "\u0000bazaar-argument-";

/** Argument i, item j of list argument i, or a constant of the query. */
type Slot = number | [number, number] | { value: unknown };
interface Prepared { sql: string; slots: Slot[] }

/** Lengths of list arguments kept per query and dialect: a longer tail of lengths is compiled at each call. */
const SHAPES_KEPT = 64;

/**
 * A query Kysely builds and compiles once per dialect, then runs with each call's values. Kysely otherwise builds
 * and compiles a query anew on every call (some 25 µs, and the new SQL text is hashed again to find its prepared
 * statement): the queries every page runs are written this way (ADR 0028). `build` gets stand-ins for the
 * arguments and may only pass them on as values: the SQL must not depend on them (no optional parts), which the
 * first compile checks. An array argument is a list of values (`in` lists, ADR 0034): its length is part of the
 * SQL, so the query is compiled once per length.
 */
export function preparedQuery<Args extends unknown[], Row>(build: (db: Db, ...args: Args) => Compilable<Row>) {
  const byDialect = new WeakMap<object, Map<string, Prepared>>();
  return async (db: Db, ...args: Args): Promise<Row[]> => {
    // A transaction shares its database's adapter, and with it the SQL.
    const dialect = db.getExecutor().adapter;
    let shapes = byDialect.get(dialect);
    if (!shapes) byDialect.set(dialect, (shapes = new Map()));
    // The lengths of the list arguments ("" without any), made without an array for each query.
    let shape = "";
    for (let index = 0; index < args.length; index++) {
      const arg = args[index];
      if (Array.isArray(arg)) shape += `${index}:${arg.length} `;
    }
    let prepared = shapes.get(shape);
    if (!prepared) {
      prepared = prepare(build, db, args);
      if (shapes.size < SHAPES_KEPT) shapes.set(shape, prepared);
    }
    const parameters = prepared.slots.map((slot) =>
      typeof slot === "number" ? args[slot] : Array.isArray(slot) ? (args[slot[0]] as unknown[])[slot[1]] : slot.value,
    );
    // On SQLite the statement runs at once on its connection (better-sqlite3 is synchronous): Kysely's connection lock,
    // its query objects and the half-dozen promises of each query cost more than the smaller queries themselves.
    const direct = directSqlite(db);
    if (direct) return direct.run(prepared.sql, parameters) as Row[];
    const { rows } = await db.executeQuery<Row>(CompiledQuery.raw(prepared.sql, parameters));
    return rows;
  };
}

function prepare<Args extends unknown[], Row>(build: (db: Db, ...args: Args) => Compilable<Row>, db: Db, args: Args): Prepared {
  const standIns = args.map((arg, index) =>
    Array.isArray(arg) ? arg.map((_, item) => `${STAND_IN}${index}.${item}`) : `${STAND_IN}${index}`,
  ) as Args;
  const { sql, parameters } = build(db, ...standIns).compile();
  const slots = parameters.map((value): Slot => {
    if (typeof value !== "string" || !value.startsWith(STAND_IN)) return { value };
    const [index, item] = value.slice(STAND_IN.length).split(".").map(Number);
    return item === undefined ? index : [index, item];
  });
  const used = new Set(slots.filter((slot) => typeof slot !== "object" || Array.isArray(slot)).map(String));
  const expected = args.reduce<number>((count, arg) => count + (Array.isArray(arg) ? arg.length : 1), 0);
  if (used.size !== expected) throw new Error(`A prepared query must use each of its arguments (and each item of a list) as a value: ${sql}`);
  return { sql, slots };
}
