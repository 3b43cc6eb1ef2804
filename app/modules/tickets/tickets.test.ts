import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { createTestDatabase, describeEachDatabase, type TestDatabase } from "../../../tests/integration/support/databases";
import { makeOrder, stockedProduct } from "../../../tests/integration/support/orders";
import { seedDatabase } from "~/db/seed";
import type { AttachmentUpload } from "./attachments.server";
import { ticketNumberFrom } from "./ticket-status";
import { findAttachment, getTicket, listIssueTypes, listTickets, moveTicket, openTicket, replyToTicket, TicketNotFoundError, viewerOf, type NewTicket } from "./tickets.server";

/** A small real PDF document, as a shopper's scan would start. */
const PDF = new TextEncoder().encode(
  "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
);
const TEXT = new TextEncoder().encode("Not a document at all, whatever its name says.\n");
const file = (name: string, bytes: Uint8Array): AttachmentUpload => ({ name, size: bytes.byteLength, bytes });

describeEachDatabase("support tickets", (kind) => {
  let test: TestDatabase;
  let uploads: string;
  let png: Uint8Array;
  const customer = { id: 1, role: "customer" };
  const otherCustomer = { id: 2, role: "customer" };
  let seller: { id: number; role: string };
  let admin: { id: number; role: string };
  let issueType: number;

  const ticket = (overrides: Partial<NewTicket> = {}): NewTicket => ({
    issue_type: issueType,
    subject: "The parcel arrived damaged",
    message: "The box was crushed and the mug inside is broken.",
    email: "customer@example.com",
    phone: "+15550100001",
    ...overrides,
  });
  const stored = async () => ({
    tickets: (await test.db.selectFrom("support_tickets").select("id").execute()).length,
    messages: (await test.db.selectFrom("support_ticket_messages").select("id").execute()).length,
    attachments: (await test.db.selectFrom("support_ticket_attachments").select("id").execute()).length,
    files: fs.existsSync(path.join(uploads, "uploads", "tickets")) ? fs.readdirSync(path.join(uploads, "uploads", "tickets")).length : 0,
  });
  const nothingStored = { tickets: 0, messages: 0, attachments: 0, files: 0 };

  beforeAll(async () => {
    test = await createTestDatabase(kind);
    await seedDatabase(test.db, { products: 40 });
    uploads = fs.mkdtempSync(path.join(os.tmpdir(), "bazaar-tickets-"));
    process.env.DATA_DIR = uploads;
    png = new Uint8Array(await sharp({ create: { width: 8, height: 8, channels: 3, background: "#336699" } }).png().toBuffer());
    const staff = (email: string) => test.db.selectFrom("users").select(["id", "role"]).where("email", "=", email).executeTakeFirstOrThrow();
    seller = await staff("seller@example.com");
    admin = await staff("admin@example.com");
    issueType = (await listIssueTypes(test.db)).find((type) => type.code === "delivery")!.id;
  });
  afterAll(async () => {
    await test?.drop();
    fs.rmSync(uploads, { recursive: true, force: true });
  });
  beforeEach(async () => {
    await test.db.deleteFrom("support_tickets").execute();
    fs.rmSync(path.join(uploads, "uploads"), { recursive: true, force: true });
  });

  it("seeds the issue types, each named by a stable code", async () => {
    expect((await listIssueTypes(test.db)).map((type) => type.code)).toEqual(["order", "payment", "delivery", "return_refund", "account", "other"]);
  });

  it("opens a ticket with its files for its customer and the admin alone: another customer and a shop's staff find nothing", async () => {
    const number = await openTicket(test.db, customer.id, ticket(), [file("receipt.pdf", PDF), file("photo.PNG", png)]);
    expect(ticketNumberFrom(number)).toBe(number);
    const mine = await getTicket(test.db, { customerId: customer.id }, number);
    expect(mine).toMatchObject({ status: "pending", subject: "The parcel arrived damaged", issue_type: "delivery", open: true, next_statuses: [] });
    expect(mine!.messages).toHaveLength(1);
    expect(mine!.messages[0]).toMatchObject({ author: "customer", author_name: "Demo Customer", body: "The box was crushed and the mug inside is broken." });
    expect(mine!.messages[0].attachments.map((a) => [a.file_name, a.kind, a.size_bytes])).toEqual([["receipt.pdf", "pdf", PDF.byteLength], ["photo.PNG", "png", png.byteLength]]);
    const [pdf] = mine!.messages[0].attachments;
    expect(pdf.stored_name).toMatch(/^[a-f0-9]{32}\.pdf$/);

    expect(await getTicket(test.db, { customerId: otherCustomer.id }, number)).toBeNull();
    expect(await getTicket(test.db, viewerOf(seller), number)).toBeNull();
    expect(await findAttachment(test.db, viewerOf(otherCustomer), pdf.stored_name)).toBeNull();
    expect(await findAttachment(test.db, viewerOf(seller), pdf.stored_name)).toBeNull();
    await expect(replyToTicket(test.db, { customerId: otherCustomer.id }, number, "Let me in.", [])).rejects.toThrow(TicketNotFoundError);

    for (const viewer of [viewerOf(customer), viewerOf(admin)]) {
      const found = await findAttachment(test.db, viewer, pdf.stored_name);
      expect(found).toMatchObject({ file_name: "receipt.pdf", kind: "pdf", size_bytes: PDF.byteLength });
      expect(new Uint8Array(fs.readFileSync(found!.path))).toEqual(PDF);
    }
    expect((await getTicket(test.db, viewerOf(admin), number))!.next_statuses).toEqual(["confirm", "cancel"]);
    // Only names the module makes are looked up: no way out of the folder.
    expect(await findAttachment(test.db, viewerOf(admin), "../../bazaar.sqlite")).toBeNull();
  });

  it("refuses a file that lies about its type, one over 2 MB and a sixth, storing nothing of the ticket at all", async () => {
    const big = new Uint8Array(2 * 1024 * 1024 + 1);
    big.set(PDF);
    const refusals: Array<[AttachmentUpload[], string]> = [
      [[file("receipt.pdf", PDF), file("scan.pdf", png)], "tickets:errors.attachmentType"],
      [[file("notes.pdf", TEXT)], "tickets:errors.attachmentType"],
      [[file("photo.png", TEXT)], "tickets:errors.attachmentType"],
      [[file("receipt", PDF)], "tickets:errors.attachmentType"],
      [[file("big.pdf", big)], "tickets:errors.attachmentTooLarge"],
      // What the form reader reports for a file it stopped keeping at the limit.
      [[{ name: "huge.pdf", size: 9 * 1024 * 1024, bytes: null }], "tickets:errors.attachmentTooLarge"],
      [Array.from({ length: 6 }, (_, i) => file(`page-${i + 1}.pdf`, PDF)), "tickets:errors.tooManyAttachments"],
    ];
    for (const [files, message] of refusals) {
      const refused = openTicket(test.db, customer.id, ticket(), files);
      await expect(refused, files.map((f) => f.name).join(", ")).rejects.toMatchObject({ message, field: "attachments" });
      expect(await stored()).toEqual(nothingStored);
    }
    // The refusal names the file at fault.
    await expect(openTicket(test.db, customer.id, ticket(), [file("receipt.pdf", PDF), file("scan.pdf", png)])).rejects.toMatchObject({ values: { name: "scan.pdf" } });

    const number = await openTicket(test.db, customer.id, ticket(), Array.from({ length: 5 }, (_, i) => file(`page-${i + 1}.pdf`, PDF)));
    const before = await stored();
    expect(before).toEqual({ tickets: 1, messages: 1, attachments: 5, files: 5 });
    await expect(replyToTicket(test.db, { customerId: customer.id }, number, "One more photo.", [file("photo.pdf", png)])).rejects.toThrow("tickets:errors.attachmentType");
    expect(await stored()).toEqual(before);
  });

  it("takes an order number only when the order is the shopper's own, and an issue type only when it exists", async () => {
    const product = await stockedProduct(test.db, {});
    const own = await makeOrder(test.db, { userId: customer.id, lines: [{ productId: product.id, quantity: 1 }] });
    const theirs = await makeOrder(test.db, { userId: otherCustomer.id, lines: [{ productId: product.id, quantity: 1 }] });
    await expect(openTicket(test.db, customer.id, ticket({ order_number: theirs.id }), [])).rejects.toMatchObject({
      message: "tickets:errors.orderNotYours", field: "order_number", values: { number: theirs.id },
    });
    await expect(openTicket(test.db, customer.id, ticket({ issue_type: 999999 }), [])).rejects.toMatchObject({ message: "tickets:errors.issueType", field: "issue_type" });
    expect(await stored()).toEqual(nothingStored);
    const number = await openTicket(test.db, customer.id, ticket({ order_number: own.id, phone: undefined }), []);
    expect(await getTicket(test.db, { customerId: customer.id }, number)).toMatchObject({ order_id: own.id, phone: null });
  });

  it("writes each message as the one who is signed in: the customer's as the customer's, the admin's as the admin's", async () => {
    const number = await openTicket(test.db, customer.id, ticket(), []);
    await replyToTicket(test.db, viewerOf(admin), number, "Sorry to hear that. Could you send a photo?", []);
    await replyToTicket(test.db, { customerId: customer.id }, number, "Here it is.", [file("mug.png", png)]);
    const { messages } = (await getTicket(test.db, { customerId: customer.id }, number))!;
    expect(messages.map((m) => [m.author, m.author_name, m.body, m.attachments.length])).toEqual([
      ["customer", "Demo Customer", "The box was crushed and the mug inside is broken.", 0],
      ["admin", "Platform Admin", "Sorry to hear that. Could you send a photo?", 0],
      ["customer", "Demo Customer", "Here it is.", 1],
    ]);
  });

  it("moves a ticket pending → confirm → completed, or cancels it before, never skipping or going back; a double post moves once", async () => {
    const number = await openTicket(test.db, customer.id, ticket(), []);
    const status = async () => (await getTicket(test.db, viewerOf(admin), number))!.status;
    await expect(moveTicket(test.db, { customerId: customer.id }, number, "confirm")).rejects.toThrow(TicketNotFoundError);
    await expect(moveTicket(test.db, viewerOf(admin), number, "completed")).rejects.toThrow("tickets:errors.movedOn");
    expect(await status()).toBe("pending");

    // The same button posted twice at once: one moves the ticket, the other is told it moved on.
    const results = await Promise.allSettled([moveTicket(test.db, viewerOf(admin), number, "confirm"), moveTicket(test.db, viewerOf(admin), number, "confirm")]);
    expect(results.map((result) => result.status).sort()).toEqual(["fulfilled", "rejected"]);
    expect(await status()).toBe("confirm");
    await expect(moveTicket(test.db, viewerOf(admin), number, "pending")).rejects.toThrow("tickets:errors.movedOn");
    await moveTicket(test.db, viewerOf(admin), number, "completed");
    await expect(moveTicket(test.db, viewerOf(admin), number, "cancel")).rejects.toThrow("tickets:errors.movedOn");
    expect(await status()).toBe("completed");

    // A completed ticket takes no more messages, from either side.
    await expect(replyToTicket(test.db, { customerId: customer.id }, number, "Thanks!", [])).rejects.toThrow("tickets:errors.closed");
    await expect(replyToTicket(test.db, viewerOf(admin), number, "Anything else?", [])).rejects.toThrow("tickets:errors.closed");
    expect((await getTicket(test.db, { customerId: customer.id }, number))!.open).toBe(false);

    const second = await openTicket(test.db, customer.id, ticket(), []);
    await moveTicket(test.db, viewerOf(admin), second, "cancel");
    await expect(moveTicket(test.db, viewerOf(admin), second, "confirm")).rejects.toThrow("tickets:errors.movedOn");
  });

  it("lists the viewer's tickets by tab with counts, ten a page, newest first; the admin's search finds one by number", async () => {
    const numbers: string[] = [];
    for (let i = 1; i <= 13; i++) numbers.push(await openTicket(test.db, customer.id, ticket({ subject: `Question number ${i}` }), []));
    const theirs = await openTicket(test.db, otherCustomer.id, ticket({ subject: "Someone else's question" }), []);
    await moveTicket(test.db, viewerOf(admin), numbers[0], "confirm");
    await moveTicket(test.db, viewerOf(admin), numbers[0], "completed");
    await moveTicket(test.db, viewerOf(admin), numbers[1], "cancel");
    await moveTicket(test.db, viewerOf(admin), numbers[2], "confirm");

    const mine = { customerId: customer.id };
    const first = await listTickets(test.db, mine);
    expect(first.counts).toEqual({ running: 11, completed: 1, cancel: 1 });
    expect(first.tickets.map((row) => row.ticket_number)).toEqual(numbers.slice(3).reverse());
    expect(first.tickets[0]).toMatchObject({ subject: "Question number 13", issue_type: "delivery", status: "pending", customer_name: "Demo Customer" });
    const second = await listTickets(test.db, mine, { page: 2 });
    expect(second.tickets.map((row) => row.ticket_number)).toEqual([numbers[2]]);
    expect(second.tickets[0].status).toBe("confirm");
    // A page past the end shows the last one.
    expect((await listTickets(test.db, mine, { page: 9 })).page).toBe(2);
    expect((await listTickets(test.db, mine, { tab: "completed" })).tickets.map((row) => row.ticket_number)).toEqual([numbers[0]]);
    expect((await listTickets(test.db, mine, { tab: "cancel" })).tickets.map((row) => row.ticket_number)).toEqual([numbers[1]]);

    expect((await listTickets(test.db, { customerId: otherCustomer.id })).counts).toEqual({ running: 1, completed: 0, cancel: 0 });
    expect((await listTickets(test.db, viewerOf(seller))).counts).toEqual({ running: 0, completed: 0, cancel: 0 });
    const everyone = await listTickets(test.db, viewerOf(admin));
    expect(everyone.counts).toEqual({ running: 12, completed: 1, cancel: 1 });
    expect(everyone.tickets[0]).toMatchObject({ ticket_number: theirs, customer_name: "Second Customer" });
    const found = await listTickets(test.db, viewerOf(admin), { tab: "completed", ticketNumber: numbers[0] });
    expect([found.counts, found.tickets.map((row) => row.ticket_number)]).toEqual([{ running: 0, completed: 1, cancel: 0 }, [numbers[0]]]);
  });
});
