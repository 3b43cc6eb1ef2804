import { createHmac } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PASSWORD } from "~/db/seed/content";
import { createTestDatabase, postgresUp, type TestDatabase } from "./support/databases";
import { built, sessionCookieOf, startServer, type RunningServer } from "./support/server";

const REDIS_URL = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";

async function redisReachable() {
  const candidate = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  const up = await candidate.connect().then(() => true, () => false);
  candidate.disconnect();
  return up;
}
const redisUp = await redisReachable();

async function signIn(server: RunningServer, email: string): Promise<string> {
  const response = await fetch(`${server.base}/login`, {
    method: "POST",
    body: new URLSearchParams({ phone: email, password: DEMO_PASSWORD, redirectTo: "/" }),
    headers: { Origin: server.base },
    redirect: "manual",
  });
  expect(response.status, `sign-in of ${email}`).toBe(303);
  return sessionCookieOf(response);
}

const post = (server: RunningServer, path: string, cookie: string, fields: Record<string, string>) =>
  fetch(`${server.base}${path}`, { method: "POST", body: new URLSearchParams(fields), headers: { Origin: server.base, Cookie: cookie }, redirect: "manual" });

/** Reads a Server-Sent Events stream, collecting its `live` events as they come. */
function listen(server: RunningServer, cookie: string) {
  const events: { at: number; data: Record<string, unknown> }[] = [];
  const controller = new AbortController();
  const opened = fetch(`${server.base}/live`, { headers: { Cookie: cookie, Accept: "text/event-stream" }, signal: controller.signal }).then(async (response) => {
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toMatch(/^text\/event-stream/);
    expect(response.headers.get("Content-Encoding"), "a stream is never held back by compression").toBeNull();
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = "";
    void (async () => {
      for (;;) {
        const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
        if (done) return;
        buffer += value;
        let end: number;
        while ((end = buffer.indexOf("\n\n")) !== -1) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (block.startsWith("event: live\n")) events.push({ at: Date.now(), data: JSON.parse(block.split("\ndata: ")[1]) });
        }
      }
    })();
  });
  return { events, opened, close: () => controller.abort() };
}

const until = async (check: () => boolean, ms: number) => {
  const deadline = Date.now() + ms;
  while (!check() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
  return check();
};

describe.skipIf(!postgresUp || !redisUp || !built)("live updates across two app processes (PostgreSQL + Redis)", () => {
  let database: TestDatabase;
  let a: RunningServer;
  let b: RunningServer;

  beforeAll(async () => {
    database = await createTestDatabase("postgres");
    const env = { DATABASE_URL: database.url, REDIS_URL, SESSION_SECRET: "live-test" };
    a = await startServer(env); // migrates and seeds; the second finds the shop ready
    b = await startServer(env);
  }, 180_000);
  afterAll(async () => {
    a?.stop();
    b?.stop();
    await database?.drop();
  });

  it("a reply sent through process A reaches the customer's stream on process B within a second, and no one else's", async () => {
    const customer = await signIn(b, "customer@example.com");
    const otherCustomer = await signIn(a, "customer2@example.com");
    const seller = await signIn(a, "seller@example.com");
    const shop = await database.db.selectFrom("users").select("shop_id").where("email", "=", "seller@example.com").executeTakeFirstOrThrow();

    const asked = await post(b, "/massages", customer, { shop_id: String(shop.shop_id), message: "Is the blue one back?", intent: "send" });
    expect(asked.status).toBe(303);
    const conversation = await database.db.selectFrom("chat_conversations as c").innerJoin("users as u", "u.id", "c.user_id")
      .select("c.id").where("u.email", "=", "customer@example.com").executeTakeFirstOrThrow();

    const mine = listen(b, customer);
    const theirs = listen(a, otherCustomer);
    await Promise.all([mine.opened, theirs.opened]);
    const sent = Date.now();
    const replied = await post(a, "/shop-console/messages", seller, { conversation_id: String(conversation.id), message: "Yes, since this morning.", intent: "send" });
    expect(replied.status).toBe(303);
    // The bar for a live reply across processes.
    expect(await until(() => mine.events.length > 0, 1000), "the event arrives within 1 s").toBe(true);
    expect(mine.events[0].data).toMatchObject({ type: "chat", conversation_id: conversation.id, shop_id: shop.shop_id });
    expect(mine.events[0].at - sent).toBeLessThan(1000);
    // The event says what changed, never the text; the other customer hears nothing.
    expect(JSON.stringify(mine.events[0].data)).not.toContain("morning");
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(theirs.events).toEqual([]);
    mine.close();
    theirs.close();

    const page = await fetch(`${b.base}/massages?shop=${shop.shop_id}`, { headers: { Cookie: customer } });
    expect(await page.text()).toContain("Yes, since this morning.");
    expect((await fetch(`${a.base}/live`)).status, "a guest has no stream").toBe(404);
  });

  it("keeps each conversation to its two sides over HTTP: another customer and another shop's staff get 404", async () => {
    const conversation = await database.db.selectFrom("chat_conversations").select("id").executeTakeFirstOrThrow();
    const otherSeller = await signIn(a, "seller2@example.com");
    expect((await fetch(`${a.base}/shop-console/messages?conversation=${conversation.id}`, { headers: { Cookie: otherSeller } })).status).toBe(404);
    const posted = await post(a, "/shop-console/messages", otherSeller, { conversation_id: String(conversation.id), message: "hi", intent: "send" });
    expect(posted.status).toBe(404);
    const customer2 = await signIn(b, "customer2@example.com");
    const asCustomer = await fetch(`${b.base}/shop-console/messages?conversation=${conversation.id}`, { headers: { Cookie: customer2 } });
    expect(asCustomer.status).toBe(404);
  });
});

describe.skipIf(!built)("with Pusher keys: private channels, authorised by the session", () => {
  let server: RunningServer;
  let stub: http.Server;
  const triggers: { path: string; body: { name: string; channels: string[]; data: string } }[] = [];
  const KEY = "test-key";
  const SECRET = "test-secret";

  beforeAll(async () => {
    // A local stand-in for Pusher's HTTP API: it records each trigger and answers as Pusher does.
    stub = http.createServer((request, response) => {
      let body = "";
      request.on("data", (chunk) => (body += chunk));
      request.on("end", () => {
        triggers.push({ path: request.url ?? "", body: JSON.parse(body || "{}") });
        response.writeHead(200, { "Content-Type": "application/json" }).end("{}");
      });
    });
    await new Promise<void>((resolve) => stub.listen(0, "127.0.0.1", resolve));
    server = await startServer({
      PUSHER_APP_ID: "42", PUSHER_APP_KEY: KEY, PUSHER_APP_SECRET: SECRET, PUSHER_APP_CLUSTER: "eu",
      PUSHER_HOST: "127.0.0.1", PUSHER_PORT: String((stub.address() as AddressInfo).port), PUSHER_USE_TLS: "false",
    });
  }, 120_000);
  afterAll(() => {
    server?.stop();
    stub?.close();
  });

  it("signs the subscription to one's own channel only, and sends chat events to the shop's private channels", async () => {
    const customer = await signIn(server, "customer@example.com");
    const me = await fetch(`${server.base}/dashboard`, { headers: { Cookie: customer } }).then((r) => r.text());
    expect(me).toContain(KEY); // the browser gets the public key…
    expect(me).not.toContain(SECRET); // …never the secret

    const { default: Database } = await import("better-sqlite3");
    const db = new Database(`${server.dataDir}/bazaar.sqlite`, { readonly: true });
    const userId = (db.prepare("SELECT id FROM users WHERE email = ?").get("customer@example.com") as { id: number }).id;
    const sellerRow = db.prepare("SELECT id, shop_id FROM users WHERE email = ?").get("seller@example.com") as { id: number; shop_id: number };
    db.close();

    const authorise = (cookie: string | null, channel: string) =>
      fetch(`${server.base}/live/pusher-auth`, {
        method: "POST",
        body: new URLSearchParams({ socket_id: "1234.5678", channel_name: channel }),
        headers: { Origin: server.base, ...(cookie ? { Cookie: cookie } : {}) },
      });
    const own = await authorise(customer, `private-user-${userId}`);
    expect(own.status).toBe(200);
    const { auth } = (await own.json()) as { auth: string };
    const expected = createHmac("sha256", SECRET).update(`1234.5678:private-user-${userId}`).digest("hex");
    expect(auth).toBe(`${KEY}:${expected}`);
    expect((await authorise(customer, `private-user-${sellerRow.id}`)).status, "another user's channel").toBe(403);
    expect((await authorise(customer, "chat_user_1")).status, "a public channel of the original product").toBe(403);
    expect((await authorise(null, `private-user-${userId}`)).status, "a guest").toBe(403);

    const sent = await post(server, "/massages", customer, { shop_id: String(sellerRow.shop_id), message: "Hello over Pusher", intent: "send" });
    expect(sent.status).toBe(303);
    expect(await until(() => triggers.length > 0, 2000)).toBe(true);
    expect(triggers[0].path).toMatch(/^\/apps\/42\/events\?/);
    expect(triggers[0].body.name).toBe("live");
    expect(triggers[0].body.channels).toContain(`private-user-${sellerRow.id}`);
    expect(triggers[0].body.channels.every((channel) => channel.startsWith("private-user-"))).toBe(true);
    expect(triggers[0].body.data).not.toContain("Hello over Pusher");
  });
});
