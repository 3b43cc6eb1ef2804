// `npm run bench:render`: the server's CPU time per rendered page for a signed-in shopper (issue 17), on the 100k
// catalogue. Starts the production server (one process), signs a shopper in, puts products from several shops in
// their cart, then asks as that shopper for random product pages, one product page again and again (kept for signed-in
// shoppers, ADR 0029), random list pages (page and sort) and the cart,
// and divides the server's CPU time (user + system, all its threads, from /proc) by the requests: steadier than
// req/s on a shared machine, though a busy one still inflates it. `--profile` also runs the server under `node --cpu-prof` and splits
// its samples during each page's requests by what they were doing. `--quick` asks fewer pages (to try the harness).
// BENCH_ENCODINGS sets the Accept-Encoding asked with (`identity`: what the page costs without compression).
// Writes its section of docs/benchmarks.md.
// `--compare <checkout> <checkout> [--page <name>]` measures instead the same page (random product pages unless
// named: product, kept, list, cart, shell) on a server from each checkout (each built first), both asked at once, every page
// of one and then of the other, and prints each round's CPU ms per page and the ratio: a shared machine's speed moves
// by a third within seconds, and two servers asked side by side see the same moves (ADR 0047). It starts `--pairs <n>`
// (4 by default) such pairs one after the other, `--rounds <n>` (8 by default) in all, and prints the 95 % interval of
// the pairs' mean ratio. Writes nothing.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { seeded } from "./catalogue";
import { BROWSER_ENCODINGS, CART_PRODUCTS, signedInShopper } from "./shopper";
import { writeSection } from "./report";

const quick = process.argv.includes("--quick");
const profile = process.argv.includes("--profile");
const REQUESTS = quick ? 60 : 1000;
/**
 * Requests of each page before it is measured: V8's optimizing compiler keeps working on its own threads for the
 * first thousands of requests of a fresh server, and that CPU is counted too (a long-running server has paid it).
 */
const WARM_UP = quick ? 20 : 1500;
/** Requests in flight at once: enough to keep one process busy, few enough not to queue much on a shared machine. */
const IN_FLIGHT = 4;
const CLOCK_TICKS_PER_SECOND = Number(spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).stdout.trim()) || 100;

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** CPU seconds (user + system) used so far by a process and every process under it (workers, when there are any). */
function cpuSeconds(root: number): number {
  const children = new Map<number, number[]>();
  const ticks = new Map<number, number>();
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
    } catch {
      continue; // ended meanwhile
    }
    // Fields after the command name (which may hold spaces): state ppid … utime(14) stime(15).
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const pid = Number(entry);
    const parent = Number(fields[1]);
    children.set(parent, [...(children.get(parent) ?? []), pid]);
    ticks.set(pid, Number(fields[11]) + Number(fields[12]));
  }
  let total = 0;
  const pending = [root];
  while (pending.length) {
    const pid = pending.pop()!;
    total += ticks.get(pid) ?? 0;
    pending.push(...(children.get(pid) ?? []));
  }
  return total / CLOCK_TICKS_PER_SECOND;
}

async function waitFor(url: string, child: ChildProcess) {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    if (await fetch(url).then((r) => r.ok, () => false)) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no answer from ${url}`);
}

interface PageKind { name: string; path: () => string }
interface Measured { name: string; requests: number; cpuMs: number; kB: number; window: [bigint, bigint] }

/** One GET as the shopper; the status and the bytes as sent (still compressed). */
function get(base: string, cookie: string, pagePath: string, agent: http.Agent) {
  return new Promise<{ status: number; bytes: number }>((resolve, reject) => {
    const request = http.get(base + pagePath, { agent, headers: { Cookie: cookie, "Accept-Encoding": BROWSER_ENCODINGS } }, (response) => {
      let bytes = 0;
      response.on("data", (chunk: Buffer) => (bytes += chunk.length));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, bytes }));
      response.on("error", reject);
    });
    request.on("error", reject);
  });
}

/** `count` GETs of `kind` as the shopper, `IN_FLIGHT` at a time; every answer must be a 200 page. */
async function ask(base: string, cookie: string, kind: PageKind, count: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: IN_FLIGHT });
  let bytes = 0;
  let next = 0;
  const worker = async () => {
    while (next < count) {
      next++;
      const pagePath = kind.path();
      const response = await get(base, cookie, pagePath, agent);
      if (response.status !== 200) throw new Error(`${kind.name}: ${response.status} for ${pagePath}`);
      bytes += response.bytes;
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  agent.destroy();
  return bytes;
}

async function measure(base: string, cookie: string, pid: number, kind: PageKind): Promise<Measured> {
  await ask(base, cookie, kind, WARM_UP); // compiled code, caches, statements
  const from = process.hrtime.bigint();
  const before = cpuSeconds(pid);
  const bytes = await ask(base, cookie, kind, REQUESTS);
  const cpuMs = ((cpuSeconds(pid) - before) * 1000) / REQUESTS;
  return { name: kind.name, requests: REQUESTS, cpuMs, kB: bytes / REQUESTS / 1000, window: [from, process.hrtime.bigint()] };
}

// ─── the profile's breakdown ───────────────────────────────────────────────────────────────────────────────────

interface ProfileNode { id: number; callFrame: { functionName: string; url: string }; children?: number[] }
interface CpuProfile { nodes: ProfileNode[]; startTime: number; samples: number[]; timeDeltas: number[] }

const CATEGORIES = ["React render", "Remix", "serialization", "queries", "compression", "GC", "app code outside render", "HTTP and Express", "other"] as const;
type Category = (typeof CATEGORIES)[number];

/**
 * What a sample was doing, from its whole stack (leaf to root): the first rule that any frame matches, in this
 * order, so the queries a loader runs count as queries, and a component's code as React render.
 */
const RULES: [Category, (frame: ProfileNode["callFrame"]) => boolean][] = [
  ["GC", (f) => f.functionName === "(garbage collector)"],
  ["compression", (f) => /node_modules\/compression\/|node:zlib|^zlib$/.test(f.url)],
  ["queries", (f) => /node_modules\/(better-sqlite3|kysely|pg)\//.test(f.url)],
  ["serialization", (f) => /node_modules\/turbo-stream\//.test(f.url) || /single-fetch|serializ/i.test(f.functionName)],
  ["React render", (f) => /node_modules\/react-dom\//.test(f.url)],
  ["Remix", (f) => /node_modules\/(@remix-run|react-router)/.test(f.url)],
  ["app code outside render", (f) => /\/build[^/]*\/index\.js$/.test(f.url)],
  ["HTTP and Express", (f) => /node_modules\/(express|router|body-parser|send|serve-static|finalhandler)\/|^node:(_http|http|net|stream|internal\/(http|streams|stream_base))/.test(f.url)],
];

/** Sampled ms per request by category, counting only the samples inside each measured window. */
function addBreakdown(file: string, measured: Measured[], result: Map<string, Map<Category, number>>) {
  const cpu = JSON.parse(fs.readFileSync(file, "utf8")) as CpuProfile;
  const byId = new Map(cpu.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of cpu.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const categoryOf = new Map<number, Category | null>();
  const classify = (id: number): Category | null => {
    if (categoryOf.has(id)) return categoryOf.get(id)!;
    const frames: ProfileNode["callFrame"][] = [];
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) frames.push(byId.get(at)!.callFrame);
    const idle = frames[0].functionName === "(idle)";
    const category = idle ? null : (RULES.find(([, matches]) => frames.some(matches))?.[0] ?? "other");
    categoryOf.set(id, category);
    return category;
  };
  // Sample times are microseconds of the monotonic clock, the one process.hrtime reads in this process too.
  let time = cpu.startTime;
  cpu.samples.forEach((id, index) => {
    const delta = cpu.timeDeltas[index];
    time += delta;
    const at = BigInt(Math.round(time)) * 1000n;
    const page = measured.find((m) => at >= m.window[0] && at <= m.window[1]);
    const category = page && classify(id);
    if (!page || !category) return;
    const totals = result.get(page.name)!;
    totals.set(category, totals.get(category)! + delta / 1000 / page.requests);
  });
}

/** The breakdown over every process's profile (one, or one per worker when WEB_CONCURRENCY asks for more). */
function breakdown(profileDir: string, measured: Measured[]) {
  const result = new Map(measured.map((page) => [page.name, new Map(CATEGORIES.map((c) => [c, 0]))]));
  for (const name of fs.readdirSync(profileDir).filter((entry) => entry.endsWith(".cpuprofile"))) {
    addBreakdown(path.join(profileDir, name), measured, result);
  }
  return result;
}

// ─── the run ───────────────────────────────────────────────────────────────────────────────────────────────────

function build(checkout: string) {
  const result = spawnSync(path.join(checkout, "node_modules/.bin/remix"), ["build"], { cwd: checkout, stdio: "inherit" });
  if (result.status !== 0) process.exit(1);
}

/** The production server of a checkout, one process, on its own copy of the catalogue when `file` is one. */
async function startServer(checkout: string, file: string, nodeOptions: string[] = []) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, [...nodeOptions, "server.js"], {
    cwd: checkout,
    env: {
      ...process.env, NODE_ENV: "production", PORT: String(port), HOST: "127.0.0.1", DATABASE_URL: `file:${file}`,
      WEB_CONCURRENCY: process.env.WEB_CONCURRENCY ?? "1", SESSION_SECRET: "bench", COOKIE_SECURE: "false",
      AUTH_POSTS_PER_MINUTE: "1000000", REDIS_URL: "", PUSHER_APP_KEY: "",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  try {
    await waitFor(`${base}/healthz`, server);
    return { base, server, ...(await signedInShopper(base, file)) };
  } catch (error) {
    await stop(server);
    throw error;
  }
}

async function stop(server: ChildProcess) {
  const exited = new Promise((resolve) => server.once("exit", resolve));
  server.kill("SIGTERM");
  await exited;
}

/** The pages measured, by their short name (`--page`) and as the report names them. */
function pageKinds(ids: number[]): Record<string, PageKind> {
  const random = <T,>(list: readonly T[]) => list[Math.floor(Math.random() * list.length)];
  // A parameter no page reads makes each address new to the page cache (which keeps catalogue pages for
  // signed-in shoppers too, ADR 0029), so that these answers are rendered.
  const unseen = () => `unseen=${Math.random().toString(36).slice(2)}`;
  return {
    product: { name: "product page, a random one of 100k", path: () => `/products/${random(ids)}/details?${unseen()}` },
    // The same page again: kept for signed-in shoppers, their own parts put in (ADR 0029).
    kept: { name: "product page kept for signed-in shoppers (one page)", path: () => `/products/${ids[0]}/details` },
    list: { name: "product list, a random page of the first 100 and a sort", path: () => `/products?sort=${random(["newest", "popular", "price_low_high"])}&page=${1 + Math.floor(Math.random() * 100)}&${unseen()}` },
    cart: { name: `cart (${CART_PRODUCTS} products of ${CART_PRODUCTS} shops)`, path: () => "/cart" },
    // A content page, rendered for each request: what every signed-in page costs before its own content (ADR 0047).
    shell: { name: "the shell alone (/about-us, rendered)", path: () => `/about-us?${unseen()}` },
    healthz: { name: "/healthz (the floor)", path: () => "/healthz" },
  };
}

const optionAt = (name: string, fallback: number) => {
  const at = process.argv.indexOf(name);
  return at >= 0 ? Math.max(2, Number(process.argv[at + 1]) || fallback) : fallback;
};
/**
 * Each pair of servers is started afresh: two servers of the same code differ by a few per cent for as long as they
 * run (their compiled code and memory's layout), so rounds of one pair do not vary independently. The interval is
 * the pairs' (measured on a shared 2-core machine, the same build against itself, one pair of 4 and one of 6
 * rounds: 0.967 and 1.016, each with a rounds' interval that left out the other).
 */
const COMPARE_PAIRS = optionAt("--pairs", 4);
const COMPARE_ROUNDS = Math.max(COMPARE_PAIRS, optionAt("--rounds", 8));
const COMPARE_ROUND_REQUESTS = 600;
/** Two servers compiling at once settle later than one (measured: rounds after 1,500 pages still cost 1.5 × more). */
const COMPARE_WARM_UP = quick ? 20 : 4000;

/**
 * `count` pages asked of both servers, each page of one and then of the other (which goes first alternates), `IN_FLIGHT`
 * at a time: both do the same work in the same seconds, so a change of the machine's speed falls on both alike.
 */
async function askBoth(servers: { base: string; cookie: string }[], kind: PageKind, count: number) {
  const agents = servers.map(() => new http.Agent({ keepAlive: true, maxSockets: IN_FLIGHT }));
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const order = next++ % 2 ? [1, 0] : [0, 1];
      const pagePath = kind.path();
      for (const index of order) {
        const response = await get(servers[index].base, servers[index].cookie, pagePath, agents[index]);
        if (response.status !== 200) throw new Error(`${kind.name}: ${response.status} for ${pagePath}`);
      }
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  for (const agent of agents) agent.destroy();
}

/** Two-sided 95 % quantiles of Student's t by degrees of freedom (1–30; beyond, the normal's 1.96 is near enough). */
const T_95 = [12.71, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.16, 2.145, 2.131, 2.12, 2.11, 2.101, 2.093, 2.086, 2.08, 2.074, 2.069, 2.064, 2.06, 2.056, 2.052, 2.048, 2.045, 2.042];

/** The 95 % interval of the mean of these values (each pair's ratio), from their spread. */
function meanInterval(values: number[]): [number, number] {
  const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
  const variance = values.reduce((sum, value) => sum + (value - mean) ** 2, 0) / (values.length - 1);
  const half = (T_95[values.length - 2] ?? 1.96) * Math.sqrt(variance / values.length);
  return [mean - half, mean + half];
}

async function compare(checkouts: string[], page: string) {
  if (!(page in pageKinds([]))) throw new Error(`--page ${page}: one of ${Object.keys(pageKinds([])).join(", ")}`);
  const { file: catalogue, db } = await seeded(100_000, 500);
  await db.destroy();
  for (const checkout of checkouts) build(checkout);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bazaar-compare-"));
  const cpuMs: number[][] = checkouts.map(() => []);
  const pairRatios: number[] = [];
  const roundsPerPair = Math.ceil(COMPARE_ROUNDS / COMPARE_PAIRS);
  try {
    for (let pair = 0; pair < COMPARE_PAIRS; pair++) {
      // Which checkout starts first alternates from pair to pair.
      const startOrder = pair % 2 ? [1, 0] : [0, 1];
      const servers: Awaited<ReturnType<typeof startServer>>[] = [];
      try {
        for (const index of startOrder) {
          // Each server writes (counted views, the shopper's cart): its own copy, so neither sees the other's writes.
          const file = path.join(dataDir, `catalogue-${pair}-${index}.sqlite`);
          fs.copyFileSync(catalogue, file);
          servers[index] = await startServer(path.resolve(checkouts[index]), file);
        }
        // The same pages for both: the first checkout's ids (the copies hold the same catalogue).
        const kind = pageKinds(servers[0].ids)[page];
        await askBoth(servers, kind, COMPARE_WARM_UP);
        const ratios: number[] = [];
        for (let round = 0; round < roundsPerPair; round++) {
          const before = servers.map((server) => cpuSeconds(server.server.pid!));
          await askBoth(servers, kind, COMPARE_ROUND_REQUESTS);
          const ms = servers.map((server, index) => ((cpuSeconds(server.server.pid!) - before[index]) * 1000) / COMPARE_ROUND_REQUESTS);
          ms.forEach((value, index) => cpuMs[index].push(value));
          ratios.push(ms[1] / ms[0]);
          console.log(`  pair ${pair + 1}, round ${round + 1}: ${ms.map((value) => value.toFixed(2)).join(" / ")} ms, ratio ${ratios.at(-1)!.toFixed(3)}`);
        }
        pairRatios.push(ratios.reduce((sum, ratio) => sum + ratio, 0) / ratios.length);
      } finally {
        await Promise.all(servers.filter(Boolean).map((server) => stop(server.server)));
        for (const entry of fs.readdirSync(dataDir)) fs.rmSync(path.join(dataDir, entry), { force: true });
      }
    }
    const name = pageKinds([])[page].name;
    const total = (index: number) => cpuMs[index].reduce((sum, ms) => sum + ms, 0);
    checkouts.forEach((checkout, index) => console.log(`${checkout}: ${name}, ${(total(index) / cpuMs[index].length).toFixed(2)} ms CPU per page`));
    const [low, high] = meanInterval(pairRatios);
    console.log(
      `second / first: ${(total(1) / total(0)).toFixed(3)} over all rounds; by pair of servers ${pairRatios.map((ratio) => ratio.toFixed(3)).join(", ")}; ` +
        `the pairs' mean ratio lies between ${low.toFixed(3)} and ${high.toFixed(3)} (95 %); a span that holds 1.000 shows no change`,
    );
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const started = Date.now();
  build(".");
  const { file, db } = await seeded(100_000, 500);
  await db.destroy();

  const profileDir = fs.mkdtempSync(path.join(os.tmpdir(), "bazaar-render-profile-"));
  const { base, server, cookie, ids } = await startServer(".", file, profile ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] : []);
  const measured: Measured[] = [];
  try {
    for (const kind of Object.values(pageKinds(ids))) {
      const result = await measure(base, cookie, server.pid!, kind);
      console.log(`  ${kind.name}: ${result.cpuMs.toFixed(2)} ms CPU per page, ${result.kB.toFixed(1)} kB sent`);
      measured.push(result);
    }
  } finally {
    await stop(server);
  }

  const lines = [
    "## CPU time per rendered page, signed-in shopper",
    "",
    `Measured by \`npm run bench:render${profile ? " -- --profile" : ""}\`${quick ? " (--quick: few requests, indicative only)" : ""} on ${new Date().toISOString().slice(0, 10)}: ${os.cpus().length} cores (${os.cpus()[0]?.model.trim()}), Node ${process.version}, SQLite, 100,000 products and 500 shops; one server process${profile ? " under `--cpu-prof`" : ""}; run took ${Math.round((Date.now() - started) / 1000)} s.`,
    "",
    `The server's CPU time (user + system, all its threads, read from /proc) over ${REQUESTS} requests of each page by one signed-in shopper with ${CART_PRODUCTS} products in the cart, ${IN_FLIGHT} at a time, after ${WARM_UP} to warm up; answers compressed as for Chromium (\`Accept-Encoding: ${BROWSER_ENCODINGS}\`). CPU time is steadier than req/s on a shared machine, but a busy one still inflates it (shared cores and caches): compare figures of one machine in one state.`,
    "",
    "| page | CPU ms per page | kB sent per page |",
    "|---|---:|---:|",
    ...measured.map((m) => `| ${m.name} | ${m.cpuMs.toFixed(2)} | ${m.kB.toFixed(1)} |`),
    "",
  ];
  if (profile) {
    const split = breakdown(profileDir, measured);
    lines.push(
      "Where the main thread's time went during each page's requests (`--cpu-prof`, which samples wall time, so shares and not milliseconds; work on libuv's threads, most of brotli's, is outside it). A sample counts for the first of these found anywhere in its stack: GC, compression, queries (better-sqlite3, Kysely), serialization (turbo-stream), React render (react-dom, with the components), Remix, app code outside render (loaders, sessions, settings), HTTP and Express:",
      "",
      `| page | CPU ms per page | ${CATEGORIES.join(" | ")} |`,
      `|---|---:|${CATEGORIES.map(() => "---:").join("|")}|`,
      ...measured.map((m) => {
        const totals = split.get(m.name)!;
        const sum = [...totals.values()].reduce((a, b) => a + b, 0) || 1;
        return `| ${m.name} | ${m.cpuMs.toFixed(2)} | ${CATEGORIES.map((c) => `${((totals.get(c)! / sum) * 100).toFixed(0)} %`).join(" | ")} |`;
      }),
      "",
    );
    console.log(`Profile kept in ${profileDir}`);
  } else {
    fs.rmSync(profileDir, { recursive: true, force: true });
  }
  console.log(lines.join("\n"));
  writeSection("render", lines);
}

const compareAt = process.argv.indexOf("--compare");
if (compareAt >= 0) {
  const checkouts = process.argv.slice(compareAt + 1, compareAt + 3);
  const pageAt = process.argv.indexOf("--page");
  if (checkouts.length !== 2 || checkouts.some((checkout) => checkout.startsWith("--"))) throw new Error("--compare <checkout> <checkout>");
  await compare(checkouts, pageAt >= 0 ? process.argv[pageAt + 1] : "product");
} else {
  await main();
}
