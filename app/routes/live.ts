import type { LoaderFunctionArgs } from "@remix-run/node";
import { eventStream } from "remix-utils/sse/server";
import { shopContext } from "~/lib/context.server";
import { subscribeLive } from "~/lib/live.server";
import { signedInUser } from "~/modules/auth/sessions.server";
import { markConsoleSeen } from "~/modules/chat/chat.server";

/** Proxies close a connection that says nothing for a minute or so; a comment-like ping keeps it open. */
const PING_MS = 25_000;
/** Spec §7 last seen: every 10 minutes while a page is open (signedInUser writes it when it is older than that). */
const SEEN_MS = 10 * 60 * 1000;
/** While a staff member has the console open, their shop shows Online. */
const CONSOLE_SEEN_MS = 60_000;

/**
 * GET /live: the signed-in person's Server-Sent Events stream (one per tab, opened by the root with JS). It carries
 * only what changed (lib/live.server); the page then reloads its own data. The session decides whose events these
 * are, and the stream ends when that sign-in ends. Anyone else: 404.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { db, session, user } = await shopContext(request);
  if (!user) throw new Response("Not Found", { status: 404 });
  const inConsole = user.shop_id !== null && new URL(request.url).searchParams.get("from") === "console";
  if (inConsole) await markConsoleSeen(db, user.shop_id!);

  return eventStream(request.signal, (send, abort) => {
    const stop = subscribeLive(user.id, (event) => send({ event: "live", data: JSON.stringify(event) }), abort);
    const ping = setInterval(() => send({ event: "ping", data: "" }), PING_MS);
    // A database that is away for a moment must not end the process (an unhandled rejection): the stream stays
    // open and the next tick tries again.
    const seen = setInterval(async () => {
      if (!(await signedInUser(db, session).catch(() => user))) abort();
    }, SEEN_MS);
    const consoleSeen = inConsole ? setInterval(() => void markConsoleSeen(db, user.shop_id!).catch(() => undefined), CONSOLE_SEEN_MS) : null;
    return () => {
      stop();
      clearInterval(ping);
      clearInterval(seen);
      if (consoleSeen) clearInterval(consoleSeen);
    };
  }, { headers: { "X-Accel-Buffering": "no" } });
}
