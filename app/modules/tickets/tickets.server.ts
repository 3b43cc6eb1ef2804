import { randomInt } from "node:crypto";
import fs from "node:fs/promises";
import type { TicketAttachmentKind, TicketAuthor, TicketStatus } from "~/db/schema";
import type { Db } from "~/lib/db.server";
import { DomainError } from "~/lib/domain-error";
import { PER_PAGE } from "~/lib/pagination";
import {
  checkAttachments,
  removeStoredAttachments,
  storeAttachments,
  storedAttachmentPath,
  type AttachmentUpload,
  type CheckedAttachment,
} from "./attachments.server";
import { NEXT_STATUSES, STATUSES_OF_TAB, TICKET_NUMBER_ALPHABET, TICKET_TABS, isOpenTicket, type TicketTab } from "./ticket-status";

/**
 * Who is looking at tickets: a shopper sees and writes to their own; the platform admin to every one. The route
 * decides which from the signed-in user; a message's author follows from it, never from what a form says.
 */
export type TicketViewer = { customerId: number } | { adminId: number };

/** The viewer a signed-in user is wherever both may look (an attachment's address). */
export function viewerOf(user: { id: number; role: string }): TicketViewer {
  return user.role === "admin" ? { adminId: user.id } : { customerId: user.id };
}

/** A ticket that is not the viewer's (or does not exist): Page Not Found. */
export class TicketNotFoundError extends DomainError {
  constructor() {
    super("tickets:errors.notFound");
    this.name = "TicketNotFoundError";
  }
}

function inView<Q extends { where: (...args: any[]) => Q }>(query: Q, viewer: TicketViewer): Q {
  return "customerId" in viewer ? query.where("st.user_id", "=", viewer.customerId) : query;
}

export interface IssueType {
  id: number;
  /** Its name is the locale key tickets:issueTypes.{code}. */
  code: string;
}

/** The issue types a ticket can be opened with (spec: GET /ticket-issue-types), in their order. */
export function listIssueTypes(db: Db): Promise<IssueType[]> {
  return db.selectFrom("ticket_issue_types").select(["id", "code"]).orderBy("sort").orderBy("id").execute();
}

export interface NewTicket {
  issue_type: number;
  subject: string;
  message: string;
  email: string;
  phone?: string;
  /** One of the shopper's own orders, when the ticket is about one. */
  order_number?: number;
}

const TICKET_NUMBER_TRIES = 5;

function newTicketNumber(): string {
  let number = "T";
  for (let i = 0; i < 8; i++) number += TICKET_NUMBER_ALPHABET[randomInt(TICKET_NUMBER_ALPHABET.length)];
  return number;
}

/**
 * Writes a message and its checked attachments: the files first (under new random names), then the rows in the
 * caller's transaction. When `write` fails the files are removed again, so a refused post leaves nothing behind.
 */
async function withStoredAttachments<T>(files: CheckedAttachment[], write: (storedNames: string[]) => Promise<T>): Promise<T> {
  const stored = await storeAttachments(files);
  try {
    return await write(stored);
  } catch (error) {
    await removeStoredAttachments(stored);
    throw error;
  }
}

async function insertMessage(
  tx: Db,
  ticketId: number,
  author: { author: TicketAuthor; author_id: number },
  body: string,
  files: CheckedAttachment[],
  storedNames: string[],
  at: string,
) {
  const message = await tx
    .insertInto("support_ticket_messages")
    .values({ ticket_id: ticketId, ...author, body, created_at: at })
    .returning("id")
    .executeTakeFirstOrThrow();
  if (files.length) {
    await tx
      .insertInto("support_ticket_attachments")
      .values(files.map((file, index) => ({ message_id: message.id, stored_name: storedNames[index], file_name: file.file_name, kind: file.kind, size_bytes: file.bytes.byteLength })))
      .execute();
  }
}

/**
 * Opens a ticket for the shopper (spec: POST /support-ticket) with its first message and attachments; answers its
 * ticket number. The issue type must exist, an order number must be one of the shopper's own orders, and every
 * attachment must pass (checkAttachments): otherwise a DomainError under that field, and nothing is stored.
 */
export async function openTicket(db: Db, userId: number, input: NewTicket, uploads: AttachmentUpload[], now = new Date()): Promise<string> {
  const issueType = await db.selectFrom("ticket_issue_types").select("id").where("id", "=", input.issue_type).executeTakeFirst();
  if (!issueType) throw new DomainError("tickets:errors.issueType", "issue_type");
  if (input.order_number !== undefined) {
    const order = await db.selectFrom("orders").select("id").where("id", "=", input.order_number).where("user_id", "=", userId).executeTakeFirst();
    if (!order) throw new DomainError("tickets:errors.orderNotYours", "order_number", { number: input.order_number });
  }
  const files = checkAttachments(uploads);
  const at = now.toISOString();
  return withStoredAttachments(files, (storedNames) =>
    db.transaction().execute(async (tx) => {
      for (let attempt = 0; attempt < TICKET_NUMBER_TRIES; attempt++) {
        const ticketNumber = newTicketNumber();
        // A number already given (one in a trillion) is skipped without failing the transaction.
        const created = await tx
          .insertInto("support_tickets")
          .values({
            ticket_number: ticketNumber,
            user_id: userId,
            issue_type_id: issueType.id,
            subject: input.subject,
            email: input.email,
            phone: input.phone ?? null,
            order_id: input.order_number ?? null,
            created_at: at,
            updated_at: at,
          })
          .onConflict((conflict) => conflict.column("ticket_number").doNothing())
          .returning("id")
          .executeTakeFirst();
        if (!created) continue;
        await insertMessage(tx, created.id, { author: "customer", author_id: userId }, input.message, files, storedNames, at);
        return ticketNumber;
      }
      throw new Error("No free ticket number was found");
    }),
  );
}

export interface TicketSummary {
  ticket_number: string;
  subject: string;
  issue_type: string;
  status: TicketStatus;
  created_at: string;
  updated_at: string;
  customer_name: string;
}

export interface TicketList {
  tab: TicketTab;
  counts: Record<TicketTab, number>;
  total: number;
  page: number;
  perPage: number;
  tickets: TicketSummary[];
}

/**
 * One page of the viewer's tickets in a tab, newest first, with every tab's count (spec: GET /support-tickets).
 * `ticketNumber` narrows the list (and the counts) to that ticket: the admin's search.
 */
export async function listTickets(
  db: Db,
  viewer: TicketViewer,
  { tab = "running", page = 1, perPage = PER_PAGE, ticketNumber = null }: { tab?: TicketTab; page?: number; perPage?: number; ticketNumber?: string | null } = {},
): Promise<TicketList> {
  const scoped = <Q extends { where: (...args: any[]) => Q }>(query: Q) =>
    ticketNumber === null ? inView(query, viewer) : inView(query, viewer).where("st.ticket_number", "=", ticketNumber);
  const rows = await scoped(db.selectFrom("support_tickets as st").select((eb) => ["st.status", eb.fn.countAll<number>().as("count")]))
    .groupBy("st.status")
    .execute();
  const counts = Object.fromEntries(TICKET_TABS.map((name) => [name, 0])) as Record<TicketTab, number>;
  for (const row of rows) {
    const name = TICKET_TABS.find((candidate) => STATUSES_OF_TAB[candidate].includes(row.status));
    if (name) counts[name] += Number(row.count);
  }
  const total = counts[tab];
  const shown = Math.min(Math.max(1, Math.floor(page) || 1), Math.max(1, Math.ceil(total / perPage)));
  if (total === 0) return { tab, counts, total, page: shown, perPage, tickets: [] };
  const tickets = await scoped(
    db
      .selectFrom("support_tickets as st")
      .innerJoin("ticket_issue_types as it", "it.id", "st.issue_type_id")
      .innerJoin("users as u", "u.id", "st.user_id")
      .select(["st.ticket_number", "st.subject", "it.code as issue_type", "st.status", "st.created_at", "st.updated_at", "u.name as customer_name"]),
  )
    .where("st.status", "in", STATUSES_OF_TAB[tab])
    .orderBy("st.id", "desc")
    .limit(perPage)
    .offset((shown - 1) * perPage)
    .execute();
  return { tab, counts, total, page: shown, perPage, tickets };
}

export interface TicketAttachment {
  stored_name: string;
  file_name: string;
  kind: TicketAttachmentKind;
  size_bytes: number;
}

export interface TicketMessage {
  id: number;
  author: TicketAuthor;
  /** The writer's name (the customer, or the admin who answered). */
  author_name: string | null;
  body: string;
  created_at: string;
  attachments: TicketAttachment[];
}

export interface TicketDetails extends TicketSummary {
  email: string;
  phone: string | null;
  order_id: number | null;
  /** The conversation, oldest first; the first message is the one the ticket was opened with. */
  messages: TicketMessage[];
  /** Whether messages may still be added (not completed, not cancelled). */
  open: boolean;
  /** The statuses the admin may move it to now; none for the shopper. */
  next_statuses: TicketStatus[];
}

/** One ticket the viewer may see, with its conversation and attachments; null for anyone else's or none. */
export async function getTicket(db: Db, viewer: TicketViewer, ticketNumber: string): Promise<TicketDetails | null> {
  const ticket = await inView(
    db
      .selectFrom("support_tickets as st")
      .innerJoin("ticket_issue_types as it", "it.id", "st.issue_type_id")
      .innerJoin("users as u", "u.id", "st.user_id")
      .select([
        "st.id", "st.ticket_number", "st.subject", "it.code as issue_type", "st.status", "st.created_at", "st.updated_at", "u.name as customer_name",
        "st.email", "st.phone", "st.order_id",
      ]),
    viewer,
  )
    .where("st.ticket_number", "=", ticketNumber)
    .executeTakeFirst();
  if (!ticket) return null;
  const messages = await db
    .selectFrom("support_ticket_messages as m")
    .leftJoin("users as a", "a.id", "m.author_id")
    .select(["m.id", "m.author", "a.name as author_name", "m.body", "m.created_at"])
    .where("m.ticket_id", "=", ticket.id)
    .orderBy("m.id")
    .execute();
  const attachments = messages.length
    ? await db
        .selectFrom("support_ticket_attachments")
        .select(["message_id", "stored_name", "file_name", "kind", "size_bytes"])
        .where("message_id", "in", messages.map((message) => message.id))
        .orderBy("id")
        .execute()
    : [];
  const { id: _id, ...details } = ticket;
  return {
    ...details,
    messages: messages.map((message) => ({
      ...message,
      attachments: attachments.filter((file) => file.message_id === message.id).map(({ message_id: _message, ...file }) => file),
    })),
    open: isOpenTicket(ticket.status),
    next_statuses: "adminId" in viewer ? [...NEXT_STATUSES[ticket.status]] : [],
  };
}

/**
 * Adds a message (1–2,000 characters, with up to five attachments) to an open ticket the viewer may see. The author
 * is the viewer — the ticket's customer or the admin — whatever the form held. A completed or cancelled ticket takes
 * none, also when it closed while the message was being written (the guard is in the same transaction). Answers who
 * should hear of it now: the customer of an admin's answer, the admins of a customer's message.
 */
export async function replyToTicket(db: Db, viewer: TicketViewer, ticketNumber: string, body: string, uploads: AttachmentUpload[], now = new Date()): Promise<number[]> {
  const ticket = await inView(db.selectFrom("support_tickets as st").select(["st.id", "st.status", "st.user_id"]), viewer).where("st.ticket_number", "=", ticketNumber).executeTakeFirst();
  if (!ticket) throw new TicketNotFoundError();
  if (!isOpenTicket(ticket.status)) throw new DomainError("tickets:errors.closed");
  const files = checkAttachments(uploads);
  const author = "customerId" in viewer ? { author: "customer" as const, author_id: viewer.customerId } : { author: "admin" as const, author_id: viewer.adminId };
  const at = now.toISOString();
  await withStoredAttachments(files, (storedNames) =>
    db.transaction().execute(async (tx) => {
      const touched = await tx
        .updateTable("support_tickets")
        .set({ updated_at: at })
        .where("id", "=", ticket.id)
        .where("status", "in", ["pending", "confirm"])
        .executeTakeFirst();
      if (Number(touched.numUpdatedRows) === 0) throw new DomainError("tickets:errors.closed");
      await insertMessage(tx, ticket.id, author, body, files, storedNames, at);
    }),
  );
  return "customerId" in viewer ? platformAdmins(db) : [ticket.user_id];
}

/** Who answers tickets: the platform admins (they hear of a customer's message live). */
async function platformAdmins(db: Db): Promise<number[]> {
  return (await db.selectFrom("users").select("id").where("role", "=", "admin").execute()).map((row) => row.id);
}

/**
 * The admin moves a ticket to `to`: pending → confirm → completed, or pending/confirm → cancel, never back nor
 * skipping. A guarded UPDATE (… AND status = the one the move was made from), so a double post moves once and the
 * second is told the ticket moved on. Anyone but the admin: TicketNotFoundError. Answers the ticket's customer.
 */
export async function moveTicket(db: Db, viewer: TicketViewer, ticketNumber: string, to: TicketStatus, now = new Date()): Promise<number> {
  if (!("adminId" in viewer)) throw new TicketNotFoundError();
  const ticket = await db.selectFrom("support_tickets").select(["id", "status", "user_id"]).where("ticket_number", "=", ticketNumber).executeTakeFirst();
  if (!ticket) throw new TicketNotFoundError();
  if (!NEXT_STATUSES[ticket.status].includes(to)) throw new DomainError("tickets:errors.movedOn");
  const moved = await db
    .updateTable("support_tickets")
    .set({ status: to, updated_at: now.toISOString() })
    .where("id", "=", ticket.id)
    .where("status", "=", ticket.status)
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) === 0) throw new DomainError("tickets:errors.movedOn");
  return ticket.user_id;
}

export interface StoredAttachment {
  path: string;
  file_name: string;
  kind: TicketAttachmentKind;
  size_bytes: number;
}

/** An attachment the viewer may download (one of their own tickets', or any for the admin) and on disk; null otherwise. */
export async function findAttachment(db: Db, viewer: TicketViewer, storedName: string): Promise<StoredAttachment | null> {
  const filePath = storedAttachmentPath(storedName);
  if (!filePath) return null;
  const found = await inView(
    db
      .selectFrom("support_ticket_attachments as f")
      .innerJoin("support_ticket_messages as m", "m.id", "f.message_id")
      .innerJoin("support_tickets as st", "st.id", "m.ticket_id")
      .select(["f.file_name", "f.kind", "f.size_bytes"]),
    viewer,
  )
    .where("f.stored_name", "=", storedName)
    .executeTakeFirst();
  if (!found) return null;
  const stat = await fs.stat(filePath).catch(() => null);
  return stat?.isFile() ? { path: filePath, ...found } : null;
}
