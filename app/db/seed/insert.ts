import { sql, type Insertable, type Kysely } from "kysely";
import { dialectOf } from "../dialect";
import type { Database } from "../schema";

/** A database handle or an open transaction. */
export type Executor = Kysely<Database>;

// SQLite accepts 32 766 bound parameters per statement, PostgreSQL 65 535; stay well below both.
const MAX_PARAMS = 30_000;
const MAX_ROWS = 1_000;

/** Inserts rows with multi-row statements of at most ~30 000 parameters each. All rows must have the same keys. */
export async function insertRows<T extends keyof Database & string>(
  db: Executor,
  table: T,
  rows: ReadonlyArray<Insertable<Database[T]>>,
): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0] as object).length || 1;
  const size = Math.max(1, Math.min(MAX_ROWS, Math.floor(MAX_PARAMS / columns)));
  for (let i = 0; i < rows.length; i += size) {
    // Kysely cannot narrow a generic table name; the row type is checked at the call site.
    await db.insertInto(table).values(rows.slice(i, i + size) as never).execute();
  }
}

/**
 * Rows are inserted with explicit ids (so children can reference them without a round trip);
 * on PostgreSQL each serial sequence is then moved past the highest id.
 */
export async function syncSequences(db: Executor, tables: readonly string[]): Promise<void> {
  if (dialectOf(db) !== "postgres") return;
  for (const table of tables) {
    await sql`SELECT setval(pg_get_serial_sequence(${table}, 'id'), COALESCE((SELECT MAX(id) FROM ${sql.table(table)}), 0) + 1, false)`.execute(db);
  }
}
