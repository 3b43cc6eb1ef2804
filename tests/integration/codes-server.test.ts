import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_CUSTOMERS } from "~/db/seed/content";
import { createDb } from "~/lib/db.server";
import { built, sessionCookieOf, startServer, type RunningServer } from "./support/server";

const form = (fields: Record<string, string>) => new URLSearchParams(fields);
const customer = DEMO_CUSTOMERS[0];

describe.skipIf(!built)("one-time codes over HTTP in production (server.js)", () => {
  let server: RunningServer;
  const post = (route: string, body: URLSearchParams, headers: Record<string, string> = {}) =>
    fetch(`${server.base}${route}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
      body,
      redirect: "manual",
    });
  const page = (route: string, cookie = "") => fetch(`${server.base}${route}`, { headers: { Cookie: cookie }, redirect: "manual" });
  /** Each test comes from its own address (trusted proxy on loopback), so per-address limits stay apart. */
  const from = (address: string) => ({ "X-Forwarded-For": address });

  beforeAll(async () => {
    server = await startServer({ APP_ENV: "production", SMS_PROVIDER: "log" });
  }, 120_000);
  afterAll(() => server?.stop());

  it("has no dev outbox in production", async () => {
    const response = await page("/dev/outbox");
    expect(response.status).toBe(404);
    expect(await response.text()).toContain("Page Not Found");
  });

  it("answers a reset for a known and an unknown login alike, and records no message", async () => {
    const known = await post("/forgot-password", form({ country: "1", phone: customer.email }), from("10.1.0.1"));
    const unknown = await post("/forgot-password", form({ country: "1", phone: "nobody@example.com" }), from("10.1.0.2"));
    for (const response of [known, unknown]) {
      expect(response.status, server.log()).toBe(303);
      expect(response.headers.get("Location")).toBe("/verify-otp");
    }
    // One after the other: the second guest's page must not be the first one's, kept (it shows what they typed).
    const pages: string[] = [];
    for (const response of [known, unknown]) pages.push(await (await page("/verify-otp", sessionCookieOf(response))).text());
    // Alike but for what was typed, the nonce and the moment the countdown was read.
    const normalized = pages.map((html, i) =>
      html
        .replace(/nonce="[^"]*"/g, "")
        .replace(/\\"countedAt\\",\d+/, "")
        .replaceAll(i === 0 ? customer.email : "nobody@example.com", "X"),
    );
    expect(normalized[0]).toContain("If an account exists for X, we have sent it a 4-digit code.");
    expect(normalized[0]).toBe(normalized[1]);
    // The address the code went to is in neither the address bar nor the page.
    expect(pages[0]).not.toContain(customer.phone);

    const db = createDb(`file:${path.join(server.dataDir, "bazaar.sqlite")}`);
    try {
      const codes = await db.selectFrom("one_time_codes").select(["recipient", "user_id", "code_hash"]).orderBy("id").execute();
      expect(codes.map(({ recipient, user_id }) => ({ recipient, user_id }))).toEqual([
        { recipient: `+1${customer.phone}`, user_id: 1 },
        { recipient: "nobody@example.com", user_id: null },
      ]);
      expect(await db.selectFrom("outbox").selectAll().execute()).toEqual([]);
    } finally {
      await db.destroy();
    }
    // The log provider notes the message without its text.
    expect(server.log()).toContain(`[sms:log] message to +1${customer.phone}`);
    expect(server.log()).not.toMatch(/code is \d{4}/);
  });

  it("refuses an eleventh code post a minute from one address", async () => {
    for (let i = 0; i < 10; i += 1) {
      const response = await post("/verify-otp", form({ intent: "verify", "otp[0]": "1", "otp[1]": "2", "otp[2]": "3", "otp[3]": "4" }), from("10.1.0.3"));
      expect(response.status).not.toBe(429);
    }
    const refused = await post("/verify-otp", form({ intent: "verify" }), from("10.1.0.3"));
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Retry-After")).toBeTruthy();
  });
});
