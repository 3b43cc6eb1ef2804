import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { CompiledQuery, Kysely, PostgresDialect, SqliteDialect, SqliteDriver, SqliteQueryCompiler, ValueNode, type DatabaseConnection, type LimitNode, type SqliteDialectConfig } from "kysely";
import pg from "pg";
import type { Database as Schema } from "~/db/schema";
import { warnDatabaseUnavailable } from "./database-unavailable.server";

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
      // Without a limit, a request waits forever for a server that does not answer; this way it gets a 503.
      connectionTimeoutMillis: Number(process.env.DATABASE_CONNECT_TIMEOUT_MS ?? 5000),
      types: pgTypes,
    });
    // A connection that PostgreSQL drops (a restart, a network cut) reports an 'error' event: on the pool while the
    // connection is idle, on the connection itself while a query holds it (Kysely listens to neither). Unheard, it
    // would end the process. The query in flight fails (a 503), the pool forgets the connection and opens a new one
    // when PostgreSQL is back.
    pool.on("error", warnDatabaseUnavailable);
    pool.on("connect", (client) => client.on("error", warnDatabaseUnavailable));
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
  const statements = withStatementCache(sqlite);
  const db = new Kysely<Schema>({ dialect: new ImmediateTransactionsDialect(sqlite, { database: statements }) });
  directStatements.set(db.getExecutor().adapter, {
    sqlite,
    run(sql, parameters) {
      const statement = statements.prepare(sql);
      if (statement.reader) return statement.all(parameters);
      statement.run(parameters);
      return [];
    },
  });
  return db;
}

/** An SQLite database's own connection, for statements run without Kysely's layers (lib/prepared-query.server). */
interface DirectStatements {
  sqlite: Database.Database;
  /** The rows of a statement that reads, none of one that writes. */
  run(sql: string, parameters: readonly unknown[]): unknown[];
}

/** By the adapter a database handle and its transactions share. */
const directStatements = new WeakMap<object, DirectStatements>();

/**
 * The SQLite connection behind `db`, where a statement may run at once, as Kysely would run it: `db` is a
 * transaction (its statements run on that one connection), or no transaction is open on the connection (else the
 * statement must wait for it to end, which only Kysely's lock of the connection knows how to do). Null otherwise, and
 * for PostgreSQL.
 */
export function directSqlite(db: Db): DirectStatements | null {
  const direct = directStatements.get(db.getExecutor().adapter);
  return direct && (db.isTransaction || !direct.sqlite.inTransaction) ? direct : null;
}

/** How long a transaction waits for the database's one writer (another process) before it gives up. */
const WRITE_LOCK_PATIENCE_MS = 30_000;

/**
 * Several processes (the workers of `npm start`, a script) write to one SQLite file, one writer at a time. A
 * transaction that reads first and writes later would fail at its first write (SQLITE_BUSY) whenever another
 * process wrote in between, without waiting: so every transaction takes the write lock when it begins
 * (`begin immediate`). The busy timeout waits for it; when another process keeps it longer, this one yields
 * to its event loop and asks again, rather than failing the shopper's checkout.
 */
class ImmediateTransactionsDialect extends SqliteDialect {
  constructor(
    private readonly sqlite: Database.Database,
    private readonly settings: SqliteDialectConfig,
  ) {
    super(settings);
  }

  createDriver() {
    return new ImmediateTransactionsDriver(this.sqlite, this.settings);
  }

  createQueryCompiler() {
    return new LiteralLimitQueryCompiler();
  }
}

/**
 * Writes a query's LIMIT as a number in its SQL, not as a bound value. SQLite plans a query with the LIMIT's bound
 * value and so plans it again every time a value is bound, which better-sqlite3 does at every run: a product page's
 * similar products, reviews and order news were compiled anew on every page (ADR 0034). A LIMIT written out is
 * planned once per statement, and the planner knows how few rows are wanted. The limits are the code's own numbers.
 */
class LiteralLimitQueryCompiler extends SqliteQueryCompiler {
  protected visitLimit(node: LimitNode) {
    if (ValueNode.is(node.limit) && Number.isSafeInteger(node.limit.value)) {
      this.append(`limit ${node.limit.value as number}`);
      return;
    }
    super.visitLimit(node);
  }
}

class ImmediateTransactionsDriver extends SqliteDriver {
  constructor(
    private readonly sqlite: Database.Database,
    settings: SqliteDialectConfig,
  ) {
    super(settings);
  }

  /**
   * On a full disk or an I/O error (SQLITE_FULL, SQLITE_IOERR …) SQLite rolls the transaction back by itself; Kysely's
   * ROLLBACK then fails with "no transaction is active" and that error would hide the real one (a 503 becomes a 500).
   * So the rollback is skipped when nothing is left to roll back.
   */
  async rollbackTransaction(connection: DatabaseConnection) {
    if (this.sqlite.inTransaction) await super.rollbackTransaction(connection);
  }

  async beginTransaction(connection: DatabaseConnection) {
    const deadline = Date.now() + WRITE_LOCK_PATIENCE_MS;
    for (;;) {
      try {
        await connection.executeQuery(CompiledQuery.raw("begin immediate"));
        return;
      } catch (error) {
        if (!String((error as { code?: string }).code).startsWith("SQLITE_BUSY") || Date.now() > deadline) throw error;
        await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20));
      }
    }
  }
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
