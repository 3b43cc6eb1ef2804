/**
 * "The database cannot answer right now" as opposed to "this request is wrong" (docs/decisions/0026-faults.md).
 * Such errors end as a 503 with Retry-After instead of a 500: PostgreSQL stopped, restarting or unreachable, the
 * SQLite file locked for longer than the busy timeout, its disk full, unreadable or gone.
 */

/** How long a client is asked to wait before trying again. */
export const RETRY_AFTER_SECONDS = 5;

/** Socket-level failures of a PostgreSQL connection (node's system error codes). */
const NETWORK_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "EHOSTUNREACH", "ENETUNREACH", "ENOTFOUND", "EAI_AGAIN"]);

/**
 * PostgreSQL's SQLSTATEs that mean the server, not the query: class 08 (connection exceptions), shutting down or
 * starting up (57P01–57P03), too many connections (53300).
 */
const POSTGRES_STATES = /^(08...|57P0[123]|53300)$/;

/** node-postgres's own messages for a connection that ended or never came up (they carry no code). */
const POSTGRES_MESSAGES = /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection ended unexpectedly)/;

/** better-sqlite3's codes, extended ones included (SQLITE_IOERR_WRITE, SQLITE_BUSY_SNAPSHOT …). */
const SQLITE_CODES = /^SQLITE_(BUSY|FULL|IOERR|CANTOPEN)(_|$)/;

function codeOf(error: object): string {
  const code = (error as { code?: unknown }).code;
  return typeof code === "string" ? code : "";
}

/** True when the error, or one it was caused by, says the database is unavailable. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let cause = error, depth = 0; cause && typeof cause === "object" && depth < 5; cause = (cause as { cause?: unknown }).cause, depth++) {
    const code = codeOf(cause);
    if (NETWORK_CODES.has(code) || POSTGRES_STATES.test(code) || SQLITE_CODES.test(code)) return true;
    if (cause instanceof Error && POSTGRES_MESSAGES.test(cause.message)) return true;
    // AggregateError: a host name that resolves to several addresses, all refused.
    if (cause instanceof AggregateError && cause.errors.some(isDatabaseUnavailable)) return true;
  }
  return false;
}

/** Thrown on by entry.server's handleError so that every kind of request reaches server.js's last handler. */
export class DatabaseUnavailableError extends Error {
  constructor(cause: unknown) {
    super("The database is unavailable", { cause });
    this.name = "DatabaseUnavailableError";
  }
}

const WARNING_INTERVAL_MS = 10_000;
let lastWarning = 0;
let unwarned = 0;

/**
 * One line (no stack: nothing is wrong with the code) at most every 10 seconds while the database is away, with the
 * number of requests answered 503 in between, so that an outage does not drown the log.
 */
export function warnDatabaseUnavailable(error: unknown) {
  const now = Date.now();
  if (now - lastWarning < WARNING_INTERVAL_MS) {
    unwarned += 1;
    return;
  }
  const reason = error instanceof Error ? `${codeOf(error) || error.name}: ${error.message}` : String(error);
  const since = unwarned ? `; ${unwarned} more since the last warning` : "";
  console.warn(`Database unavailable (${reason}): answering 503 with Retry-After ${RETRY_AFTER_SECONDS}${since}`);
  lastWarning = now;
  unwarned = 0;
}
