import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, describeEachDatabase, type TestDatabase } from "./support/databases";
import { built, signedInSession, startServer, type RunningServer } from "./support/server";

const RECEIPT = new TextEncoder().encode("%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n");
interface Upload { name: string; bytes: Uint8Array; type?: string }

/**
 * Support tickets through the real server (server.js, production build), as a browser posts them: the multipart body
 * read with its limits, the author taken from the session whatever the form says, files served to their owner and
 * the platform admin alone.
 */
describe.skipIf(!built)("support tickets through server.js", () => describeEachDatabase("support tickets over HTTP", (kind) => {
  let database: TestDatabase;
  let server: RunningServer;
  const cookies: Record<"customer" | "customer2" | "seller" | "admin", string> = { customer: "", customer2: "", seller: "", admin: "" };
  const ticketForm = { issue_type: "3", subject: "The mug arrived broken", message: "The box was crushed.", email: "customer@example.com", phone: "+1 555 0100 001" };

  const uploadsOnDisk = () => {
    const folder = path.join(server.dataDir, "uploads", "tickets");
    return fs.existsSync(folder) ? fs.readdirSync(folder).length : 0;
  };
  const count = async (table: "support_tickets" | "support_ticket_messages") => (await database.db.selectFrom(table).select("id").execute()).length;

  function post(cookie: string, url: string, fields: Record<string, string>, files: Upload[] = []) {
    const body = new FormData();
    for (const [name, value] of Object.entries(fields)) body.append(name, value);
    for (const file of files) body.append("attachments", new Blob([new Uint8Array(file.bytes)], { type: file.type ?? "application/pdf" }), file.name);
    return fetch(`${server.base}${url}`, { method: "POST", body, headers: { Cookie: cookie }, redirect: "manual" });
  }
  const get = (cookie: string, url: string) => fetch(`${server.base}${url}`, { headers: { Cookie: cookie }, redirect: "manual" });

  async function openTicket(files: Upload[] = []) {
    const response = await post(cookies.customer, "/support-tickets/new", ticketForm, files);
    expect(response.status, server.log()).toBe(303);
    return response.headers.get("Location")!.match(/^\/support-ticket\/(T[A-Z0-9]{8})$/)![1];
  }

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    server = await startServer({ DATABASE_URL: database.url });
    for (const [who, email] of [["customer", "customer@example.com"], ["customer2", "customer2@example.com"], ["seller", "seller@example.com"], ["admin", "admin@example.com"]] as const) {
      cookies[who] = await signedInSession(server.base, email, server.log);
    }
  }, 120_000);

  afterAll(async () => {
    server?.stop();
    await database?.drop();
  });

  it("serves a ticket and its file to its customer and the platform admin; another customer, a shop's staff and a guest get 404", async () => {
    const ticketNumber = await openTicket([{ name: "receipt.pdf", bytes: RECEIPT }]);
    const page = await (await get(cookies.customer, `/support-ticket/${ticketNumber}`)).text();
    const href = page.match(/href="(\/ticket-attachments\/[a-f0-9]{32}\.pdf)"/)![1];

    for (const who of ["customer", "admin"] as const) {
      const file = await get(cookies[who], href);
      expect(file.status, who).toBe(200);
      expect(file.headers.get("Content-Type")).toBe("application/pdf");
      expect(file.headers.get("Content-Disposition")).toBe(`attachment; filename="receipt.pdf"; filename*=UTF-8''receipt.pdf`);
      expect(new Uint8Array(await file.arrayBuffer())).toEqual(RECEIPT);
    }
    for (const who of ["customer2", "seller"] as const) {
      expect((await get(cookies[who], href)).status, who).toBe(404);
      expect((await get(cookies[who], `/support-ticket/${ticketNumber}`)).status, who).toBe(404);
    }
    expect((await get("", href)).status).toBe(404);
    // The console's tickets are the admin's alone: a shop's staff and a shopper do not find them.
    expect((await get(cookies.admin, `/shop-console/tickets/${ticketNumber}`)).status).toBe(200);
    for (const who of ["seller", "customer"] as const) {
      expect((await get(cookies[who], "/shop-console/tickets")).status, who).toBe(404);
      expect((await get(cookies[who], `/shop-console/tickets/${ticketNumber}`)).status, who).toBe(404);
    }
  });

  it("writes a message as whoever is signed in: a posted author, type or author id is ignored", async () => {
    const ticketNumber = await openTicket();
    const admin = await database.db.selectFrom("users").select("id").where("email", "=", "admin@example.com").executeTakeFirstOrThrow();
    const customer = await database.db.selectFrom("users").select("id").where("email", "=", "customer@example.com").executeTakeFirstOrThrow();
    const posing = await post(cookies.customer, `/support-ticket/${ticketNumber}`, {
      intent: "reply", message: "Speaking as support, honestly.", author: "admin", type: "admin", author_id: String(admin.id),
    });
    expect(posing.status, server.log()).toBe(303);
    const answer = await post(cookies.admin, `/shop-console/tickets/${ticketNumber}`, { intent: "reply", message: "We are on it.", author: "customer", type: "customer" });
    expect(answer.status, server.log()).toBe(303);
    const messages = await database.db
      .selectFrom("support_ticket_messages as m")
      .innerJoin("support_tickets as t", "t.id", "m.ticket_id")
      .select(["m.author", "m.author_id", "m.body"])
      .where("t.ticket_number", "=", ticketNumber)
      .orderBy("m.id")
      .execute();
    expect(messages.slice(1)).toEqual([
      { author: "customer", author_id: customer.id, body: "Speaking as support, honestly." },
      { author: "admin", author_id: admin.id, body: "We are on it." },
    ]);
    // A shopper cannot move their ticket through the console's form.
    expect((await post(cookies.customer, `/shop-console/tickets/${ticketNumber}`, { intent: "move", to: "completed" })).status).toBe(404);
    const { status } = await database.db.selectFrom("support_tickets").select("status").where("ticket_number", "=", ticketNumber).executeTakeFirstOrThrow();
    expect(status).toBe("pending");
  });

  it("refuses a file over 2 MB, a PNG named .pdf and a sixth file with 400 beside the field, keeping what was typed and storing nothing", async () => {
    const png = new Uint8Array(await sharp({ create: { width: 4, height: 4, channels: 3, background: "#000" } }).png().toBuffer());
    const big = new Uint8Array(3 * 1024 * 1024);
    big.set(RECEIPT);
    const cases: Array<[Upload[], string]> = [
      [[{ name: "scan.pdf", bytes: big }], "scan.pdf is larger than 2 MB."],
      [[{ name: "receipt.pdf", bytes: RECEIPT }, { name: "photo.pdf", bytes: png }], "photo.pdf is not a JPG, PNG or PDF file: its content must be what its name says."],
      [Array.from({ length: 6 }, (_, i) => ({ name: `page-${i + 1}.pdf`, bytes: RECEIPT })), "Attach at most 5 files at a time."],
    ];
    const before = { tickets: await count("support_tickets"), messages: await count("support_ticket_messages"), files: uploadsOnDisk() };
    for (const [files, message] of cases) {
      const response = await post(cookies.customer, "/support-tickets/new", { ...ticketForm, subject: "Kept after a refusal" }, files);
      expect(response.status, message).toBe(400);
      const html = await response.text();
      expect(html).toContain(message);
      expect(html).toContain('value="Kept after a refusal"');
      expect({ tickets: await count("support_tickets"), messages: await count("support_ticket_messages"), files: uploadsOnDisk() }).toEqual(before);
    }
  });

  it("answers a body it cannot use with 400, never 500: forged values, a broken multipart body, or one of far too many parts", async () => {
    for (const [field, value, message] of [
      ["issue_type", "99999999999", "Choose an issue type."],
      ["issue_type", "999", "Choose an issue type."],
      ["order_number", "99999999999", "Give the number of one of your orders, e.g. 123."],
    ]) {
      const forged = await post(cookies.customer, "/support-tickets/new", { ...ticketForm, [field]: value });
      expect(forged.status, `${field}=${value}`).toBe(400);
      expect(await forged.text()).toContain(message);
    }
    const broken = await fetch(`${server.base}/support-tickets/new`, {
      method: "POST",
      headers: { Cookie: cookies.customer, "Content-Type": "multipart/form-data; boundary=nothing-follows" },
      body: "--broken\r\nthis is not multipart",
      redirect: "manual",
    });
    expect(broken.status).toBe(400);
    expect(await broken.text()).toContain("Choose an issue type.");
    const padding = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`extra_${i}`, "x"]));
    const crowded = await post(cookies.customer, "/support-tickets/new", { ...ticketForm, ...padding });
    expect(crowded.status).toBe(400);
    expect(await crowded.text()).toContain("The form could not be read");
  });
}));
