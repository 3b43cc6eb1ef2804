import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { Kysely, PostgresDialect, SqliteDialect } from "kysely";
import pg from "pg";
import type { Database as Schema } from "~/db/schema";

export type Db = Kysely<Schema>;

const DEFAULT_SQLITE_FILE = "data/bazaar.sqlite";
/** Address space for reading the SQLite file through a memory map (the OS shares and evicts its pages). */
const SQLITE_MMAP_BYTES = 2 ** 30;

/** Reads DATABASE_URL: postgres://… or postgresql://… for PostgreSQL; file:… (or nothing) for SQLite. */
export function describeDatabaseUrl(url = process.env.DATABASE_URL) {
  if (url && /^postgres(ql)?:\/\//.test(url)) return { kind: "postgres" as const, url };
  const file = url ? url.replace(/^(file|sqlite):(\/\/)?/, "") : DEFAULT_SQLITE_FILE;
  return { kind: "sqlite" as const, file: path.resolve(file || DEFAULT_SQLITE_FILE) };
}

// PostgreSQL answers counts and sums as strings and timestamps as Date; the app reads numbers
// and ISO strings from SQLite, so PostgreSQL is made to answer the same.
const pgTypes = {
  getTypeParser(oid: number, format?: "text" | "binary") {
    switch (oid) {
      case 20: // int8
      case 1700: // numeric
        return (value: string) => Number(value);
      case 1184: // timestamptz
      case 1114: // timestamp
        return (value: string) => new Date(value.includes("+") || value.endsWith("Z") ? value : `${value}Z`).toISOString();
      default:
        return pg.types.getTypeParser(oid, format);
    }
  },
};

export function createDb(url = process.env.DATABASE_URL): Db {
  const target = describeDatabaseUrl(url);
  if (target.kind === "postgres") {
    const pool = new pg.Pool({
      connectionString: target.url,
      max: Number(process.env.DATABASE_POOL_SIZE ?? 10),
      types: pgTypes,
    });
    return new Kysely<Schema>({ dialect: new PostgresDialect({ pool }) });
  }
  fs.mkdirSync(path.dirname(target.file), { recursive: true });
  const sqlite = new Database(target.file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = NORMAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  // Reads through a memory map instead of a read() call per page: a random product touches pages no small cache
  // holds, and the calls cost more CPU than the queries (ADR 0028). Writes still go through the journal as before.
  sqlite.pragma(`mmap_size = ${SQLITE_MMAP_BYTES}`);
  return new Kysely<Schema>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
}

const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every query anew; a page runs the same few dozen shapes again and again, so compiled
 * statements are kept (least recently used dropped first). Safe because queries run to completion one at
 * a time: nothing here streams rows through an open statement.
 */
function withStatementCache(sqlite: Database.Database) {
  const statements = new Map<string, Database.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      let statement = statements.get(sql);
      if (statement) statements.delete(sql);
      else statement = sqlite.prepare(sql);
      statements.set(sql, statement);
      if (statements.size > STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value!);
      return statement;
    },
  };
}

const holder = globalThis as typeof globalThis & { __bazaarDb?: Db };

/** The process-wide database handle (kept across dev rebuilds). */
export function getDb(): Db {
  holder.__bazaarDb ??= createDb();
  return holder.__bazaarDb;
}
