import http from "node:http";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "~/lib/db.server";
import { commitSession, getSession } from "~/lib/session.server";
import { createAddress } from "~/modules/account/addresses.server";
import { startSignIn } from "~/modules/auth/sessions.server";
import { addToCart, toggleShopSelection } from "~/modules/cart/cart.server";
import { checkCartChoice } from "~/modules/catalog/product-details.server";
import { updateSettings } from "~/modules/settings/settings.server";
import { createTestDatabase, POSTGRES_URL, postgresUp, type TestDatabase } from "./support/databases";
import { openEventStream, postForm, requestOnNewConnection, until } from "./support/http1";
import { built, cookiePair, startServer, type RunningServer } from "./support/server";

/*
 * `npm start` on every core (docs/decisions/0025-every-core.md): two worker processes without Redis must behave as
 * one shop — one rate limit, live events that reach every stream, settings and cached pages that follow a change,
 * one writer at a time on SQLite — and stop without dropping a request.
 */

// The sessions this test makes for the server must be signed with the server's secret.
const SESSION_SECRET = "cluster-test-secret";
process.env.SESSION_SECRET = SESSION_SECRET;

/** The server's log: one JSON object per line. */
const logLines = (server: RunningServer): Record<string, unknown>[] =>
  server.log().split("\n").filter((line) => line.startsWith("{")).map((line) => JSON.parse(line));

/** The process that answered the request with this id, read from its log line (written once the answer is done). */
async function servedBy(server: RunningServer, requestId: string): Promise<number> {
  const line = () => logLines(server).find((entry) => entry.requestId === requestId && "status" in entry);
  expect(await until(() => line() !== undefined, 5_000), `a log line for ${requestId}\n${server.log()}`).toBe(true);
  return line()!.pid as number;
}

/** A signed-in browser's session cookie, made the way /login makes it. */
async function signedInCookie(db: Db, userId: number): Promise<string> {
  const session = await getSession(new Request("http://localhost/"));
  await startSignIn(db, session, userId);
  return cookiePair(await commitSession(session));
}

const userId = async (db: Db, email: string) => (await db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow()).id;

describe.skipIf(!built)("a server on every core without Redis (WEB_CONCURRENCY=2, SQLite)", () => {
  let database: TestDatabase;
  let server: RunningServer;

  beforeAll(async () => {
    database = await createTestDatabase("sqlite");
    server = await startServer({
      DATABASE_URL: database.url, WEB_CONCURRENCY: "2", SESSION_SECRET, AUTH_POSTS_PER_MINUTE: "6", REDIS_URL: "", PUSHER_APP_ID: "",
    });
  }, 120_000);
  afterAll(async () => {
    server?.stop();
    await database?.drop();
  });

  it("answers from two worker processes; each request is one JSON log line carrying the request id it echoes", async () => {
    const pids = new Set<number>();
    for (const id of ["probe-1", "probe-2", "probe-3", "probe-4"]) {
      const answer = await requestOnNewConnection(`${server.base}/healthz`, { headers: { "X-Request-Id": id } });
      expect(answer.status).toBe(200);
      expect(answer.headers["x-request-id"], "a trusted proxy's (here: loopback's) id is kept").toBe(id);
      pids.add(await servedBy(server, id));
    }
    expect(pids.size).toBe(2);

    const line = logLines(server).find((entry) => entry.requestId === "probe-1")!;
    expect(line).toMatchObject({ level: "info", method: "GET", path: "/healthz", status: 200 });
    expect(new Date(line.time as string).toISOString()).toBe(line.time);
    expect(line.durationMs).toEqual(expect.any(Number));

    const unnamed = await requestOnNewConnection(`${server.base}/healthz`);
    const odd = await requestOnNewConnection(`${server.base}/healthz`, { headers: { "X-Request-Id": "not an id; <script>" } });
    for (const answer of [unnamed, odd]) expect(answer.headers["x-request-id"], "made up when missing or malformed").toMatch(/^[0-9a-f-]{36}$/);
  });

  it("counts every view of a product exactly, whichever worker shows it (the primary writes them for both)", async () => {
    const { db } = database;
    const product = await db.selectFrom("products").select(["id", "total_views"]).where("is_active", "=", 1).orderBy("id", "desc").executeTakeFirstOrThrow();
    const pids = new Set<number>();
    for (const id of ["view-1", "view-2", "view-3", "view-4", "view-5", "view-6"]) {
      const answer = await requestOnNewConnection(`${server.base}/products/${product.id}/details?${id}`, { headers: { "X-Request-Id": id } });
      expect(answer.status).toBe(200);
      pids.add(await servedBy(server, id));
    }
    expect(pids.size, "both workers showed the product").toBe(2);
    const views = async () => (await db.selectFrom("products").select("total_views").where("id", "=", product.id).executeTakeFirstOrThrow()).total_views;
    await expect.poll(views, { timeout: 5_000 }).toBe(product.total_views + 6);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(await views(), "counted once, not once per process").toBe(product.total_views + 6);
  });

  it("counts the sign-in limit once for all workers: the 7th post within the minute is refused, whichever worker takes it", async () => {
    const answers = [];
    for (let i = 1; i <= 8; i++) {
      answers.push(await postForm(server.base, "/login", { phone: `nobody${i}@example.test`, password: "not-the-password", redirectTo: "/" }, { "X-Request-Id": `limit-${i}` }));
    }
    expect(answers.map((answer) => answer.status)).toEqual([400, 400, 400, 400, 400, 400, 429, 429]);
    expect(Number(answers[6].headers["retry-after"])).toBeGreaterThan(0);
    const pids = await Promise.all(answers.map((_, i) => servedBy(server, `limit-${i + 1}`)));
    expect(new Set(pids).size, "both workers took posts").toBe(2);
  });

  it("a live event published through one worker reaches the shopper's streams on each worker", async () => {
    const db = database.db;
    const customer = await signedInCookie(db, await userId(db, "customer@example.com"));
    const seller = await signedInCookie(db, await userId(db, "seller@example.com"));
    const shop = await db.selectFrom("users").select("shop_id").where("email", "=", "seller@example.com").executeTakeFirstOrThrow();
    expect((await postForm(server.base, "/massages", { shop_id: String(shop.shop_id), message: "Still in stock?", intent: "send" }, { Cookie: customer })).status).toBe(303);
    const conversation = await db.selectFrom("chat_conversations").select("id").where("shop_id", "=", shop.shop_id).executeTakeFirstOrThrow();

    const streams = ["stream-1", "stream-2"].map((id) => openEventStream(`${server.base}/live`, { Cookie: customer, "X-Request-Id": id }));
    expect(await Promise.all(streams.map((stream) => stream.opened))).toEqual([200, 200]);
    const replied = await postForm(server.base, "/shop-console/messages", { conversation_id: String(conversation.id), message: "Yes, two left.", intent: "send" }, { Cookie: seller });
    expect(replied.status).toBe(303);
    expect(await until(() => streams.every((stream) => stream.events.length > 0), 3_000), "every stream hears the reply").toBe(true);
    for (const stream of streams) expect(stream.events[0]).toMatchObject({ type: "chat", conversation_id: conversation.id });
    for (const stream of streams) stream.close();
    const [first, second] = await Promise.all([servedBy(server, "stream-1"), servedBy(server, "stream-2")]);
    expect(first, "the two streams were held by different workers").not.toBe(second);
  });

  it("a settings change is seen by the next request to either worker, cached guest pages included", async () => {
    const home = async (id: string) => {
      const answer = await requestOnNewConnection(`${server.base}/`, { headers: { "X-Request-Id": id, "Accept-Language": "en" } });
      expect(answer.status).toBe(200);
      return { answer, pid: await servedBy(server, id) };
    };
    const warm = [];
    // Each worker keeps the page on its second render (ADR 0039), and the connections take turns.
    for (let i = 1; i <= 6; i++) warm.push(await home(`home-before-${i}`));
    expect(warm.slice(4).map(({ answer }) => answer.headers["x-cache"]), "each worker keeps the guest page").toEqual(["hit", "hit"]);

    // What `npm run settings -- set appName …` does, from yet another process.
    await updateSettings(database.db, { appName: "Cluster Corner" });
    const after = [];
    for (let i = 1; i <= 2; i++) after.push(await home(`home-after-${i}`));
    expect(new Set(after.map(({ pid }) => pid)).size).toBe(2);
    for (const { answer } of after) expect(answer.body).toContain("Cluster Corner");
    await updateSettings(database.db, { appName: "Bazaar" });
  });

  it("200 shoppers ordering the last 10 units at once through both workers: 10 orders, stock 0, never negative, no 5xx", async () => {
    const db = database.db;
    const product = await db.selectFrom("products as p").select(["p.id", "p.shop_id"])
      .where("p.is_active", "=", 1).where("p.quantity", ">=", 20).where("p.is_digital", "=", 0).where("p.min_order_quantity", "<=", 1)
      .where((eb) => eb.not(eb.exists(eb.selectFrom("flash_sale_products as fp").select("fp.product_id").whereRef("fp.product_id", "=", "p.id"))))
      .orderBy("p.id").executeTakeFirstOrThrow();
    await db.updateTable("products").set({ quantity: 200 }).where("id", "=", product.id).execute();
    const choice = await checkCartChoice(db, { product_id: String(product.id), quantity: "1" });
    if (!choice.ok) throw new Error(choice.error.message);
    const shoppers = [];
    for (let i = 0; i < 200; i++) {
      const user = await db.insertInto("users").values({ name: `Rush ${i}`, email: `rush${i}@example.test`, email_verified_at: new Date().toISOString() })
        .returning("id").executeTakeFirstOrThrow();
      const addressId = await createAddress(db, user.id, {
        name: `Rush ${i}`, phone: "5550100101", address_line: "12 Market Street", area: "Downtown", post_code: "94105", address_type: "home", is_default: true,
      });
      await addToCart(db, user.id, choice.choice, choice.product);
      await toggleShopSelection(db, user.id, product.shop_id);
      shoppers.push({ userId: user.id, addressId, cookie: await signedInCookie(db, user.id) });
    }
    await db.updateTable("products").set({ quantity: 10 }).where("id", "=", product.id).execute();

    const answers = await Promise.all(
      shoppers.map((shopper, i) =>
        postForm(server.base, "/checkout", { intent: "place", token: `rush-token-${String(i).padStart(8, "0")}`, address_id: String(shopper.addressId), payment_method: "cash", note: "" }, { Cookie: shopper.cookie, "X-Request-Id": `rush-${i}` }),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status >= 500), server.log().split("\n").filter((line) => line.includes('"error"')).slice(0, 5).join("\n")).toEqual([]);
    expect(answers.filter((answer) => answer.status === 303 && /^\/order-confirmation\/\d+$/.test(answer.headers.location ?? ""))).toHaveLength(10);
    expect(statuses.filter((status) => status === 400)).toHaveLength(190);
    const pids = await Promise.all(answers.map((_, i) => servedBy(server, `rush-${i}`)));
    expect(new Set(pids).size, "both workers took orders").toBe(2);

    const row = await db.selectFrom("products").select("quantity").where("id", "=", product.id).executeTakeFirstOrThrow();
    expect(row.quantity).toBe(0);
    const units = await db.selectFrom("order_items").select((eb) => eb.fn.sum<number>("quantity").as("units")).where("product_id", "=", product.id).executeTakeFirstOrThrow();
    expect(Number(units.units)).toBe(10);
    const orders = await db.selectFrom("orders").select("id").where("user_id", "in", shoppers.map((shopper) => shopper.userId)).execute();
    expect(orders).toHaveLength(10);
  }, 180_000);

  it("replaces a worker that dies, after a short wait", async () => {
    const victim = await servedBy(server, "probe-1");
    process.kill(victim, "SIGKILL");
    expect(await until(() => server.log().includes(`Worker ${victim} stopped (SIGKILL): a new one starts in`), 5_000), server.log()).toBe(true);
    const pids = new Set<number>();
    const deadline = Date.now() + 20_000;
    for (let i = 0; pids.size < 2 && Date.now() < deadline; i++) {
      const answer = await requestOnNewConnection(`${server.base}/healthz`, { headers: { "X-Request-Id": `after-crash-${i}` } });
      expect(answer.status).toBe(200);
      pids.add(await servedBy(server, `after-crash-${i}`));
    }
    expect(pids.size, "two workers serve again").toBe(2);
    expect(pids.has(victim)).toBe(false);
  }, 30_000);
});

describe.skipIf(!built)("stopping a server on every core (SIGTERM)", () => {
  let database: TestDatabase;
  let server: RunningServer;

  beforeAll(async () => {
    database = await createTestDatabase("sqlite");
    server = await startServer({ DATABASE_URL: database.url, WEB_CONCURRENCY: "2", SESSION_SECRET, REDIS_URL: "", PUSHER_APP_ID: "" });
  }, 120_000);
  afterAll(async () => {
    server?.stop();
    await database?.drop();
  });

  it("finishes the request under way, ends live streams, refuses new connections and exits 0", async () => {
    const customer = await signedInCookie(database.db, await userId(database.db, "customer@example.com"));
    const stream = openEventStream(`${server.base}/live`, { Cookie: customer });
    expect(await stream.opened).toBe(200);
    // A kept-alive connection left idle must not hold the shutdown up.
    const keepAlive = new http.Agent({ keepAlive: true });
    await new Promise((resolve) => http.get(`${server.base}/healthz`, { agent: keepAlive }, (response) => response.resume().on("end", resolve)));

    // A form whose body is still arriving when the signal comes.
    const body = new URLSearchParams({ phone: "customer@example.com", password: "not-the-password", redirectTo: "/" }).toString();
    const slow = http.request(`${server.base}/login`, {
      method: "POST", agent: false,
      headers: { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": String(Buffer.byteLength(body)), Origin: server.base },
    });
    const answered = new Promise<{ status: number; connection: string | undefined; text: string }>((resolve, reject) => {
      slow.on("response", (response) => {
        let text = "";
        response.on("data", (chunk) => (text += chunk));
        response.on("end", () => resolve({ status: response.statusCode!, connection: response.headers.connection, text }));
      });
      slow.on("error", reject);
    });
    slow.write(body.slice(0, 10));
    await new Promise((resolve) => setTimeout(resolve, 500));

    // Views of the last moment are still in the workers' memory when the signal comes.
    const product = await database.db.selectFrom("products").select(["id", "total_views"]).where("is_active", "=", 1).orderBy("id").executeTakeFirstOrThrow();
    for (let i = 0; i < 4; i++) expect((await requestOnNewConnection(`${server.base}/products/${product.id}/details?last=${i}`)).status).toBe(200);

    server.signal("SIGTERM");
    expect(await until(stream.ended, 5_000), "the live stream ends").toBe(true);
    const refused = async () =>
      new Promise<boolean>((resolve) => {
        const socket = net.connect(server.port, "127.0.0.1");
        socket.once("connect", () => (socket.destroy(), resolve(false)));
        socket.once("error", (error: NodeJS.ErrnoException) => resolve(error.code === "ECONNREFUSED"));
      });
    let newConnectionsRefused = false;
    for (let i = 0; i < 50 && !newConnectionsRefused; i++) {
      newConnectionsRefused = await refused();
      if (!newConnectionsRefused) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(newConnectionsRefused, "new connections are refused while the request finishes").toBe(true);

    slow.end(body.slice(10));
    const answer = await answered;
    expect(answer.status, "the form is answered in full: wrong password").toBe(400);
    expect(answer.text).toContain("</html>");
    expect(answer.connection).toBe("close");
    expect(await server.exited).toBe(0);
    keepAlive.destroy();
    const { total_views } = await database.db.selectFrom("products").select("total_views").where("id", "=", product.id).executeTakeFirstOrThrow();
    expect(total_views, "the views counted before the signal are written before the server exits").toBe(product.total_views + 4);
  }, 60_000);
});

describe.skipIf(!built || !postgresUp)("/readyz: the database answers, or the instance is out of rotation", () => {
  let database: TestDatabase;
  let server: RunningServer;
  let proxy: net.Server;
  const held: net.Socket[] = [];
  let paused = false;

  beforeAll(async () => {
    database = await createTestDatabase("postgres");
    // A network path to PostgreSQL that the test can cut: while paused, nothing passes either way.
    const upstream = new URL(POSTGRES_URL);
    proxy = net.createServer((client) => {
      const server = net.connect(Number(upstream.port || 5432), upstream.hostname);
      client.pipe(server).pipe(client);
      for (const socket of [client, server]) {
        socket.on("error", () => undefined);
        held.push(socket);
        if (paused) socket.pause();
      }
    });
    await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
    const viaProxy = new URL(database.url);
    viaProxy.host = `127.0.0.1:${(proxy.address() as net.AddressInfo).port}`;
    server = await startServer({ DATABASE_URL: viaProxy.toString() });
  }, 120_000);
  afterAll(async () => {
    server?.stop();
    for (const socket of held) socket.destroy();
    proxy?.close();
    await database?.drop();
  });

  it("answers 200 while PostgreSQL answers, 503 with Retry-After while it does not, and 200 again once it is back", async () => {
    const ready = await requestOnNewConnection(`${server.base}/readyz`);
    expect([ready.status, ready.body]).toEqual([200, "ready"]);

    paused = true;
    for (const socket of held) socket.pause();
    const cut = await requestOnNewConnection(`${server.base}/readyz`, { headers: { "X-Request-Id": "ready-cut" } });
    expect(cut.status).toBe(503);
    expect(cut.headers["retry-after"]).toBe("5");
    expect(cut.headers["cache-control"]).toBe("no-store");
    const warning = logLines(server).find((entry) => entry.requestId === "ready-cut" && entry.level === "warn");
    expect(warning?.msg, "the cause is logged with the request's id").toMatch(/database is unreachable/);
    expect((await requestOnNewConnection(`${server.base}/healthz`)).status, "alive all the same").toBe(200);

    paused = false;
    for (const socket of held) socket.resume();
    const back = await requestOnNewConnection(`${server.base}/readyz`);
    expect(back.status).toBe(200);
  }, 60_000);
});
