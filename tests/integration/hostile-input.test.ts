import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PASSWORD } from "~/db/seed/content";
import { conversationWithShop, sendMessage } from "~/modules/chat/chat.server";
import { requestReturn } from "~/modules/returns/returns.server";
import { openTicket } from "~/modules/tickets/tickets.server";
import { formsOf, linksOf, successfulControls, type HtmlForm } from "../support/html-forms";
import { createTestDatabase, describeEachDatabase, type TestDatabase } from "./support/databases";
import { hashOf, hostileRequests, type ForeignValues, type FormUnderTest, type HostileRequest } from "./support/hostile-requests";
import { makeOrder, stockedProduct } from "./support/orders";
import { routeFiles, routeFor } from "./support/route-files";
import { changesBetween, ownerOf, snapshot, type RowChange, type Snapshot } from "./support/row-changes";
import { built, startServer, type RunningServer } from "./support/server";

/**
 * Hostile input (issue 17): every form of the shop — found by crawling it as a guest, a customer, a shop's seller and
 * the platform admin, and cross-checked against every route module with an action — is posted in malformed and
 * hostile versions (support/hostile-requests.ts) to the production server. No answer may be a 5xx, every answer
 * carries the security headers, and after each form's batch no row outside its target has changed: other users'
 * rows, other shops' orders, catalogue and settings stay as they were, except what the form's route may touch.
 * FUZZ_ROUNDS=n multiplies the random wrong values per field (1 by default, about two minutes); FUZZ_SEED picks them;
 * FUZZ_DATABASES=sqlite,postgres runs it on PostgreSQL too (when one answers).
 */
const ROUNDS = Math.max(1, Number(process.env.FUZZ_ROUNDS ?? 1));
const SEED = Number(process.env.FUZZ_SEED ?? 17);
/** SQLite by default (about two minutes); the same run on PostgreSQL doubles it, so it is asked for. */
const DATABASES = (process.env.FUZZ_DATABASES ?? "sqlite").split(",");
const SECURITY_HEADERS = ["Content-Security-Policy", "X-Content-Type-Options", "Referrer-Policy", "Permissions-Policy"];
/** Pages of one route pattern (ids as one) crawled at most this often per actor: their forms repeat. */
const PER_PATTERN = 2;
const NOT_PAGES = /^\/(build|media|brand|locales|favicon|sitemaps?|robots|healthz|live|auth\/|dev\/|digital-downloads\/|ticket-attachments\/)|\.(svg|png|jpe?g|webp|xml|txt|pdf|ico)(\?|$)|\/invoice$/;
const PUBLIC_SEEDS = ["/", "/products", "/shops", "/digital-products", "/contact-us", "/support", "/login", "/register", "/forgot-password", "/cart", "/no-such-page"];
const ACCOUNT_SEEDS = [
  "/dashboard", "/wishlist", "/profile", "/change-password", "/manage-address", "/manage-address/new", "/order-history", "/logout", "/checkout",
  "/buynow", "/support-tickets", "/support-tickets/new", "/massages", "/digital-product-order-history", "/returned-order-history",
];

/**
 * Rows outside the actor's own that a route may change, and why (column lists, or "*" for whole rows).
 * Anything else a batch changes outside its target fails the test.
 */
const ROUTE_MAY_CHANGE: Record<string, Record<string, string[] | "*">> = {
  // Cancelling one's order puts its items back in stock.
  "_account.order-history.$id_.cancel.tsx": { products: ["quantity", "total_sold"] },
};
/** Counters any visit moves (the session checks between batches are visits). */
const VISITS_MAY_CHANGE: Record<string, string[]> = { products: ["total_views"], blogs: ["total_views"] };

/** Tables of a shop's orders that its staff (and the platform admin, for every shop) act on in the console. */
const STAFF_TABLES = new Set(["orders", "order_items", "order_events", "return_orders", "return_order_items", "chat_conversations", "chat_messages", "payments", "product_licenses", "digital_downloads"]);
const ADMIN_TABLES = new Set([...STAFF_TABLES, "support_tickets", "support_ticket_messages", "support_ticket_attachments"]);

type ActorName = "guest" | "customer" | "seller" | "admin";
interface Actor {
  name: ActorName;
  email?: string;
  userId: number | null;
  shopId: number | null;
  cookie: string;
  /** A page only a signed-in actor sees, to notice a session that a fuzzed post (Sign Out) ended. */
  home?: string;
  foreign: ForeignValues;
}

interface Outcome {
  actor: ActorName;
  form: string;
  request: HostileRequest;
  status: number | "no answer";
  missingHeaders: string[];
  /** Why there was no answer. */
  error?: string;
}

describe.skipIf(!built)("hostile input through server.js", () => describeEachDatabase("hostile input to every form", (kind) => {
  if (!DATABASES.includes(kind)) return it.skip(`${kind}: set FUZZ_DATABASES=sqlite,postgres to fuzz it too`);
  let database: TestDatabase;
  let server: RunningServer;
  const outcomes: Outcome[] = [];
  const leaks: string[] = [];
  const formsFuzzed: string[] = [];
  const routes = routeFiles();
  const actionRoutes = routes.filter((route) => route.hasAction);
  let startedAt = 0;
  let fuzzingStartedAt = 0;
  let snapshotMs = 0;
  let resentAfterReset = 0;

  const db = () => database.db;
  const userOf = (email: string) => db().selectFrom("users").select(["id", "shop_id"]).where("email", "=", email).executeTakeFirstOrThrow();

  async function signIn(email: string) {
    const response = await fetch(`${server.base}/login`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.base },
      body: new URLSearchParams({ phone: email, password: DEMO_PASSWORD }),
      redirect: "manual",
    });
    expect(response.status, `${email} signs in\n${server.log().slice(-2000)}`).toBe(303);
    return response.headers.getSetCookie().map((cookie) => cookie.split(";")[0]).join("; ");
  }

  const get = (cookie: string, url: string) => fetch(`${server.base}${url}`, { headers: { Cookie: cookie }, redirect: "manual" });

  /** Posts the form on `page` whose text matches, with `fill` over what the page put in it. */
  async function submit(cookie: string, page: string, formText: RegExp, fill: Record<string, string> = {}) {
    const form = formsOf(await (await get(cookie, page)).text()).find((candidate) => candidate.method === "post" && formText.test(candidate.text));
    if (!form) throw new Error(`no form matching ${formText} on ${page}`);
    const fields = new URLSearchParams(successfulControls(form, form.controls.find((control) => control.type === "submit")));
    for (const [name, value] of Object.entries(fill)) fields.set(name, value);
    const response = await fetch(new URL(form.action || page, `${server.base}${page}`), {
      method: "POST", body: fields, headers: { Cookie: cookie, Origin: server.base }, redirect: "manual",
    });
    expect(response.status, `${formText} on ${page}`).toBeLessThan(400);
    return response;
  }

  /** What a customer has in the shop: an address, a cart line, orders in each state, a return, a ticket, a chat. */
  async function plantShopperData(email: string, cookie: string, shops: [number, number]) {
    const { id: userId } = await userOf(email);
    const [ownShop, otherShop] = shops;
    const product = await stockedProduct(db(), { inShop: ownShop });
    const otherProduct = await stockedProduct(db(), { inShop: otherShop });
    const line = (productId: number, quantity = 1) => [{ productId, quantity }];
    const pending = await makeOrder(db(), { userId, lines: line(product.id) });
    const pendingElsewhere = await makeOrder(db(), { userId, lines: line(otherProduct.id) });
    const delivered = await makeOrder(db(), { userId, lines: line(product.id, 2), status: "Delivered" });
    const returned = await makeOrder(db(), { userId, lines: line(otherProduct.id, 2), status: "Delivered" });
    const unpaid = await makeOrder(db(), { userId, lines: line(product.id), paymentMethod: "test" });
    const [returnedItem] = await db().selectFrom("order_items").select("id").where("order_id", "=", returned.id).execute();
    const returnId = await requestReturn(db(), userId, returned.id, { quantities: { [returnedItem.id]: 1 }, reason: "Too small", return_address: "1 Return Road", bank_name: "Bank", bank_account_number: "12345678" }, 30);
    const ticket = await openTicket(db(), userId, { issue_type: 1, subject: "Where is my parcel?", message: "It has not come.", email }, []);
    const conversation = await conversationWithShop(db(), userId, ownShop);
    await sendMessage(db(), { userId }, userId, conversation, { body: "Is it in stock?" });
    await submit(cookie, "/manage-address/new", /Recipient name/, { name: "Fuzz Tester", phone: "5550100009", address_line: "1 Fuzz Street", area: "Springfield" });
    await submit(cookie, `/products/${product.id}/details`, /Add to Cart/);
    const [address] = await db().selectFrom("addresses").select("id").where("user_id", "=", userId).execute();
    const cartLines = await db().selectFrom("cart_items").select("id").where("user_id", "=", userId).execute();
    const deliveredItems = await db().selectFrom("order_items").select("id").where("order_id", "=", delivered.id).execute();
    return {
      userId, pending, pendingElsewhere, delivered, returned, unpaid, returnId, ticket, conversation, address: address.id,
      ids: [pending.id, pendingElsewhere.id, delivered.id, returned.id, unpaid.id, returnId, conversation, address.id, ...cartLines.map((row) => row.id), deliveredItems[0].id],
      pages: [
        `/order-history/${pending.id}`, `/order-history/${pending.id}/cancel`, `/order-history/${delivered.id}`, `/return-product/${delivered.id}`,
        `/order-history/${delivered.id}/review/${deliveredItems[0].id}`, `/order-history/${unpaid.id}`, `/support-ticket/${ticket}`,
        `/massages?shop=${ownShop}`, `/manage-address/${address.id}/edit`, `/manage-address/${address.id}/delete`, `/cart/vouchers/${ownShop}`,
        `/returned-order-history/${returnId}`,
      ],
    };
  }

  const pattern = (url: string) => url.split("?")[0].replace(/\/\d+(?=\/|$)/g, "/{id}").replace(/\/T[A-Z0-9]{8}(?=\/|$)/g, "/{ticket}");

  /** The POST forms on the pages a crawl from `seeds` reaches (only under `within`), each kind of form once. */
  async function postFormsOf(actor: Actor, seeds: string[], within = "/") {
    const seen = new Set<string>();
    const perPattern = new Map<string, number>();
    const forms = new Map<string, { page: string; form: HtmlForm }>();
    const queue = [...seeds];
    while (queue.length) {
      const url = queue.shift()!;
      if (seen.has(url) || NOT_PAGES.test(url) || !url.startsWith(within)) continue;
      const visits = perPattern.get(pattern(url)) ?? 0;
      if (visits >= PER_PATTERN && !seeds.includes(url)) continue;
      seen.add(url);
      perPattern.set(pattern(url), visits + 1);
      const response = await get(actor.cookie, url);
      if (response.status >= 300 && response.status < 400) {
        const location = new URL(response.headers.get("Location")!, `${server.base}${url}`);
        if (location.origin === server.base) queue.push(location.pathname + location.search);
        continue;
      }
      if (!(response.headers.get("Content-Type") ?? "").startsWith("text/html")) continue;
      const html = await response.text();
      for (const form of formsOf(html).filter((candidate) => candidate.method === "post")) {
        const action = new URL(form.action || url, `${server.base}${url}`);
        const names = form.controls.map((control) => control.name).filter(Boolean).sort().join(",");
        const key = `${pattern(action.pathname)}?${action.search ? "query" : ""} [${names}]`;
        if (!forms.has(key)) forms.set(key, { page: url, form });
      }
      queue.push(...linksOf(html, `${server.base}${url}`));
    }
    return [...forms.entries()].map(([key, { page, form }]) => ({ key, page, form }));
  }

  function underTest(page: string, form: HtmlForm): FormUnderTest {
    const action = new URL(form.action || page, `${server.base}${page}`);
    const buttons = form.controls.filter((control) => control.name && control.type === "submit");
    const pressed = buttons[0] ?? form.controls.find((control) => control.type === "submit");
    return {
      action: action.pathname + action.search,
      multipart: form.enctype === "multipart/form-data",
      fields: successfulControls(form, pressed),
      fileFields: form.controls.filter((control) => control.type === "file" && control.name).map((control) => control.name),
      otherButtons: buttons.slice(1).map((button): [string, string] => [button.name, button.value]),
    };
  }

  /** Whether a changed row is the actor's business: its own rows, its shop's orders, or what the route may change. */
  function allowed(change: RowChange, actor: Actor, routeFilesPosted: Set<string>, before: Snapshot, after: Snapshot) {
    const owner = ownerOf(change, after, before);
    if (owner && actor.userId !== null && owner.userId === actor.userId) return true;
    if (owner && actor.shopId !== null && owner.shopId === actor.shopId && STAFF_TABLES.has(change.table)) return true;
    if (owner && actor.name === "admin" && ADMIN_TABLES.has(change.table)) return true;
    // Opening the console's messages marks them seen for the shop (for every shop, by the platform admin).
    const seen = change.table === "shops" && change.kind === "changed" && change.columns.every((column) => column === "console_seen_at");
    if (seen && (actor.name === "admin" || owner?.shopId === actor.shopId)) return true;
    return [...routeFilesPosted].some((file) => {
      const may = ROUTE_MAY_CHANGE[file]?.[change.table] ?? VISITS_MAY_CHANGE[change.table];
      return may === "*" || (may !== undefined && change.kind === "changed" && change.columns.every((column) => may.includes(column)));
    });
  }

  /**
   * Node's server answers a post it did not read to the end (a signed-out 1 MB form) and then resets that kept-alive
   * connection; the next request sent on it fails before any answer. Browsers and curl send it again on a new
   * connection, and so does this (counted in the figures); a second failure is a real one.
   */
  async function postOnce(path: string, headers: Record<string, string>, body?: Buffer) {
    const post = () => fetch(`${server.base}${path}`, { method: "POST", headers, body: body && new Uint8Array(body), redirect: "manual" });
    try {
      return await post();
    } catch (failure) {
      if (!/ECONNRESET|other side closed/.test(String((failure as Error).cause))) throw failure;
      resentAfterReset += 1;
      return post();
    }
  }

  async function fuzzForm(actor: Actor, name: string, form: FormUnderTest, state: { snapshot: Snapshot }) {
    if (actor.home && (await get(actor.cookie, actor.home)).status !== 200) actor.cookie = await signIn(actor.email!);
    const requests = hostileRequests(form, actor.foreign, SEED + hashOf(`${actor.name} ${name}`), ROUNDS);
    const posted = new Set<string>();
    for (const request of requests) {
      posted.add(routeFor(routes, new URL(request.path, server.base).pathname)?.file ?? "(no route)");
      const headers: Record<string, string> = { ...request.headers, Origin: request.forgedOrigin ? "https://evil.example" : server.base };
      if (!request.signedOut && actor.cookie) headers.Cookie = actor.cookie;
      let status: Outcome["status"] = "no answer";
      let missingHeaders: string[] = [];
      let error: string | undefined;
      try {
        const response = await postOnce(request.path, headers, request.body);
        await response.arrayBuffer();
        status = response.status;
        missingHeaders = SECURITY_HEADERS.filter((header) => !response.headers.has(header));
      } catch (failure) {
        error = String((failure as Error).cause ?? failure);
      }
      outcomes.push({ actor: actor.name, form: name, request, status, missingHeaders, error });
    }
    const snapshotStartedAt = Date.now();
    const after = await snapshot(db());
    snapshotMs += Date.now() - snapshotStartedAt;
    for (const change of changesBetween(state.snapshot, after)) {
      if (allowed(change, actor, posted, state.snapshot, after)) continue;
      const owner = ownerOf(change, after, state.snapshot);
      leaks.push(
        `${actor.name} fuzzing ${name}: ${change.kind} ${change.table} ${change.key} (owner user ${owner?.userId ?? "-"}, shop ${owner?.shopId ?? "-"}) columns ${change.columns.join(",")}`,
      );
    }
    state.snapshot = after;
    formsFuzzed.push(`${actor.name} ${name}`);
  }

  beforeAll(async () => {
    startedAt = Date.now();
    database = await createTestDatabase(kind);
    server = await startServer({ DATABASE_URL: database.url, PAYMENT_TEST_GATEWAY: "1", AUTH_POSTS_PER_MINUTE: "1000000", APP_ENV: "testing" });
    const [customer, customer2, seller, seller2, admin] = await Promise.all(
      ["customer@example.com", "customer2@example.com", "seller@example.com", "seller2@example.com", "admin@example.com"].map(userOf),
    );
    const shops: [number, number] = [seller.shop_id!, seller2.shop_id!];
    const customerCookie = await signIn("customer@example.com");
    const own = await plantShopperData("customer@example.com", customerCookie, shops);
    const victim = await plantShopperData("customer2@example.com", await signIn("customer2@example.com"), shops);
    // Ids of different tables overlap: a foreign value must not also be one of the actor's own records.
    const idsWhere = async (column: "user_id" | "shop_id", value: number) => {
      const ids = new Set<number>();
      const tables: Array<"orders" | "return_orders" | "chat_conversations" | "addresses" | "cart_items"> = ["orders", "return_orders", "chat_conversations"];
      if (column === "user_id") tables.push("addresses", "cart_items");
      for (const table of tables) {
        for (const row of await db().selectFrom(table).select("id").where(column, "=", value).execute()) ids.add(row.id);
      }
      const items = await db().selectFrom("order_items").innerJoin("orders", "orders.id", "order_items.order_id").select("order_items.id").where(`orders.${column}`, "=", value).execute();
      for (const row of items) ids.add(row.id);
      return ids;
    };
    const customerOwn = await idsWhere("user_id", customer.id);
    const sellerOwn = await idsWhere("shop_id", shops[0]);
    const victimShopOrders = [victim.pendingElsewhere.id, victim.returned.id, victim.returnId].filter((id) => !sellerOwn.has(id));
    const nowhere: ForeignValues = { ids: [2147483647], ticketNumbers: ["TZZZZZZZZ"], userId: customer2.id, shopId: shops[1] };
    const actors: Actor[] = [
      { name: "guest", userId: null, shopId: null, cookie: "", foreign: { ...nowhere, ids: [own.pending.id, victim.address] } },
      {
        name: "customer", email: "customer@example.com", userId: customer.id, shopId: null, cookie: customerCookie, home: "/dashboard",
        foreign: { ids: victim.ids.filter((id) => !customerOwn.has(id)), ticketNumbers: [victim.ticket], userId: customer2.id, shopId: shops[1] },
      },
      {
        name: "seller", email: "seller@example.com", userId: seller.id, shopId: shops[0], cookie: await signIn("seller@example.com"), home: "/shop-console",
        foreign: { ids: victimShopOrders, ticketNumbers: [victim.ticket], userId: seller2.id, shopId: shops[1] },
      },
      { name: "admin", email: "admin@example.com", userId: admin.id, shopId: null, cookie: await signIn("admin@example.com"), home: "/shop-console", foreign: nowhere },
    ];
    const consoleSeeds = [
      "/shop-console", "/shop-console/orders", `/shop-console/orders/${own.pending.id}`, `/shop-console/orders/${own.unpaid.id}`,
      "/shop-console/returns", `/shop-console/returns/${own.returnId}`, "/shop-console/messages", `/shop-console/messages?conversation=${own.conversation}`,
      "/shop-console/tickets", `/shop-console/tickets/${own.ticket}`,
    ];
    const seeds: Record<ActorName, [string[], string?]> = {
      guest: [PUBLIC_SEEDS],
      customer: [[...PUBLIC_SEEDS, ...ACCOUNT_SEEDS, ...own.pages]],
      seller: [consoleSeeds, "/shop-console"],
      admin: [consoleSeeds, "/shop-console"],
    };
    const reached = new Set<string>();
    const batches: Array<{ actor: Actor; name: string; form: FormUnderTest }> = [];
    for (const actor of actors) {
      for (const { key, page, form } of await postFormsOf(actor, ...seeds[actor.name])) {
        const target = underTest(page, form);
        reached.add(routeFor(routes, new URL(target.action, server.base).pathname)?.file ?? "");
        batches.push({ actor, name: key, form: target });
      }
    }
    // A route with an action that no crawled page posts to (reached by links from e-mails, providers or scripts)
    // is fuzzed at its own address, with the fields of its page when it has one.
    for (const route of actionRoutes.filter((candidate) => !reached.has(candidate.file))) {
      const address = route.pattern
        .replace("/*", "/no-such-page")
        .replace(":provider", "google")
        .replace(":ticketNumber", own.ticket)
        .replace(/:[^/]+/g, String(own.pending.id));
      for (const actor of actors.slice(0, 2)) {
        const page = await get(actor.cookie, address);
        const forms = page.status === 200 ? formsOf(await page.text()).filter((form) => form.method === "post") : [];
        const form: FormUnderTest = forms[0] ? underTest(address, forms[0]) : { action: address, multipart: false, fields: [], fileFields: [], otherButtons: [] };
        batches.push({ actor, name: `${route.pattern} (not linked)`, form: { ...form, action: address } });
      }
    }
    const state = { snapshot: await snapshot(db()) };
    // Forms that end the session or change the password go last, so the others run signed in.
    const last = (batch: { form: FormUnderTest }) => (/\/logout|\/change-password/.test(batch.form.action) ? 1 : 0);
    batches.sort((a, b) => last(a) - last(b));
    fuzzingStartedAt = Date.now();
    for (const batch of batches) await fuzzForm(batch.actor, batch.name, batch.form, state);
  }, 30 * 60_000);

  afterAll(async () => {
    if (outcomes.length) printFigures();
    server?.stop();
    await database?.drop();
  });

  function printFigures() {
    const statuses = new Map<string, number>();
    for (const outcome of outcomes) statuses.set(String(outcome.status), (statuses.get(String(outcome.status)) ?? 0) + 1);
    const byActor = (["guest", "customer", "seller", "admin"] as const).map((actor) => `${actor} ${formsFuzzed.filter((form) => form.startsWith(`${actor} `)).length}`);
    console.log(
      `hostile input [${kind}], seed ${SEED}, rounds ${ROUNDS}: ${formsFuzzed.length} forms (${byActor.join(", ")}), ${outcomes.length} requests (${resentAfterReset} sent again after a reset connection), ` +
        `${actionRoutes.length} routes with an action, ${((Date.now() - startedAt) / 1000).toFixed(0)} s (set-up and crawl ${((fuzzingStartedAt - startedAt) / 1000).toFixed(0)} s, database snapshots ${(snapshotMs / 1000).toFixed(0)} s); answers: ` +
        [...statuses].sort().map(([status, count]) => `${status} × ${count}`).join(", "),
    );
  }

  const describeOutcome = (outcome: Outcome) => `${outcome.actor} ${outcome.form} — ${outcome.request.label} → ${outcome.request.path.slice(0, 80)}: ${outcome.status}${outcome.error ? ` (${outcome.error})` : ""}`;

  it("answers every hostile post without a 5xx (or a dropped connection)", () => {
    const failures = outcomes.filter((outcome) => outcome.status === "no answer" || outcome.status >= 500).map(describeOutcome);
    expect(failures, server.log().slice(-4000)).toEqual([]);
  });

  it("answers a signed-in actor's post to somebody else's order, address, ticket or conversation with 404", () => {
    // A shop's id is public (the cart's vouchers of a shop): only private records are someone else's.
    const foreign = outcomes.filter(
      (outcome) => outcome.request.foreignPath && outcome.actor !== "guest" && !outcome.request.signedOut && !outcome.request.forgedOrigin && !outcome.request.path.startsWith("/cart/vouchers/"),
    );
    expect(foreign.length).toBeGreaterThan(50);
    expect(foreign.filter((outcome) => outcome.status !== 404).map(describeOutcome)).toEqual([]);
  });

  it("sends the security headers with every answer", () => {
    const missing = outcomes.filter((outcome) => outcome.missingHeaders.length).map((outcome) => `${describeOutcome(outcome)} lacks ${outcome.missingHeaders.join(", ")}`);
    expect(missing).toEqual([]);
  });

  it("changes no row outside the form's target", () => {
    expect(leaks).toEqual([]);
  });

  it("fuzzes every route module that has an action", () => {
    const posted = new Set(outcomes.map((outcome) => routeFor(routes, new URL(outcome.request.path, server.base).pathname)?.file));
    expect(actionRoutes.map((route) => route.file).filter((file) => !posted.has(file))).toEqual([]);
    expect(formsFuzzed.length).toBeGreaterThan(30);
  });

  it("keeps only uploads whose bytes are what their name says", () => {
    const signatures: Record<string, number[]> = { pdf: [0x25, 0x50, 0x44, 0x46, 0x2d], png: [0x89, 0x50, 0x4e, 0x47], jpg: [0xff, 0xd8, 0xff], jpeg: [0xff, 0xd8, 0xff], webp: [0x52, 0x49, 0x46, 0x46] };
    const stored = (folder: string): string[] =>
      fs.existsSync(folder) ? fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? stored(path.join(folder, entry.name)) : [path.join(folder, entry.name)])) : [];
    const files = stored(path.join(server.dataDir, "uploads"));
    const wrong = files.filter((file) => {
      const signature = signatures[path.extname(file).slice(1).toLowerCase()];
      const head = fs.readFileSync(file).subarray(0, 8);
      return !signature || !signature.every((byte, i) => head[i] === byte);
    });
    expect(wrong).toEqual([]);
  });
}));
