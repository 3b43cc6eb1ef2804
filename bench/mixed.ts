// `npm run bench:mixed`: a mixed shopper workload (issue 17) against three setups of the production server at 100k
// products, each beside /healthz measured in the same run on the same servers:
//   one process   WEB_CONCURRENCY=1, SQLite
//   all cores     WEB_CONCURRENCY unset (the server's own default), SQLite
//   two instances two `node server.js` on PostgreSQL (a schema of its own, bench_catalogue_<n>, kept between runs) and
//                 one Redis, the virtual shoppers spread over both
// Actions: browse 70 % (home, lists by category/sort/page, product pages, shop pages), search 15 %, cart 10 % (add,
// increment, delete), checkout 5 % (a cash-on-delivery order to its confirmation), every one through the forms the
// pages render. Half of the actions are a signed-in shopper's (each with an account, an address and a cookie jar of
// its own, signed in before the run); the rest a guest's. Writes the "mixed" section of docs/benchmarks.md.
//
// `npm run bench:mixed -- --quick`: short runs on 10k products (for trying the harness, not for figures).
// `--setups=one-process,two-instances` runs some of the setups only; `--seconds=60` sets the length of the mixed runs.
// PostgreSQL: BENCH_POSTGRES_URL (default: the local test database); Redis: BENCH_REDIS_URL, else a private
// redis-server on a free port for the run.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import pg from "pg";
import { migrateToLatest } from "~/db/migrate";
import { DEMO_PASSWORD, seedDatabase } from "~/db/seed";
import { createDb, type Db } from "~/lib/db.server";
import { hashPassword } from "~/modules/auth/password.server";
import { formsOf, successfulControls, type HtmlForm } from "../tests/support/html-forms";
import { writeSection } from "./report";
import { seeded } from "./catalogue";
import { freePort, percentile, SEARCH_TERMS, waitFor } from "./run";
import { BROWSER_ENCODINGS } from "./shopper";

const quick = process.argv.includes("--quick");
const PRODUCTS = quick ? 10_000 : 100_000;
const SHOPS = quick ? 200 : 500;
const option = (name: string) => process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
const MIXED_SECONDS = Number(option("seconds") ?? (quick ? 5 : 30));
const HEALTHZ_SECONDS = quick ? 3 : 10;
const WARM_UP_SECONDS = quick ? 2 : 5;
/** Actions in flight at once: each a virtual shopper's, on its keep-alive connection. */
const CONNECTIONS = quick ? [10] : [10, 50];
const REQUEST_TIMEOUT_MS = 10_000;
const POSTGRES_URL = process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/test";

const ACTIONS = [["browse", 70], ["search", 15], ["cart", 10], ["checkout", 5]] as const;
type Kind = (typeof ACTIONS)[number][0];
/**
 * Only a signed-in shopper has a cart (a guest's Add to Cart asks to log in), so cart and checkout are theirs; they
 * also do this share of browsing and searching, which makes half of all actions a signed-in shopper's.
 */
const SIGNED_IN_SHARE_OF_BROWSING = (0.5 - 0.15) / 0.85;

const SETUPS = {
  "one-process": { title: "1 process (WEB_CONCURRENCY=1), SQLite", database: "sqlite", instances: 1, concurrency: "1" },
  "all-cores": { title: "all cores (WEB_CONCURRENCY unset), SQLite", database: "sqlite", instances: 1, concurrency: undefined },
  // Each instance one process, as on two one-core machines: together they use the cores the other setups use.
  "two-instances": { title: "2 instances (1 process each), PostgreSQL + Redis", database: "postgres", instances: 2, concurrency: "1" },
} as const;
type SetupName = keyof typeof SETUPS;

const ms = (n: number) => n.toFixed(1);
const random = <T,>(list: readonly T[]) => list[Math.floor(Math.random() * list.length)];

// ---------------------------------------------------------------------------------------------------------------
// The catalogue and the bench's shoppers

interface Catalogue {
  /** DATABASE_URL for the servers. */
  url: string;
  db: Db;
  productIds: number[];
  popularProductIds: number[];
  /** Products anyone can add with quantity 1 and order many times over (no digital delivery, plenty of stock). */
  addable: { id: number; shop_id: number }[];
  shopIds: number[];
  categoryIds: number[];
}

/** The catalogue in the local PostgreSQL, in a schema of the bench's own, seeded once and kept between runs. */
async function seededOnPostgres(products: number, shops: number): Promise<{ url: string; db: Db }> {
  const schema = `bench_catalogue_${products}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  try {
    await admin.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
    const url = `${POSTGRES_URL}${POSTGRES_URL.includes("?") ? "&" : "?"}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
    let db = createDb(url);
    await migrateToLatest(db);
    const count = await db.selectFrom("products").select((eb) => eb.fn.countAll<string>().as("n")).executeTakeFirst();
    if (Number(count?.n ?? 0) === products) return { url, db };
    // A half-seeded schema (an interrupted seed) is started again.
    await db.destroy();
    await admin.query(`DROP SCHEMA ${schema} CASCADE`);
    await admin.query(`CREATE SCHEMA ${schema}`);
    db = createDb(url);
    await migrateToLatest(db);
    const started = Date.now();
    await seedDatabase(db, { products, shops });
    console.log(`  seeded ${products} products into PostgreSQL schema ${schema} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    return { url, db };
  } finally {
    await admin.end();
  }
}

async function catalogue(database: "sqlite" | "postgres"): Promise<Catalogue> {
  const { url, db } = database === "sqlite"
    ? await seeded(PRODUCTS, SHOPS).then(({ file, db }) => ({ url: `file:${file}`, db }))
    : await seededOnPostgres(PRODUCTS, SHOPS);
  const active = db.selectFrom("products").select(["id", "shop_id"]).where("is_active", "=", 1);
  return {
    url,
    db,
    productIds: (await active.execute()).map((row) => row.id),
    popularProductIds: (await active.orderBy("total_views", "desc").limit(1000).execute()).map((row) => row.id),
    addable: await active.where("is_digital", "=", 0).where("quantity", ">=", 100).where("min_order_quantity", "<=", 1).execute(),
    shopIds: (await db.selectFrom("shops").select("id").where("is_active", "=", 1).execute()).map((row) => row.id),
    categoryIds: (await db.selectFrom("categories").select("id").where("is_active", "=", 1).execute()).map((row) => row.id),
  };
}

const shopperEmail = (i: number) => `bench-shopper-${i}@example.test`;

/** The bench's accounts, made once per database, with empty carts for this run. */
async function prepareAccounts(db: Db, count: number) {
  const emails = Array.from({ length: count }, (_, i) => shopperEmail(i));
  const existing = new Set((await db.selectFrom("users").select("email").where("email", "in", emails).execute()).map((row) => row.email));
  const missing = emails.filter((email) => !existing.has(email));
  if (missing.length > 0) {
    const hash = await hashPassword(DEMO_PASSWORD);
    await db.insertInto("users").values(missing.map((email) => ({ name: `Bench Shopper ${email.match(/\d+/)![0]}`, email, password_hash: hash }))).execute();
  }
  const userIds = (await db.selectFrom("users").select("id").where("email", "in", emails).execute()).map((row) => row.id);
  await db.deleteFrom("cart_shop_selections").where("user_id", "in", userIds).execute();
  await db.deleteFrom("cart_items").where("user_id", "in", userIds).execute();
  const withAddress = (await db.selectFrom("addresses as a").innerJoin("users as u", "u.id", "a.user_id").select("u.email").where("u.email", "in", emails).execute()).map((row) => row.email);
  return { needsAddress: (i: number) => !withAddress.includes(shopperEmail(i)) };
}

// ---------------------------------------------------------------------------------------------------------------
// A keep-alive HTTP client with a cookie jar per shopper, and what it measured

interface Instance { base: string; agent: http.Agent }

interface Shopper {
  index: number;
  instance: Instance;
  cookies: Map<string, string>;
}

interface Answer {
  status: number;
  type: string;
  location: string | null;
  path: string;
  text(): string;
}

/**
 * The forms of a page whose markup contains `marker`, each read as a minimal client reads it (tests/support/html-forms).
 * Only those are parsed: the load generator shares the machine with the servers, and a whole product page costs
 * milliseconds to parse. Forms do not nest, so each `<form>…</form>` stands on its own.
 */
function formsIn(page: Answer, marker: string): HtmlForm[] {
  return [...page.text().matchAll(/<form\b[\s\S]*?<\/form>/g)].filter(([markup]) => markup.includes(marker)).flatMap(([markup]) => formsOf(markup));
}

/** An action that could not go on: a refused or unexpected answer. */
class ActionFailed extends Error {}
/** The measured time is over: the action stops where it is, uncounted. */
class TimeUp extends Error {}

class Measurements {
  latencies = new Map<Kind | "healthz", number[]>();
  actions = new Map<Kind, number>();
  /** Answers outside 2xx/3xx and connection errors. */
  errors = 0;
  timeouts = 0;
  /** Actions stopped by an error, a timeout or an answer that was not the one expected (no order confirmation …). */
  failedActions = 0;
  checkouts = 0;
  /** Pages asked for (GET answers that are HTML) and how many of them came from the page cache (X-Cache: hit). */
  pages = 0;
  keptPages = 0;
  failures: string[] = [];

  record(kind: Kind | "healthz", milliseconds: number) {
    const list = this.latencies.get(kind) ?? [];
    list.push(milliseconds);
    this.latencies.set(kind, list);
  }

  fail(message: string) {
    this.failedActions += 1;
    if (this.failures.length < 5) this.failures.push(message);
  }

  get requests() {
    return [...this.latencies.values()].reduce((sum, list) => sum + list.length, 0);
  }
}

class Client {
  deadline = Infinity;
  constructor(public measurements: Measurements | null) {}

  request(shopper: Shopper | null, instance: Instance, kind: Kind | "healthz", method: "GET" | "POST", target: string, form?: [string, string][]) {
    if (Date.now() > this.deadline) throw new TimeUp();
    const body = form ? new URLSearchParams(form).toString() : undefined;
    const headers: http.OutgoingHttpHeaders = { accept: "text/html", "accept-encoding": BROWSER_ENCODINGS };
    if (shopper?.cookies.size) headers.cookie = [...shopper.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
    if (body !== undefined) Object.assign(headers, { "content-type": "application/x-www-form-urlencoded", "content-length": Buffer.byteLength(body), origin: instance.base });
    const started = performance.now();
    return new Promise<Answer>((resolve, reject) => {
      const req = http.request(`${instance.base}${target}`, { method, agent: instance.agent, headers, timeout: REQUEST_TIMEOUT_MS }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("error", (error) => {
          if (this.measurements) this.measurements.errors += 1;
          reject(new ActionFailed(`${method} ${target}: ${error.message}`));
        });
        res.on("end", () => {
          const status = res.statusCode ?? 0;
          this.measurements?.record(kind, performance.now() - started);
          if (shopper) remember(shopper.cookies, res.headers["set-cookie"] ?? []);
          if (status < 200 || status >= 400) {
            if (this.measurements) this.measurements.errors += 1;
            reject(new ActionFailed(`${method} ${target} answered ${status}`));
            return;
          }
          if (this.measurements && method === "GET" && String(res.headers["content-type"]).startsWith("text/html")) {
            this.measurements.pages += 1;
            if (res.headers["x-cache"] === "hit") this.measurements.keptPages += 1;
          }
          const raw = Buffer.concat(chunks);
          const encoding = res.headers["content-encoding"];
          const decoded = () => (encoding === "br" ? brotliDecompressSync(raw) : encoding === "gzip" ? gunzipSync(raw) : raw);
          // Decoded only when a check reads the page.
          let text: string | undefined;
          resolve({ status, type: res.headers["content-type"] ?? "", location: res.headers.location ?? null, path: target, text: () => (text ??= decoded().toString("utf8")) });
        });
      });
      req.on("timeout", () => {
        if (this.measurements) this.measurements.timeouts += 1;
        req.destroy(new ActionFailed(`${method} ${target} timed out after ${REQUEST_TIMEOUT_MS} ms`));
      });
      req.on("error", (error: NodeJS.ErrnoException) => {
        // The server closed an idle kept-alive connection as this request went out on it: nothing reached the
        // server, and a browser sends the request again on a new connection.
        if (req.reusedSocket && error.code === "ECONNRESET") {
          resolve(Promise.resolve().then(() => this.request(shopper, instance, kind, method, target, form)));
          return;
        }
        if (!(error instanceof ActionFailed) && this.measurements) this.measurements.errors += 1;
        reject(error instanceof ActionFailed ? error : new ActionFailed(`${method} ${target}: ${error.message}`));
      });
      req.end(body);
    });
  }
}

/** Keeps the cookies a response sets, as a browser would (a cookie set to expire is dropped). */
function remember(cookies: Map<string, string>, setCookies: string[]) {
  for (const setCookie of setCookies) {
    const [pair, ...attributes] = setCookie.split(";");
    const split = pair.indexOf("=");
    const name = pair.slice(0, split).trim();
    const expired = attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute) || /^\s*expires=Thu, 01 Jan 1970/i.test(attribute));
    if (expired) cookies.delete(name);
    else cookies.set(name, pair.slice(split + 1).trim());
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The shoppers' actions, through the pages and their forms

class Actions {
  constructor(private client: Client, private shop: Catalogue) {}

  private get(shopper: Shopper, kind: Kind, target: string) {
    return this.client.request(shopper, shopper.instance, kind, "GET", target);
  }

  /** A page that must be there: 200 and HTML. */
  private async page(shopper: Shopper, kind: Kind, target: string) {
    const answer = await this.get(shopper, kind, target);
    if (answer.status !== 200 || !answer.type.startsWith("text/html")) throw new ActionFailed(`GET ${target} answered ${answer.status} ${answer.type}, expected a 200 page`);
    return answer;
  }

  /** Presses `button` of `form` as a browser without JavaScript does, with `choices` picked among the form's own options. */
  private async submit(shopper: Shopper, kind: Kind, on: Answer, form: HtmlForm, button: RegExp, choices: Record<string, string> = {}) {
    const pressed = form.controls.find((control) => control.type === "submit" && button.test(control.label));
    if (!pressed) throw new ActionFailed(`no ${button} button on ${on.path}`);
    let fields = successfulControls(form, pressed);
    for (const [name, value] of Object.entries(choices)) {
      if (!form.controls.some((control) => control.name === name && control.value === value)) throw new ActionFailed(`${on.path} offers no ${name}=${value}`);
      fields = [...fields.filter(([field]) => field !== name), [name, value]];
    }
    const answer = await this.client.request(shopper, shopper.instance, kind, "POST", form.action || on.path.split("?")[0], fields);
    if (answer.status !== 303 || !answer.location) throw new ActionFailed(`POST ${form.action} answered ${answer.status}, expected a 303`);
    return answer;
  }

  /** The page a form post sends the browser to. */
  private follow(shopper: Shopper, kind: Kind, redirect: Answer) {
    return this.page(shopper, kind, redirect.location!);
  }

  private formOf(page: Answer, action: string, text?: RegExp): HtmlForm {
    const form = formsIn(page, `action="${action}"`).find((candidate) => candidate.action === action && (!text || text.test(candidate.text)));
    if (!form) throw new ActionFailed(`no ${action} form on ${page.path}`);
    return form;
  }

  async browse(shopper: Shopper) {
    const roll = Math.random();
    if (roll < 0.15) return this.page(shopper, "browse", "/");
    if (roll < 0.45) {
      const query = new URLSearchParams({ sort: random(["newest", "popular", "top_selling", "price_low_high", "price_high_low"]), page: String(1 + Math.floor(Math.random() * 20)) });
      if (Math.random() < 0.5) query.set("category_id", String(random(this.shop.categoryIds)));
      return this.page(shopper, "browse", `/products?${query}`);
    }
    if (roll < 0.85) {
      // Half of the product pages opened are among the 1,000 most viewed, the other half any of the catalogue.
      const id = random(Math.random() < 0.5 ? this.shop.popularProductIds : this.shop.productIds);
      return this.page(shopper, "browse", `/products/${id}/details`);
    }
    return this.page(shopper, "browse", `/shops/${random(this.shop.shopIds)}`);
  }

  async search(shopper: Shopper) {
    const query = new URLSearchParams({ search: random(SEARCH_TERMS) });
    if (Math.random() < 0.3) query.set("page", "2");
    return this.page(shopper, "search", `/products?${query}`);
  }

  /** Add to Cart on a product's page, as its form is rendered; back on the product page with the toast. */
  private async addToCart(shopper: Shopper, kind: Kind, product: { id: number }) {
    const page = await this.page(shopper, kind, `/products/${product.id}/details`);
    const added = await this.submit(shopper, kind, page, this.formOf(page, "/cart/add", /Add to Cart/), /^Add to Cart$/);
    if (!added.location!.startsWith(`/products/${product.id}/details`)) throw new ActionFailed(`Add to Cart of ${product.id} went to ${added.location}`);
    await this.follow(shopper, kind, added);
  }

  /** On the cart page: a product added, a line's quantity increased, or a line removed (never more than a few lines). */
  async cart(shopper: Shopper) {
    const cart = await this.page(shopper, "cart", "/cart");
    const lines = formsIn(cart, 'action="/cart/delete"');
    const roll = Math.random();
    if (lines.length === 0 || (lines.length < 4 && roll < 0.4)) return this.addToCart(shopper, "cart", random(this.shop.addable));
    const line = random(lines).controls.find((control) => control.name === "line_id")!.value;
    const [action, button] = lines.length >= 4 || roll >= 0.7 ? ["/cart/delete", /^Remove /] : ["/cart/increment", /Increase quantity/];
    const form = formsIn(cart, `action="${action}"`).find((candidate) => candidate.controls.some((c) => c.name === "line_id" && c.value === line))!;
    const changed = await this.submit(shopper, "cart", cart, form, button);
    if (changed.location !== "/cart") throw new ActionFailed(`${action} went to ${changed.location}`);
    await this.follow(shopper, "cart", changed);
  }

  /** A product added, its shop selected, Proceed to Checkout, Place Order with cash on delivery, the confirmation. */
  async checkout(shopper: Shopper, measurements: Measurements) {
    const product = random(this.shop.addable);
    await this.addToCart(shopper, "checkout", product);
    let cart = await this.page(shopper, "checkout", "/cart");
    const selection = formsIn(cart, 'action="/cart/select-shop"').find((form) => form.controls.some((c) => c.name === "shop_id" && c.value === String(product.shop_id)));
    if (!selection) throw new ActionFailed(`the cart shows no shop ${product.shop_id}`);
    if (selection.controls.find((control) => control.type === "submit")?.attributes["aria-pressed"] !== "true") {
      cart = await this.follow(shopper, "checkout", await this.submit(shopper, "checkout", cart, selection, /^Select /));
    }
    const proceeded = await this.submit(shopper, "checkout", cart, this.formOf(cart, "/cart/proceed"), /Proceed to Checkout/);
    if (proceeded.location !== "/checkout") throw new ActionFailed(`Proceed to Checkout went to ${proceeded.location}`);
    const checkout = await this.follow(shopper, "checkout", proceeded);
    const placeForm = formsIn(checkout, "Place Order").find((form) => form.controls.some((control) => control.type === "submit" && /Place Order/.test(control.label)));
    if (!placeForm) throw new ActionFailed("no Place Order form on /checkout");
    const placed = await this.submit(shopper, "checkout", checkout, placeForm, /Place Order/, { payment_method: "cash" });
    const order = placed.location!.match(/^\/order-confirmation\/(\d+)$/);
    if (!order) throw new ActionFailed(`Place Order went to ${placed.location}`);
    const confirmation = await this.follow(shopper, "checkout", placed);
    if (!confirmation.text().includes("/order-history/")) throw new ActionFailed(`order confirmation ${order[1]} links to no order`);
    measurements.checkouts += 1;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The servers

interface Running { instances: Instance[]; children: ChildProcess[]; dataDir: string; log: () => string }

async function startServers(setup: SetupName, databaseUrl: string, redisUrl: string): Promise<Running> {
  const { instances: count, concurrency } = SETUPS[setup];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bazaar-mixed-bench-"));
  let log = "";
  const instances: Instance[] = [];
  const children: ChildProcess[] = [];
  for (let i = 0; i < count; i++) {
    const port = await freePort();
    const env: NodeJS.ProcessEnv = {
      ...process.env, NODE_ENV: "production", PORT: String(port), HOST: "127.0.0.1", DATABASE_URL: databaseUrl, DATA_DIR: dataDir,
      SESSION_SECRET: "bench", COOKIE_SECURE: "false", AUTH_POSTS_PER_MINUTE: "1000000", REDIS_URL: redisUrl, PUSHER_APP_KEY: "",
    };
    if (concurrency) env.WEB_CONCURRENCY = concurrency;
    else delete env.WEB_CONCURRENCY;
    const child = spawn(process.execPath, ["server.js"], { env, stdio: ["ignore", "ignore", "pipe"] });
    child.stderr?.on("data", (chunk) => (log += chunk));
    children.push(child);
    instances.push({ base: `http://127.0.0.1:${port}`, agent: new http.Agent({ keepAlive: true, maxSockets: Math.max(...CONNECTIONS) * 2 }) });
  }
  try {
    for (const [i, instance] of instances.entries()) await waitFor(`${instance.base}/healthz`, children[i]);
  } catch (error) {
    await stopServers({ instances, children, dataDir, log: () => log });
    throw new Error(`${(error as Error).message}\n${log}`);
  }
  return { instances, children, dataDir, log: () => log };
}

async function stopServers({ instances, children, dataDir }: Running) {
  for (const instance of instances) instance.agent.destroy();
  await Promise.all(children.map((child) => new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const killer = setTimeout(() => child.kill("SIGKILL"), 15_000);
    child.once("exit", () => { clearTimeout(killer); resolve(); });
    child.kill("SIGTERM");
  })));
  fs.rmSync(dataDir, { recursive: true, force: true });
}

const CLOCK_TICKS = Number(spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).stdout) || 100;

/** The processes of each server (itself and its descendants, e.g. cluster workers), from /proc. */
function processTree(roots: number[]): number[] {
  const parents = new Map<number, number>();
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]));
    } catch {
      // gone meanwhile
    }
  }
  const tree = new Set(roots);
  for (let grown = true; grown;) {
    grown = false;
    for (const [pid, parent] of parents) if (tree.has(parent) && !tree.has(pid)) { tree.add(pid); grown = true; }
  }
  return [...tree];
}

/** CPU seconds (user + system) used so far by the given processes. */
function cpuSeconds(pids: number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // exited: its time is no longer counted
    }
  }
  return ticks / CLOCK_TICKS;
}

/** A private Redis for the run (BENCH_REDIS_URL to use another), so that the shared one is left alone. */
async function privateRedis(): Promise<{ url: string; stop: () => void }> {
  if (process.env.BENCH_REDIS_URL) return { url: process.env.BENCH_REDIS_URL, stop: () => undefined };
  const port = await freePort();
  const redis = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], { stdio: "ignore" });
  redis.on("error", (error) => console.error(`redis-server could not start (${error.message}): install it or set BENCH_REDIS_URL`));
  for (let i = 0; ; i++) {
    if (spawnSync("redis-cli", ["-p", String(port), "ping"], { encoding: "utf8" }).stdout.trim() === "PONG") break;
    if (i > 50 || redis.exitCode !== null) throw new Error("redis-server did not start: install it or set BENCH_REDIS_URL");
    await new Promise((r) => setTimeout(r, 100));
  }
  return { url: `redis://127.0.0.1:${port}`, stop: () => redis.kill("SIGTERM") };
}

// ---------------------------------------------------------------------------------------------------------------
// Running the load

interface PhaseResult {
  seconds: number;
  measurements: Measurements;
  serverCpuSeconds: number;
  loadCpuSeconds: number;
}

/** Runs `work` on `connections` loops until the time is up, measuring the servers' and the load's CPU too. */
async function phase(seconds: number, connections: number, servers: ChildProcess[], record: boolean, work: (client: Client, measurements: Measurements) => Promise<void>): Promise<PhaseResult> {
  const measurements = new Measurements();
  const client = new Client(record ? measurements : null);
  // Read at each start: a cluster's workers may come up after the server first answers.
  const pids = processTree(servers.map((child) => child.pid!));
  const serverCpu = cpuSeconds(pids);
  const loadCpu = process.cpuUsage();
  const started = performance.now();
  client.deadline = Date.now() + seconds * 1000;
  await Promise.all(Array.from({ length: connections }, async () => {
    while (Date.now() < client.deadline) {
      try {
        await work(client, measurements);
      } catch (error) {
        if (error instanceof TimeUp) break;
        if (!(error instanceof ActionFailed)) throw error;
        if (record) measurements.fail(error.message);
      }
    }
  }));
  const used = process.cpuUsage(loadCpu);
  return {
    seconds: (performance.now() - started) / 1000,
    measurements,
    serverCpuSeconds: cpuSeconds(pids) - serverCpu,
    loadCpuSeconds: (used.user + used.system) / 1e6,
  };
}

function drawKind(): Kind {
  let roll = Math.random() * 100;
  for (const [kind, weight] of ACTIONS) {
    if (roll < weight) return kind;
    roll -= weight;
  }
  return "browse";
}

/** The mixed workload: each loop draws an action, then an idle shopper who may do it, and does it. */
function mixedWork(shop: Catalogue, signedIn: Shopper[], guests: Shopper[]) {
  const idle = { signedIn: [...signedIn], guests: [...guests] };
  return async (client: Client, measurements: Measurements) => {
    const kind = drawKind();
    const pool = kind === "cart" || kind === "checkout" || Math.random() < SIGNED_IN_SHARE_OF_BROWSING ? idle.signedIn : idle.guests;
    const shopper = pool.splice(Math.floor(Math.random() * pool.length), 1)[0];
    const actions = new Actions(client, shop);
    try {
      measurements.actions.set(kind, (measurements.actions.get(kind) ?? 0) + 1);
      if (kind === "checkout") await actions.checkout(shopper, measurements);
      else await actions[kind](shopper);
    } finally {
      pool.push(shopper);
    }
  };
}

function healthzWork(instances: Instance[]) {
  let next = 0;
  return async (client: Client) => {
    const instance = instances[next++ % instances.length];
    await client.request(null, instance, "healthz", "GET", "/healthz");
  };
}

/** Signs the shopper in through the login form; gives a new account an address through its form. */
async function signIn(client: Client, shopper: Shopper, needsAddress: boolean) {
  const login = await client.request(shopper, shopper.instance, "browse", "POST", "/login", [["phone", shopperEmail(shopper.index)], ["password", DEMO_PASSWORD], ["redirectTo", "/"]]);
  if (login.status !== 303 || !shopper.cookies.has("bazaar_session")) throw new Error(`${shopperEmail(shopper.index)} could not sign in (${login.status})`);
  if (!needsAddress) return;
  const saved = await client.request(shopper, shopper.instance, "browse", "POST", "/manage-address/new", [
    ["name", `Bench Shopper ${shopper.index}`], ["phone", "5550100001"], ["address_line", `${shopper.index} Bench Street`], ["address_type", "home"], ["is_default", "on"],
  ]);
  if (saved.status !== 303) throw new Error(`${shopperEmail(shopper.index)} could not save an address (${saved.status})`);
}

interface SetupResult {
  setup: SetupName;
  processes: number;
  rows: { connections: number; healthz: PhaseResult; mixed: PhaseResult }[];
}

async function runSetup(setup: SetupName, shop: Catalogue, redisUrl: string): Promise<SetupResult> {
  const shoppersPerKind = Math.max(...CONNECTIONS);
  const accounts = await prepareAccounts(shop.db, shoppersPerKind);
  const running = await startServers(setup, shop.url, redisUrl);
  try {
    // Round-robin per virtual shopper: each keeps to one instance, as behind a proxy with sticky connections.
    const shopper = (index: number): Shopper => ({ index, instance: running.instances[index % running.instances.length], cookies: new Map() });
    const signedIn = Array.from({ length: shoppersPerKind }, (_, i) => shopper(i));
    const guests = Array.from({ length: shoppersPerKind }, (_, i) => shopper(i));
    const setupClient = new Client(null);
    for (const one of signedIn) await signIn(setupClient, one, accounts.needsAddress(one.index));

    const rows: SetupResult["rows"] = [];
    for (const connections of CONNECTIONS) {
      await phase(WARM_UP_SECONDS, connections, running.children, false, mixedWork(shop, signedIn, guests));
      const healthz = await phase(HEALTHZ_SECONDS, connections, running.children, true, healthzWork(running.instances));
      const mixed = await phase(MIXED_SECONDS, connections, running.children, true, mixedWork(shop, signedIn, guests));
      rows.push({ connections, healthz, mixed });
      console.log(`  ${setup} @${connections}: ${summary(mixed)} | /healthz ${summary(healthz)}`);
      for (const failure of mixed.measurements.failures) console.log(`    failed: ${failure}`);
    }
    if (rows.some(({ mixed }) => mixed.measurements.errors > 0)) console.log(`  the servers' log, last lines:\n${running.log().slice(-3000)}`);
    return { setup, processes: processTree(running.children.map((child) => child.pid!)).length, rows };
  } finally {
    await stopServers(running);
  }
}

const rate = (count: number, result: PhaseResult) => count / result.seconds;

function latencyOf(result: PhaseResult, kind?: Kind | "healthz") {
  const list = (kind ? result.measurements.latencies.get(kind) ?? [] : [...result.measurements.latencies.values()].flat()).sort((a, b) => a - b);
  return { count: list.length, p50: percentile(list, 50), p95: percentile(list, 95), p99: percentile(list, 99) };
}

const keptShare = ({ measurements }: PhaseResult) => ((100 * measurements.keptPages) / Math.max(1, measurements.pages)).toFixed(0);

function summary(result: PhaseResult) {
  const all = latencyOf(result);
  const { errors, timeouts, failedActions, checkouts } = result.measurements;
  const kept = result.measurements.pages ? `, ${keptShare(result)} % of pages kept` : "";
  return `${rate(all.count, result).toFixed(0)} req/s, p95 ${ms(all.p95)} ms${kept}, ${checkouts} checkouts, ${errors} errors, ${timeouts} timeouts, ${failedActions} failed actions`;
}

// ---------------------------------------------------------------------------------------------------------------

function report(results: SetupResult[], seconds: number) {
  const cpu = os.cpus();
  const cpuPerRequest = (result: PhaseResult) => ms((result.serverCpuSeconds * 1000) / Math.max(1, result.measurements.requests));
  const lines = [
    "## Mixed shopper workload",
    "",
    `Measured by \`npm run bench:mixed\`${quick ? " (--quick: short runs on 10k products, to try the harness; not figures)" : ""} on ${new Date().toISOString().slice(0, 10)}: ${cpu.length} cores (${cpu[0]?.model.trim()}), Node ${process.version}; the load generator and the servers share the machine. ${PRODUCTS.toLocaleString("en-US")} products, ${SHOPS} shops. Each row: ${WARM_UP_SECONDS} s of warm-up, /healthz for ${HEALTHZ_SECONDS} s, then the mixed workload for ${MIXED_SECONDS} s on the same servers; run took ${Math.round(seconds)} s.`,
    "",
    "Actions: browse 70 % (home, product lists by sort, page and category, product pages, shop pages), search 15 %, cart 10 % (Add to Cart on a product page, + or Remove on the cart page), checkout 5 % (Add to Cart, the shop selected, Proceed to Checkout, Place Order with cash on delivery, the order confirmation), each through the forms the pages render. Half of the actions are a signed-in shopper's (one account, address and cookie jar each, signed in before the run), the others a guest's. A connection is an action in flight; each request of an action is timed and counted under its kind. Errors: answers outside 2xx/3xx and lost connections; timeouts: no answer within 10 s; failed actions: actions stopped by an error, a timeout or an answer that was not the one expected (each page a 200, each form post a 303 to where that form leads, each checkout its order confirmation).",
    "",
    "| setup | server processes | connections | req/s | checkouts/s | p50 ms | p95 ms | p99 ms | errors | timeouts | failed actions | pages from the page cache | server CPU ms/req | /healthz req/s | /healthz p50 ms | /healthz p95 ms | /healthz p99 ms | /healthz errors | req/s × /healthz |",
    "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ...results.flatMap(({ setup, processes, rows }) => rows.map(({ connections, healthz, mixed }) => {
      const all = latencyOf(mixed);
      const floor = latencyOf(healthz, "healthz");
      const m = mixed.measurements;
      return `| ${SETUPS[setup].title} | ${processes} | ${connections} | ${rate(all.count, mixed).toFixed(0)} | ${rate(m.checkouts, mixed).toFixed(2)} | ${ms(all.p50)} | ${ms(all.p95)} | ${ms(all.p99)} | ${m.errors} | ${m.timeouts} | ${m.failedActions} | ${keptShare(mixed)} % | ${cpuPerRequest(mixed)} | ${rate(floor.count, healthz).toFixed(0)} | ${ms(floor.p50)} | ${ms(floor.p95)} | ${ms(floor.p99)} | ${healthz.measurements.errors + healthz.measurements.timeouts} | ${(rate(all.count, mixed) / rate(floor.count, healthz)).toFixed(2)} |`;
    })),
    "",
    "By kind (each request of an action under its kind):",
    "",
    "| setup | connections | kind | actions | requests | p50 ms | p95 ms | p99 ms |",
    "|---|---:|---|---:|---:|---:|---:|---:|",
    ...results.flatMap(({ setup, rows }) => rows.flatMap(({ connections, mixed }) => ACTIONS.map(([kind]) => {
      const latency = latencyOf(mixed, kind);
      return `| ${SETUPS[setup].title} | ${connections} | ${kind} | ${mixed.measurements.actions.get(kind) ?? 0} | ${latency.count} | ${ms(latency.p50)} | ${ms(latency.p95)} | ${ms(latency.p99)} |`;
    }))),
    "",
    `Pages from the page cache: the share of pages asked for (GET answers in HTML) that a server answered from its page cache (ADR 0007, 0029: \`X-Cache: hit\`) instead of rendering them. Server processes: the server's own and its descendants (a cluster's primary and workers). Server CPU: their user + system time (from /proc) over the mixed run, per request. The load generator used ${results.flatMap((r) => r.rows).map((row) => ms((row.mixed.loadCpuSeconds * 1000) / Math.max(1, row.mixed.measurements.requests))).join(" / ")} ms of CPU per request (same order as the rows). Two instances: one PostgreSQL schema (bench_catalogue_${PRODUCTS}) and one Redis, each virtual shopper on one instance, alternately.`,
    "",
  ];
  console.log(lines.join("\n"));
  writeSection("mixed", lines);
}

async function main() {
  const started = Date.now();
  const chosen = (option("setups")?.split(",") ?? Object.keys(SETUPS)) as SetupName[];
  const unknown = chosen.filter((name) => !(name in SETUPS));
  if (unknown.length > 0) throw new Error(`Unknown setups ${unknown.join(", ")}: choose among ${Object.keys(SETUPS).join(", ")}`);
  console.log("Building…");
  if (spawnSync(path.resolve("node_modules/.bin/remix"), ["build"], { stdio: "inherit" }).status !== 0) process.exit(1);

  const results: SetupResult[] = [];
  const onSqlite = chosen.filter((name) => SETUPS[name].database === "sqlite");
  if (onSqlite.length > 0) {
    const shop = await catalogue("sqlite");
    try {
      for (const setup of onSqlite) results.push(await runSetup(setup, shop, ""));
    } finally {
      await shop.db.destroy();
    }
  }
  if (chosen.includes("two-instances")) {
    const shop = await catalogue("postgres");
    const redis = await privateRedis();
    try {
      results.push(await runSetup("two-instances", shop, redis.url));
    } finally {
      redis.stop();
      await shop.db.destroy();
    }
  }
  report(results, (Date.now() - started) / 1000);
}

await main();
