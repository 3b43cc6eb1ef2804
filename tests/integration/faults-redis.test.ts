import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_CUSTOMERS, DEMO_PASSWORD } from "~/db/seed/content";
import { redisServerInstalled, startPrivateRedis, type PrivateRedis } from "../support/redis-server";
import { createTestDatabase, type TestDatabase } from "./support/databases";
import { built, freePort, sessionCookieOf, startServer, type RunningServer } from "./support/server";

/**
 * Redis stops while the shop runs (a redis-server of this test's own, killed with SIGKILL): pages, the cart and the
 * checkout keep working, sign-in limits are counted in the process (one warning in the log, not one per request),
 * live updates reach this process's streams only, nothing hangs; a Redis that comes back is used again.
 */
describe.skipIf(!built || !redisServerInstalled)("Redis stops and returns while the shop sells", () => {
  let database: TestDatabase;
  let redis: PrivateRedis;
  let server: RunningServer;
  let customer = "";
  let seller = "";
  let slowest = 0;
  const customerAccount = DEMO_CUSTOMERS[0];

  /** A request, timed: none may hang while Redis is away. */
  async function send(path: string, init: RequestInit & { form?: Record<string, string> } = {}) {
    const started = Date.now();
    const response = await fetch(`${server.base}${path}`, {
      redirect: "manual",
      ...init,
      ...(init.form ? { method: "POST", body: new URLSearchParams(init.form) } : {}),
      headers: { Origin: server.base, ...init.headers },
    });
    const body = await response.text();
    slowest = Math.max(slowest, Date.now() - started);
    return { status: response.status, body, location: response.headers.get("location"), cookie: sessionCookieOf(response) };
  }
  const signIn = async (email: string, password = DEMO_PASSWORD) => send("/login", { form: { phone: email, password, redirectTo: "/" } });

  /** The signed-in customer's live stream: the events it hears. */
  function listen() {
    const events: string[] = [];
    const controller = new AbortController();
    const opened = fetch(`${server.base}/live`, { headers: { Cookie: customer }, signal: controller.signal }).then(async (response) => {
      expect(response.status).toBe(200);
      const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
      void (async () => {
        for (;;) {
          const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
          if (done) return;
          if (value?.includes("event: live")) events.push(value);
        }
      })();
    });
    return { events, opened, close: () => controller.abort() };
  }

  const until = async (check: () => boolean, ms: number) => {
    const deadline = Date.now() + ms;
    while (!check() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    return check();
  };

  async function limitKeysInRedis() {
    const client = new Redis(redis.url, { maxRetriesPerRequest: 1 });
    const keys = await client.keys("bazaar:limit:*");
    client.disconnect();
    return keys;
  }

  /** Add to Cart, select the shop, Place Order (cash on delivery): the orders' confirmation page, or what went wrong. */
  async function buy() {
    const product = await database.db.selectFrom("products").select(["id", "shop_id"]).where("is_active", "=", 1).where("quantity", ">=", 50)
      .where("is_digital", "=", 0).where("min_order_quantity", "<=", 1).orderBy("id").executeTakeFirstOrThrow();
    const headers = { Cookie: customer };
    expect((await send("/cart/add", { headers, form: { product_id: String(product.id), quantity: "1" } })).status).toBe(303);
    expect((await send("/cart/select-shop", { headers, form: { shop_id: String(product.shop_id) } })).status).toBe(303);
    const checkout = await send("/checkout", { headers });
    expect(checkout.status).toBe(200);
    const token = checkout.body.match(/name="token" value="([^"]+)"/)?.[1] ?? "";
    const address = await database.db.selectFrom("addresses as a").innerJoin("users as u", "u.id", "a.user_id").select("a.id")
      .where("u.email", "=", customerAccount.email).executeTakeFirstOrThrow();
    const placed = await send("/checkout", { headers, form: { intent: "place", token, address_id: String(address.id), payment_method: "cash", note: "" } });
    expect(placed.status, placed.body.slice(0, 300)).toBe(303);
    expect(placed.location).toMatch(/^\/order-confirmation\/\d+$/);
    expect((await send(placed.location!, { headers })).status).toBe(200);
  }

  /** The seller answers the customer's conversation: a live event for the customer. */
  async function sellerReplies(text: string) {
    const conversation = await database.db.selectFrom("chat_conversations as c").innerJoin("users as u", "u.id", "c.user_id")
      .select("c.id").where("u.email", "=", customerAccount.email).executeTakeFirstOrThrow();
    const replied = await send("/shop-console/messages", { headers: { Cookie: seller }, form: { conversation_id: String(conversation.id), message: text, intent: "send" } });
    expect(replied.status).toBe(303);
  }

  beforeAll(async () => {
    database = await createTestDatabase("sqlite");
    redis = await startPrivateRedis(await freePort());
    server = await startServer({ DATABASE_URL: database.url, REDIS_URL: redis.url, AUTH_POSTS_PER_MINUTE: "8", SESSION_SECRET: "faults-redis" });
    customer = (await signIn(customerAccount.email)).cookie;
    seller = (await signIn("seller@example.com")).cookie;
    expect(customer && seller).toBeTruthy();
    const shop = await database.db.selectFrom("users").select("shop_id").where("email", "=", "seller@example.com").executeTakeFirstOrThrow();
    expect((await send("/massages", { headers: { Cookie: customer }, form: { shop_id: String(shop.shop_id), message: "Still in stock?", intent: "send" } })).status).toBe(303);
    expect((await send("/manage-address/new", { headers: { Cookie: customer }, form: { name: customerAccount.name, phone: "5550100001", address_line: "1 Test Way", address_type: "home" } })).status).toBe(303);
  }, 120_000);

  afterAll(async () => {
    server?.stop();
    await redis?.close();
    await database?.drop();
  });

  it("keeps selling without Redis, warns once, and uses Redis again when it returns", async () => {
    // With Redis: sign-in attempts are counted there, live events travel through it.
    expect((await limitKeysInRedis()).length).toBeGreaterThan(0);
    const before = listen();
    await before.opened;
    await sellerReplies("Yes.");
    expect(await until(() => before.events.length === 1, 2000)).toBe(true);

    await redis.kill();
    const killedAt = Date.now();
    slowest = 0;
    for (const path of ["/", "/products", "/cart", "/shops"]) expect((await send(path, { headers: { Cookie: customer } })).status, path).toBe(200);
    await buy();
    // Sign-in limits still hold, counted in this process: the 9th post within the minute is refused.
    const attempts = [];
    for (let i = 0; i < 10; i++) attempts.push((await signIn("nobody@example.com", "wrong-password")).status);
    expect(attempts).toContain(429);
    expect(attempts.filter((status) => status >= 500)).toEqual([]);
    expect((await signIn("customer2@example.com")).status).toBe(429);
    // Live updates degrade: an event reaches streams on this process only, and nothing waits for Redis.
    const during = listen();
    await during.opened;
    await sellerReplies("Shipped today.");
    expect(await until(() => during.events.length === 1, 2000)).toBe(true);
    expect(slowest, "no request waits for the missing Redis").toBeLessThan(3000);
    const log = server.log();
    expect(log.match(/Rate limits: Redis is unreachable/g)).toHaveLength(1);
    expect(log.match(/Live updates: Redis is unreachable/g)).toHaveLength(1);
    expect(log).not.toMatch(/Unhandled error event|"stack"|\n\s+at /);
    const outage = Date.now() - killedAt;

    await redis.start();
    const restartedAt = Date.now();
    expect(await until(() => /Rate limits: Redis is back/.test(server.log()) && /Live updates: Redis is back/.test(server.log()), 15_000)).toBe(true);
    const reconnected = Date.now() - restartedAt;
    expect((await signIn("customer2@example.com")).status).toBe(303);
    expect((await limitKeysInRedis()).length, "sign-in attempts are counted in Redis again").toBeGreaterThan(0);
    const after = listen();
    await after.opened;
    await sellerReplies("Delivered.");
    expect(await until(() => after.events.length === 1, 2000)).toBe(true);
    for (const stream of [before, during, after]) stream.close();
    console.log(`faults/redis: without Redis for ${outage} ms — 4 pages 200, an order placed, sign-in limited to 429 after 8 posts ` +
      `(in-process counters), live event delivered in-process; slowest request ${slowest} ms; one warning each for rate limits and live ` +
      `updates; Redis used again ${reconnected} ms after it restarted`);
  }, 90_000);
});
