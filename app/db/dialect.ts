import { PostgresAdapter, sql, type Kysely } from "kysely";

export type DialectName = "sqlite" | "postgres";

export function dialectOf(db: Kysely<any>): DialectName {
  return db.getExecutor().adapter instanceof PostgresAdapter ? "postgres" : "sqlite";
}

/**
 * The few column types that differ between SQLite and PostgreSQL. Everything else
 * (integer money in minor units, 0/1 flags, text) is written once for both.
 */
export function columnTypes(db: Kysely<any>) {
  const postgres = dialectOf(db) === "postgres";
  return {
    /** Auto-increment primary key. */
    id: postgres ? ("serial" as const) : ("integer" as const),
    /** A point in time; read back as an ISO-8601 UTC string on both (see lib/db.server.ts). */
    timestamp: postgres ? ("timestamptz" as const) : ("text" as const),
    /** Ratings and exchange rates. */
    float: "double precision" as const,
    /** Default for timestamp columns: the current time in the same ISO-8601 form the app writes. */
    now: postgres ? sql`CURRENT_TIMESTAMP` : sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`,
  };
}
