import { useLocation, useRevalidator } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { usePersonal } from "~/lib/personal";
import { useEventSource } from "remix-utils/sse/react";

/** Pusher's public key and cluster when the shop uses Pusher; null for the shop's own Server-Sent Events. */
export type LivePusher = { key: string; cluster: string } | null;

/**
 * With JavaScript, a signed-in person's pages follow what others do — a chat reply, a ticket answer — without a
 * reload: each event (it says only what changed) reloads the page's data, which brings the new message, the
 * unread badges and the header along. Without JavaScript the same shows on the next page.
 */
export function LiveUpdates({ pusher }: { pusher: LivePusher }) {
  const { revalidate } = useRevalidator();
  // Read in the browser only (in the effect): a page rendered to be kept for many shoppers has no shopper of its own.
  const current = usePersonal();
  const personal = useRef(current);
  personal.current = current;
  const inConsole = useLocation().pathname.startsWith("/shop-console");
  const latest = useEventSource(inConsole ? "/live?from=console" : "/live", { event: "live", enabled: pusher === null });
  useEffect(() => {
    if (latest) revalidate();
  }, [latest, revalidate]);

  useEffect(() => {
    const userId = personal.current.user()?.id;
    if (!pusher || userId === undefined) return;
    let stopped = false;
    let disconnect = () => {};
    void import("pusher-js").then(({ default: Pusher }) => {
      if (stopped) return;
      const client = new Pusher(pusher.key, { cluster: pusher.cluster, channelAuthorization: { endpoint: "/live/pusher-auth", transport: "ajax" } });
      client.subscribe(`private-user-${userId}`).bind("live", () => revalidate());
      disconnect = () => client.disconnect();
    });
    return () => {
      stopped = true;
      disconnect();
    };
  }, [pusher, revalidate]);
  return null;
}
