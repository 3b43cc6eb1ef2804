import type { TicketStatus } from "~/db/schema";

/** The issue types a shop starts with (spec: GET /ticket-issue-types); each is named by tickets:issueTypes.{code}. */
export const ISSUE_TYPE_CODES = ["order", "payment", "delivery", "return_refund", "account", "other"] as const;

/** The ticket lists' tabs (the spec's `status` query values), in the order they are shown. */
export const TICKET_TABS = ["running", "completed", "cancel"] as const;
export type TicketTab = (typeof TICKET_TABS)[number];

/** The statuses each tab lists: "running" is a ticket still being handled. */
export const STATUSES_OF_TAB: Record<TicketTab, readonly TicketStatus[]> = {
  running: ["pending", "confirm"],
  completed: ["completed"],
  cancel: ["cancel"],
};

/** The tab named in a query value; anything else is the first, so a bad URL still shows the list. */
export function ticketTabFrom(value: string | null | undefined): TicketTab {
  return (TICKET_TABS as readonly string[]).includes(value ?? "") ? (value as TicketTab) : "running";
}

/** Where the admin may move a ticket from each status: one step on, or cancelled before it is completed. */
export const NEXT_STATUSES: Record<TicketStatus, readonly TicketStatus[]> = {
  pending: ["confirm", "cancel"],
  confirm: ["completed", "cancel"],
  completed: [],
  cancel: [],
};

/** A completed or cancelled ticket takes no more messages. */
export const isOpenTicket = (status: TicketStatus) => NEXT_STATUSES[status].length > 0;

/** T and 8 characters of this alphabet (no 0/O, 1/I/L, so it can be read out over the phone). */
export const TICKET_NUMBER_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
const TICKET_NUMBER = /^T[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{8}$/;

/** The ticket number in an address or a search box (any case, an optional leading #); null when it cannot be one. */
export function ticketNumberFrom(value: string | null | undefined): string | null {
  const number = (value ?? "").trim().replace(/^#/, "").toUpperCase();
  return TICKET_NUMBER.test(number) ? number : null;
}

/** Where an attachment is downloaded from (routes/ticket-attachments.$file.tsx). */
export const attachmentHref = (storedName: string) => `/ticket-attachments/${storedName}`;
