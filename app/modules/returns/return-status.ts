import type { ReturnStatus } from "~/db/schema";

/** The return history's tabs, in the order the shopper sees them. */
export const RETURN_TABS = ["pending", "approved", "damaged", "mismatch", "cancelled", "refunded"] as const;
export type ReturnTab = (typeof RETURN_TABS)[number];
export const STATUS_OF_RETURN_TAB: Record<ReturnTab, ReturnStatus> = {
  pending: "Pending",
  approved: "Approved",
  damaged: "Damaged",
  mismatch: "Mismatch",
  cancelled: "Cancelled",
  refunded: "Refunded",
};

/** The tab (and locale key) of a stored status. */
export function returnTabOf(status: ReturnStatus): ReturnTab {
  return (Object.keys(STATUS_OF_RETURN_TAB) as ReturnTab[]).find((tab) => STATUS_OF_RETURN_TAB[tab] === status) ?? "pending";
}

/** The tab named in a query value; anything else is the first, so a bad URL still shows the history. */
export function returnTabFrom(value: string | null | undefined): ReturnTab {
  return (RETURN_TABS as readonly string[]).includes(value ?? "") ? (value as ReturnTab) : "pending";
}
