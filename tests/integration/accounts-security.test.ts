import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_CUSTOMERS, DEMO_PASSWORD } from "~/db/seed/content";
import { accountBackoff, enforceLimit, useCounterStore } from "~/lib/rate-limit.server";
import { built, cookiePair, sessionCookieOf, startServer, type RunningServer } from "./support/server";

const form = (fields: Record<string, string>) => new URLSearchParams(fields);
const customer = DEMO_CUSTOMERS[0];

describe.skipIf(!built)("accounts over HTTP (server.js)", () => {
  let server: RunningServer;
  const post = (path: string, body: URLSearchParams, headers: Record<string, string> = {}) =>
    fetch(`${server.base}${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
      body,
      redirect: "manual",
    });
  const page = (path: string, cookie = "") => fetch(`${server.base}${path}`, { headers: { Cookie: cookie }, redirect: "manual" });
  /** Each test comes from its own address (trusted proxy on loopback), so per-address limits stay apart. */
  const from = (address: string) => ({ "X-Forwarded-For": address });

  async function signIn(address: string) {
    const response = await post("/login", form({ phone: customer.email, password: DEMO_PASSWORD }), from(address));
    expect(response.status, server.log()).toBe(303);
    return sessionCookieOf(response);
  }

  beforeAll(async () => {
    server = await startServer();
  }, 120_000);
  afterAll(() => server?.stop());

  it("signs in with the right password and rotates the session token on every sign-in", async () => {
    const first = await signIn("10.0.0.1");
    const second = await signIn("10.0.0.1");
    expect(first).not.toBe(second);
    expect(await (await page("/dashboard", first)).text()).toContain(customer.name);
    expect(await (await page("/dashboard", second)).text()).toContain(customer.name);
  });

  it("gives an unknown account and a wrong password the same answer (no account enumeration)", async () => {
    const unknown = await post("/login", form({ phone: "nobody@example.com", password: "secret123" }), from("10.0.0.2"));
    const wrong = await post("/login", form({ phone: customer.email, password: "not-the-password" }), from("10.0.0.2"));
    expect(unknown.status).toBe(400);
    expect(wrong.status).toBe(400);
    const message = "These credentials do not match our records.";
    const unknownHtml = await unknown.text();
    expect(unknownHtml).toContain(message);
    expect((await wrong.text()).replace(/nonce="[^"]*"/g, "").replaceAll(customer.email, "X")).toBe(
      unknownHtml.replace(/nonce="[^"]*"/g, "").replaceAll("nobody@example.com", "X"),
    );
  });

  it("answers the 11th login POST within a minute from one address with 429 and a clear page", async () => {
    const statuses: number[] = [];
    // Different accounts each time, so only the per-address limit can refuse.
    for (let i = 0; i < 10; i++) statuses.push((await post("/login", form({ phone: `x${i}@example.com`, password: "wrong" }), from("10.0.0.3"))).status);
    expect(statuses).toEqual(Array(10).fill(400));
    const limited = await post("/login", form({ phone: customer.email, password: DEMO_PASSWORD }), from("10.0.0.3"));
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
    const html = await limited.text();
    expect(html).toContain("Too many attempts");
    expect(html).toMatch(/Please wait \d+ seconds? and try again\./);
    expect(limited.headers.getSetCookie().some((cookie) => cookie.startsWith("bazaar_session="))).toBe(false);
    // Another address is not affected.
    expect((await post("/login", form({ phone: customer.email, password: DEMO_PASSWORD }), from("10.0.0.4"))).status).toBe(303);
  });

  it("holds an account back after five wrong passwords, whatever address they come from", async () => {
    const account = DEMO_CUSTOMERS[1];
    for (let i = 0; i < 5; i++) {
      expect((await post("/login", form({ phone: account.email, password: `wrong-${i}` }), from(`10.1.0.${i}`))).status).toBe(400);
    }
    const held = await post("/login", form({ phone: account.email, password: DEMO_PASSWORD }), from("10.1.0.99"));
    expect(held.status).toBe(429);
  });

  it("refuses a form posted from another site, and changes nothing", async () => {
    const cookie = await signIn("10.0.0.5");
    const forged = await post("/logout", form({}), { Cookie: cookie, Origin: "https://evil.example", ...from("10.0.0.5") });
    expect(forged.status).toBe(403);
    expect(await forged.text()).toContain("Request refused");
    const alsoForged = await post("/logout", form({}), { Cookie: cookie, "Sec-Fetch-Site": "cross-site", ...from("10.0.0.5") });
    expect(alsoForged.status).toBe(403);
    // Still signed in.
    expect(await (await page("/dashboard", cookie)).text()).toContain(customer.name);
    // The same form from our own page works.
    const own = await post("/logout", form({}), { Cookie: cookie, Origin: server.base, ...from("10.0.0.5") });
    expect(own.status).toBe(303);
  });

  it("signs out for good: the old cookie is worthless after logout, even if it was copied", async () => {
    const cookie = await signIn("10.0.0.6");
    const logout = await post("/logout", form({}), { Cookie: cookie, ...from("10.0.0.6") });
    expect(logout.status).toBe(303);
    const dashboard = await page("/dashboard", cookie);
    expect(dashboard.status).toBe(302);
    expect(dashboard.headers.get("Location")).toBe("/");
    expect(cookiePair(logout.headers.get("Set-Cookie"))).not.toBe(cookie);
  });
});

describe("rate-limit counters", () => {
  const redisUrl = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
  let redis: Redis | null = null;

  beforeAll(async () => {
    const candidate = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    redis = await candidate.connect().then(() => candidate, () => null);
  });
  afterAll(async () => {
    useCounterStore("memory");
    await redis?.quit();
  });

  for (const store of ["memory", "redis"] as const) {
    it(`(${store}) refuses once over the limit and counts each window anew`, async (context) => {
      if (store === "redis" && !redis) return context.skip();
      useCounterStore(store === "memory" ? "memory" : redis!);
      const key = `test:${store}:${Date.now()}:${Math.random()}`;
      for (let i = 0; i < 3; i++) await enforceLimit(key, { limit: 3, windowMs: 300 });
      await expect(enforceLimit(key, { limit: 3, windowMs: 300 })).rejects.toMatchObject({ init: { status: 429 } });
      await new Promise((resolve) => setTimeout(resolve, 350));
      await expect(enforceLimit(key, { limit: 3, windowMs: 300 })).resolves.toBeUndefined();

      const account = `account:${key}`;
      for (let i = 0; i < 5; i++) await accountBackoff.failed(account);
      await expect(accountBackoff.check(account)).rejects.toMatchObject({ init: { status: 429 } });
      await accountBackoff.succeeded(account);
      await expect(accountBackoff.check(account)).resolves.toBeUndefined();
    });
  }
});
