/**
 * Backups of the SQLite database (docs/reliability.md; PostgreSQL uses pg_dump, see the README).
 *
 *   npm run db:backup [-- --to file]         a consistent copy, taken while the shop runs (SQLite's online backup)
 *   npm run db:restore -- <file> [--force]   the copy back into the configured database (the shop stopped)
 *
 * DATABASE_URL picks the database as for the server: unset or file:/path = SQLite.
 */
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { describeDatabaseUrl } from "~/lib/db.server";

if (fs.existsSync(".env")) process.loadEnvFile(".env");

const USAGE = `Usage:
  npm run db:backup [-- --to file]
  npm run db:restore -- <file> [--force]`;

const POSTGRES_ADVICE =
  "DATABASE_URL names PostgreSQL: back it up with pg_dump -Fc and restore with pg_restore (README, \"Backups\").";

/** Tables every Bazaar database has, whatever its age. */
const BAZAAR_TABLES = ["kysely_migration", "settings", "users", "shops", "products", "orders"];

class Refusal extends Error {}

function sqliteFile(): string {
  const target = describeDatabaseUrl();
  if (target.kind === "postgres") throw new Refusal(POSTGRES_ADVICE);
  return target.file;
}

const timestamp = () => new Date().toISOString().replace(/[:.]/g, "-").replace(/-\d{3}Z$/, "Z");

function count(db: Database.Database, table: string): number {
  return (db.prepare(`SELECT COUNT(*) AS n FROM "${table}"`).get() as { n: number }).n;
}

function tablesOf(db: Database.Database): Set<string> {
  return new Set((db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]).map((row) => row.name));
}

const summary = (db: Database.Database) =>
  `${count(db, "products")} products, ${count(db, "users")} users, ${count(db, "orders")} orders`;

/** Opens a file that must be a whole Bazaar database, or says what it is not. */
function openBazaarDatabase(file: string): Database.Database {
  if (!fs.existsSync(file) || !fs.statSync(file).isFile()) throw new Refusal(`${file}: no such file.`);
  const header = Buffer.alloc(16);
  const descriptor = fs.openSync(file, "r");
  fs.readSync(descriptor, header, 0, 16, 0);
  fs.closeSync(descriptor);
  if (header.toString("latin1") !== "SQLite format 3\0") throw new Refusal(`${file} is not an SQLite database.`);
  const db = new Database(file, { readonly: true, fileMustExist: true });
  const problem = (() => {
    const missing = BAZAAR_TABLES.filter((table) => !tablesOf(db).has(table));
    if (missing.length) return `${file} is not a Bazaar database (no ${missing.join(", ")} table).`;
    const check = db.pragma("integrity_check") as { integrity_check: string }[];
    if (check[0]?.integrity_check !== "ok") return `${file} is damaged: ${check.map((row) => row.integrity_check).join("; ")}`;
    return null;
  })();
  if (problem) {
    db.close();
    throw new Refusal(problem);
  }
  return db;
}

async function backup(args: string[]) {
  const file = sqliteFile();
  if (!fs.existsSync(file)) throw new Refusal(`${file}: no database to back up.`);
  const toIndex = args.indexOf("--to");
  if (toIndex !== -1 && !args[toIndex + 1]) throw new Refusal("--to needs a file name.");
  const destination = path.resolve(toIndex !== -1 ? args[toIndex + 1] : path.join(path.dirname(file), "backups", `bazaar-${timestamp()}.sqlite`));
  if (fs.existsSync(destination)) throw new Refusal(`${destination} exists already: choose another name.`);
  fs.mkdirSync(path.dirname(destination), { recursive: true });
  const source = new Database(file, { readonly: true, fileMustExist: true });
  try {
    // The online backup API: page by page, restarted if the shop writes meanwhile, so the copy is one consistent
    // moment of the database, with what the WAL holds.
    await source.backup(destination);
  } finally {
    source.close();
  }
  const copy = openBazaarDatabase(destination);
  console.log(`Backed up ${file} to ${destination} (${summary(copy)}; ${(fs.statSync(destination).size / 1024 / 1024).toFixed(1)} MB).`);
  copy.close();
}

async function restore(args: string[]) {
  const force = args.includes("--force");
  const [from] = args.filter((arg) => arg !== "--force");
  if (!from) throw new Refusal(USAGE);
  const file = sqliteFile();
  const source = openBazaarDatabase(path.resolve(from));
  try {
    if (fs.existsSync(file) && fs.statSync(file).size > 0) {
      const current = new Database(file, { readonly: true, fileMustExist: true });
      const tables = tablesOf(current);
      const what = tables.has("orders") && tables.has("products") && tables.has("users") ? summary(current) : `${tables.size} tables`;
      current.close();
      if (tables.size > 0 && !force) {
        throw new Refusal(`${file} is not empty (${what}). Stop the shop and add --force to replace it with the backup.`);
      }
    }
    fs.mkdirSync(path.dirname(file), { recursive: true });
    // Copied next to the database, then swapped in with one rename: an interrupted restore leaves the old file.
    const incoming = `${file}.restoring-${process.pid}`;
    await source.backup(incoming);
    for (const companion of [`${file}-wal`, `${file}-shm`]) fs.rmSync(companion, { force: true });
    fs.renameSync(incoming, file);
    console.log(`Restored ${path.resolve(from)} into ${file} (${summary(source)}).`);
  } finally {
    source.close();
  }
}

const [command, ...args] = process.argv.slice(2);
const run = command === "backup" ? backup : command === "restore" ? restore : null;
if (!run) {
  console.error(USAGE);
  process.exitCode = 1;
} else {
  await run(args).catch((error: unknown) => {
    console.error(error instanceof Refusal ? error.message : error);
    process.exitCode = 1;
  });
}
