import { useLocation, useRevalidator } from "@remix-run/react";
import { useEffect } from "react";
import { useEventSource } from "remix-utils/sse/react";

/** Pusher's public key and cluster when the shop uses Pusher; null for the shop's own Server-Sent Events. */
export type LivePusher = { key: string; cluster: string } | null;

/**
 * With JavaScript, a signed-in person's pages follow what others do — a chat reply, a ticket answer — without a
 * reload: each event (it says only what changed) reloads the page's data, which brings the new message, the
 * unread badges and the header along. Without JavaScript the same shows on the next page.
 */
export function LiveUpdates({ userId, pusher }: { userId: number; pusher: LivePusher }) {
  const { revalidate } = useRevalidator();
  const inConsole = useLocation().pathname.startsWith("/shop-console");
  const latest = useEventSource(inConsole ? "/live?from=console" : "/live", { event: "live", enabled: pusher === null });
  useEffect(() => {
    if (latest) revalidate();
  }, [latest, revalidate]);

  useEffect(() => {
    if (!pusher) return;
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
  }, [pusher, userId, revalidate]);
  return null;
}
