import { useMatches } from "@remix-run/react";
import { useRootData } from "~/root";

/**
 * The signed-in person's unread chat messages for the badges. The messages screen reads (and so marks read) its
 * chat while the root counts in parallel: there its own count, taken after reading, is the right one.
 */
export function useUnreadMessages(): number {
  const root = useRootData();
  const screen = useMatches().find((match) => match.id === "routes/_account.massages")?.data as { unread?: number } | undefined;
  return screen?.unread ?? root?.counts.messages ?? 0;
}
