import http from "node:http";
import { decode } from "turbo-stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_CUSTOMERS, DEMO_PASSWORD } from "~/db/seed/content";
import { startTcpProxy, type TcpProxy } from "../support/tcp-proxy";
import { createTestDatabase, postgresUp, POSTGRES_URL, type TestDatabase } from "./support/databases";
import { built, sessionCookieOf, startServer, type RunningServer } from "./support/server";

/** A `.data` answer as Remix's browser code reads it; a loaders' redirect comes back as `{ loaders: … }`. */
async function remixAnswer(response: Response) {
  expect(response.headers.get("content-type")).toMatch(/^text\/x-script\b/);
  const decoded = await decode(response.body!, {
    plugins: [(type, payload) => (type === "SingleFetchRedirect" ? { value: { loaders: payload } } : undefined)],
  });
  return decoded.value;
}

/** A GET of `path` exactly as written (fetch and http.request(url) would resolve its dot segments first). */
function rawGet(base: string, path: string, cookie: string) {
  const { hostname, port } = new URL(base);
  return new Promise<Response>((resolve, reject) => {
    http.get({ hostname, port, path, headers: { Cookie: cookie } }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on("data", (chunk: Buffer) => chunks.push(chunk));
      answer.on("end", () => resolve(new Response(Buffer.concat(chunks), { status: answer.statusCode, headers: answer.headers as Record<string, string> })));
      answer.on("error", reject);
    }).on("error", reject);
  });
}

/**
 * PostgreSQL goes away mid-traffic (a TCP proxy of this test's own between the shop and PostgreSQL is cut): every
 * request — pages, form posts, data requests, resource routes — answers 503 with Retry-After and no stack, none 500;
 * when the proxy is back the same process serves 200 again (docs/reliability.md).
 */
// One process, and a cluster of two workers as `npm start` runs on every core (each worker warns on its own).
describe.skipIf(!postgresUp || !built).each([1, 2])("PostgreSQL stops and returns mid-traffic, %i server process(es)", (workers) => {
  let database: TestDatabase;
  let proxy: TcpProxy;
  let server: RunningServer;
  let cookie = "";
  let productId = 0;
  const statuses: number[] = [];

  beforeAll(async () => {
    database = await createTestDatabase("postgres");
    const target = new URL(POSTGRES_URL);
    proxy = await startTcpProxy(target.hostname, Number(target.port || 5432));
    const proxied = new URL(database.url);
    proxied.host = `127.0.0.1:${proxy.port}`;
    server = await startServer({ DATABASE_URL: proxied.href, DATABASE_CONNECT_TIMEOUT_MS: "2000", SESSION_SECRET: "faults-pg", WEB_CONCURRENCY: String(workers) });
    const login = await fetch(`${server.base}/login`, {
      method: "POST", redirect: "manual", headers: { Origin: server.base },
      body: new URLSearchParams({ phone: DEMO_CUSTOMERS[0].email, password: DEMO_PASSWORD, redirectTo: "/" }),
    });
    expect(login.status).toBe(303);
    cookie = sessionCookieOf(login);
    productId = (await database.db.selectFrom("products").select("id").where("is_active", "=", 1).where("quantity", ">=", 100)
      .where("min_order_quantity", "<=", 1).orderBy("id").executeTakeFirstOrThrow()).id;
  }, 120_000);

  afterAll(async () => {
    server?.stop();
    await proxy?.close();
    await database?.drop();
  });

  /** What a mix of shoppers asks: guest and signed-in pages, a form post, a data request, a resource route. */
  const traffic = (extra: Record<string, string> = {}) => [
    { name: "home (guest)", send: () => fetch(`${server.base}/`, { headers: extra }) },
    { name: "products (signed in)", send: () => fetch(`${server.base}/products`, { headers: { Cookie: cookie, ...extra } }) },
    { name: "cart (signed in)", send: () => fetch(`${server.base}/cart`, { headers: { Cookie: cookie, ...extra } }) },
    {
      name: "Add to Cart (form post)",
      send: () => fetch(`${server.base}/cart/add`, {
        method: "POST", redirect: "manual", headers: { Cookie: cookie, Origin: server.base, ...extra },
        body: new URLSearchParams({ product_id: String(productId), quantity: "1" }),
      }),
    },
    { name: "root data (JavaScript navigation)", send: () => fetch(`${server.base}/_root.data`, { headers: { Cookie: cookie, ...extra } }) },
    { name: "sitemap (resource route)", send: () => fetch(`${server.base}/sitemap.xml`) },
  ];

  async function round(extra?: Record<string, string>) {
    const answers = await Promise.all(traffic(extra).map(async ({ name, send }) => {
      const response = await send();
      statuses.push(response.status);
      return { name, response, body: await response.text() };
    }));
    return answers;
  }

  /** Shoppers that keep asking, `lanes` at a time, until stopped; each answer's status is counted. */
  function keepShopping(lanes: number) {
    let running = true;
    const loops = Array.from({ length: lanes }, async (_, lane) => {
      for (let i = lane; running; i++) {
        const { send } = traffic()[i % traffic().length];
        const response = await send().catch(() => null);
        statuses.push(response?.status ?? 0);
        await response?.arrayBuffer();
      }
    });
    return async () => {
      running = false;
      await Promise.all(loops);
    };
  }

  it("serves, answers 503 while PostgreSQL is away, and serves again without a restart", async () => {
    for (const { name, response } of await round()) expect([200, 303], name).toContain(response.status);
    const stopShopping = keepShopping(4);
    await new Promise((resolve) => setTimeout(resolve, 1500));

    await proxy.cut();
    const cutAt = Date.now();
    for (let i = 0; i < 3; i++) {
      for (const { name, response, body } of await round()) {
        expect(response.status, `${name}: ${body.slice(0, 200)}`).toBe(503);
        expect(response.headers.get("retry-after"), name).toMatch(/^\d+$/);
        expect(body, name).not.toMatch(/\bat .+:\d+:\d+|Error:|ECONNREFUSED|postgres/i);
      }
    }
    const page = await fetch(`${server.base}/products`, { headers: { Cookie: cookie } });
    const html = await page.text();
    expect(page.headers.get("content-type")).toContain("text/html");
    expect(html).toMatch(/^<!DOCTYPE html><html lang="en" dir="ltr">/);
    expect(html).toContain("<h1 class=\"text-3xl font-bold text-slate-900\">Temporarily unavailable</h1>");
    const arabic = await fetch(`${server.base}/`, { headers: { "Accept-Language": "ar,en;q=0.5" } });
    const arabicHtml = await arabic.text();
    expect(arabic.status).toBe(503);
    expect(arabicHtml).toMatch(/<html lang="ar" dir="rtl">/);
    expect(arabicHtml).toContain("الخدمة غير متاحة مؤقتًا");
    // A JavaScript navigation or form post is told, in Remix's own format, to load the page as a document:
    // the shopper then sees the 503 page above instead of an error page.
    const navigation = await fetch(`${server.base}/products.data?sort=new&_routes=root,routes/_public.products._index`, { headers: { Cookie: cookie } });
    expect(navigation.status).toBe(503);
    expect(navigation.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(await remixAnswer(navigation)).toEqual({ loaders: { redirect: "/products?sort=new", status: 302, revalidate: false, reload: true, replace: false } });
    // A path that parses to another site (`/.//host` → `//host`) is no way out: home instead.
    const crafted = await rawGet(server.base, "/.//evil.example/products.data", cookie);
    expect(crafted.status).toBe(503);
    expect(await remixAnswer(crafted)).toEqual({ loaders: { redirect: "/", status: 302, revalidate: false, reload: true, replace: false } });
    const formPost = await fetch(`${server.base}/cart/add.data`, {
      method: "POST", headers: { Cookie: cookie, Origin: server.base, Referer: `${server.base}/products/${productId}/details` },
      body: new URLSearchParams({ product_id: String(productId), quantity: "1" }),
    });
    expect(formPost.status).toBe(503);
    expect(await remixAnswer(formPost)).toEqual({ redirect: `/products/${productId}/details`, status: 302, revalidate: false, reload: true, replace: false });
    const api = await fetch(`${server.base}/api/v1/products`, { headers: { Accept: "application/json" } });
    expect(api.status).toBe(503);
    expect(await api.json()).toMatchObject({ error: "unavailable", retryAfter: expect.any(Number) });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const outage = Date.now() - cutAt;

    await proxy.restore();
    const restoredAt = Date.now();
    let recovered = false;
    while (!recovered && Date.now() - restoredAt < 30_000) {
      const answers = await round();
      recovered = answers.every(({ response }) => response.status === 200 || response.status === 303);
      if (!recovered) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const recovery = Date.now() - restoredAt;
    expect(recovered).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await stopShopping();
    for (const { name, response } of await round()) expect([200, 303], name).toContain(response.status);
    expect(await fetch(`${server.base}/healthz`).then((r) => r.status)).toBe(200);
    expect(statuses.filter((status) => status === 0), "requests without an answer").toEqual([]);
    expect(statuses.filter((status) => status >= 500 && status !== 503), "5xx other than 503").toEqual([]);
    // The same process throughout, warning once per 10 s of outage rather than once per request, without stack traces.
    expect(server.log()).toContain(`Bazaar is ready`);
    expect(server.log().match(/Bazaar is ready/g)).toHaveLength(1);
    expect(server.log(), "no worker stopped and was replaced").not.toContain("a new one starts");
    const warnings = server.log().match(/Database unavailable/g) ?? [];
    expect(warnings.length).toBeGreaterThan(0);
    expect(warnings.length).toBeLessThanOrEqual((Math.ceil((outage + recovery) / 10_000) + 1) * workers);
    expect(server.log(), "no stack in the log").not.toMatch(/"stack"|\n\s+at /);
    console.log(`faults/postgres (${workers} process(es)): ${statuses.length} requests, ${statuses.filter((s) => s < 500).length} × 2xx/3xx, ` +
      `${statuses.filter((s) => s === 503).length} × 503, ${statuses.filter((s) => s >= 500 && s !== 503).length} × other 5xx, ` +
      `0 unanswered; outage ${outage} ms; all answers 2xx/3xx again ${recovery} ms after PostgreSQL returned, same process`);
  }, 90_000);
});
