import type { LoaderFunctionArgs } from "@remix-run/node";
import { sql } from "kysely";
import { getDb } from "~/lib/db.server";
import { forRequest } from "~/lib/log.server";

/** A database that does not answer within this time counts as unreachable: a balancer must not wait longer. */
const CHECK_TIMEOUT_MS = 2_000;
/** When a balancer (or compose) should ask again. */
const RETRY_AFTER_SECONDS = 5;

/**
 * Readiness probe for a load balancer: 200 while the database answers, else 503 with Retry-After, so traffic goes
 * to the other instances until this one's database is back. (/healthz only says the process is alive.)
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const headers = { "Content-Type": "text/plain", "Cache-Control": "no-store" };
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
  });
  try {
    await Promise.race([sql`select 1`.execute(getDb()), timeout]);
    return new Response("ready", { headers });
  } catch (error) {
    console.warn(forRequest(request), `Not ready: the database is unreachable (${(error as Error).message}).`);
    return new Response("database unreachable", { status: 503, headers: { ...headers, "Retry-After": String(RETRY_AFTER_SECONDS) } });
  } finally {
    clearTimeout(timer);
  }
}
