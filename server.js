// Bazaar's HTTP server: Express around the Remix request handler, with the security headers,
// compression and static caching a shop needs. `npm start` runs it; it builds the app first when
// no build exists, so `npm install && npm start` works on a fresh clone. It serves on every core: a primary
// process builds and prepares the database once, then forks WEB_CONCURRENCY workers that serve
// (docs/decisions/0025-every-core.md).
import { spawnSync } from "node:child_process";
import cluster from "node:cluster";
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import url from "node:url";
import util from "node:util";
import zlib from "node:zlib";
// The adapter of @remix-run/express, in parts: the page cache and Remix share the request it makes.
import { createRemixHeaders, sendRemixResponse } from "@remix-run/express/dist/server.js";
import { broadcastDevReady, createReadableStreamFromReadable, createRequestHandler, installGlobals } from "@remix-run/node";
import compression from "compression";
import express from "express";
import Negotiator from "negotiator";

if (fs.existsSync(".env")) process.loadEnvFile(".env");
process.env.NODE_ENV ??= "production";
installGlobals({ nativeFetch: true });

const development = process.env.NODE_ENV === "development";
const BUILD_DIR = process.env.BAZAAR_BUILD_DIR;
const BUILD_PATH = path.resolve(BUILD_DIR ? `${BUILD_DIR}/index.js` : "build/index.js");
const ASSETS_DIR = BUILD_DIR ? `${BUILD_DIR}/assets` : "public/build";
const port = Number(process.env.PORT ?? 3000);
/** A stopping process that has not drained by then exits anyway: a stuck request must not block a deploy. */
const SHUTDOWN_TIMEOUT_MS = Number(process.env.SHUTDOWN_TIMEOUT_MS) || 10_000;

/**
 * A log line's request id: given by the access log, or by the app as the first part of a console call (lib/log.server).
 * Not found from wherever a line is written: AsyncLocalStorage's promise hooks ran for every promise of every request,
 * about 1.5 % of a rendered page's main thread (docs/decisions/0036-one-request-object.md).
 */
const REQUEST_ID = Symbol.for("bazaar.requestId");

// Logs are one JSON object per line (time, level, pid, the request's id, message) for log collectors; plain text
// only under `npm run dev`, for people.
for (const [method, level] of [["debug", "debug"], ["log", "info"], ["info", "info"], ["warn", "warn"], ["error", "error"]]) {
  const plain = console[method].bind(console);
  console[method] = (...parts) => {
    const tagged = typeof parts[0] === "object" && parts[0] !== null && REQUEST_ID in parts[0];
    const message = tagged ? parts.slice(1) : parts;
    if (development) plain(...message);
    else writeLog(level, messageOf(message), tagged ? parts[0][REQUEST_ID] : undefined);
  };
}

function writeLog(level, fields, requestId) {
  const line = JSON.stringify({ time: new Date().toISOString(), level, pid: process.pid, requestId, ...fields });
  (level === "warn" || level === "error" ? process.stderr : process.stdout).write(`${line}\n`);
}

/** console.* arguments as one message, and the first error among them with its stack. */
function messageOf(parts) {
  const error = parts.find((part) => part instanceof Error);
  const msg = util.format(...parts.map((part) => (part === error ? error.message : part)));
  return error ? { msg, error: { name: error.name, message: error.message, stack: error.stack } } : { msg };
}

/** WEB_CONCURRENCY, else one process per core (one under `npm run dev`, which restarts it on every change). */
function workersWanted() {
  const wanted = process.env.WEB_CONCURRENCY;
  if (!wanted) return development ? 1 : os.availableParallelism();
  const count = Number(wanted);
  if (Number.isInteger(count) && count >= 1) return count;
  console.error(`WEB_CONCURRENCY must be a whole number of processes (1 or more), not "${wanted}".`);
  process.exit(1);
}

// The build and the database are prepared once, before anything serves: by the primary (or the only) process.
if (cluster.isPrimary && !fs.existsSync(BUILD_PATH)) {
  console.log("No build found: building the app (once)…");
  const result = spawnSync(path.resolve("node_modules/.bin/remix"), ["build"], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const build = await import(url.pathToFileURL(BUILD_PATH).href);
if (cluster.isPrimary) await build.entry.module.prepare?.();
const workerCount = cluster.isPrimary ? workersWanted() : 1;
/** The primary of several workers only supervises them; the workers, or a single process, serve. */
const serving = !cluster.isPrimary || workerCount === 1;
if (!serving) superviseWorkers(workerCount);

/**
 * Forks the workers and answers what they share (lib/cluster.server); replaces a worker that dies, waiting longer
 * after each recent crash so that a worker that cannot start does not spin; stops them all on SIGTERM/SIGINT.
 */
function superviseWorkers(count) {
  // A young generation of 32 MB semi-spaces instead of 16: a rendered page's garbage is collected half as often, and a
  // collection costs about what the request data alive at that moment costs, so about a third less of the workers'
  // time goes to it (docs/decisions/0036-one-request-object.md). NODE_OPTIONS or the command line may say otherwise.
  const semiSpace = /--max-semi-space-size/.test(`${process.execArgv.join(" ")} ${process.env.NODE_OPTIONS ?? ""}`);
  cluster.setupPrimary({ execArgv: [...process.execArgv, ...(semiSpace ? [] : ["--max-semi-space-size=32"])] });
  const running = new Set();
  const recentCrashes = [];
  let stopping = false;
  let stoppedCleanly = true;
  let listening = 0;
  // What the workers handed over as they stopped (counted views) is written before the primary exits.
  const exitAfterFinishing = async (code) => {
    await build.entry.module.finish?.().catch((error) => console.error(error));
    process.exit(code);
  };
  const fork = () => {
    const worker = cluster.fork();
    running.add(worker);
    build.entry.module.connectWorker(worker);
  };
  cluster.on("listening", () => {
    if (++listening === count) console.log(`Bazaar is ready at http://localhost:${port} with ${count} workers`);
  });
  cluster.on("exit", (worker, code, signal) => {
    running.delete(worker);
    if (stopping) {
      stoppedCleanly &&= code === 0;
      if (running.size === 0) exitAfterFinishing(stoppedCleanly ? 0 : 1);
      return;
    }
    const now = Date.now();
    recentCrashes.push(now);
    while (recentCrashes[0] < now - 60_000) recentCrashes.shift();
    const delay = Math.min(500 * 2 ** (recentCrashes.length - 1), 30_000);
    console.error(`Worker ${worker.process.pid} stopped (${signal ?? `exit code ${code}`}): a new one starts in ${delay} ms.`);
    setTimeout(() => stopping || fork(), delay);
  });
  for (let i = 0; i < count; i++) fork();
  const stop = (signal) => {
    if (stopping) return;
    stopping = true;
    // Each worker drains its own connections; the IPC channel stays open meanwhile (rate limits, live events).
    for (const worker of running) worker.process.kill("SIGTERM");
    if (running.size === 0) exitAfterFinishing(0);
    setTimeout(() => {
      console.error(`Workers still running ${SHUTDOWN_TIMEOUT_MS} ms after ${signal}: killed.`);
      for (const worker of running) worker.process.kill("SIGKILL");
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS + 1_000).unref();
  };
  for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => stop(signal));
}

const app = express();
app.disable("x-powered-by");
app.set("trust proxy", process.env.TRUST_PROXY ?? "loopback");

/**
 * Express gives every request and response its own prototypes (Object.setPrototypeOf in its first middleware). V8
 * answers that change of prototype on objects made a moment earlier with old-generation garbage: a Node server that
 * only changes them promotes about 2 kB per request and runs full collections, one that does not promotes nothing
 * (docs/decisions/0044-requests-made-with-their-prototypes.md). The server makes them with Express's prototypes
 * from the start, so that Express's call changes nothing; the chain of prototypes is the one Express would make.
 */
function withPrototypeOf(NodeClass, expressPrototype) {
  const Made = class extends NodeClass {};
  Object.setPrototypeOf(Made.prototype, Object.getPrototypeOf(expressPrototype));
  Object.defineProperties(Made.prototype, Object.getOwnPropertyDescriptors(expressPrototype));
  return Made;
}
const ExpressRequest = withPrototypeOf(http.IncomingMessage, app.request);
const ExpressResponse = withPrototypeOf(http.ServerResponse, app.response);
app.request = ExpressRequest.prototype;
app.response = ExpressResponse.prototype;

/**
 * "Continue with Google" posts to /auth/google, which redirects to the provider: browsers check that redirect
 * against form-action, so the providers' sign-in origins are allowed there (the issuer's origin, where Google's
 * and Apple's authorization endpoints live; a test server set by OAUTH_* is on this machine).
 */
const socialSignInOrigins = [
  ...new Set(
    [
      process.env.OAUTH_GOOGLE_ISSUER || "https://accounts.google.com",
      process.env.OAUTH_FACEBOOK_AUTH_URL || "https://www.facebook.com",
      process.env.OAUTH_APPLE_ISSUER || "https://appleid.apple.com",
    ]
      .filter((address) => URL.canParse(address))
      .map((address) => new URL(address).origin),
  ),
].join(" ");

/** Make Payment and Place Order redirect to Stripe's hosted checkout page, which form-action must allow too. */
const paymentPageOrigin = process.env.STRIPE_SECRET_KEY ? " https://checkout.stripe.com" : "";

/** With Pusher's keys, live updates come over its socket (and its fallback) for the configured cluster. */
const pusherCluster = process.env.PUSHER_APP_KEY && process.env.PUSHER_APP_CLUSTER?.match(/^[a-z0-9-]+$/)?.[0];
const pusherOrigins = pusherCluster ? ` wss://ws-${pusherCluster}.pusher.com https://sockjs-${pusherCluster}.pusher.com` : "";

/** The Content-Security-Policy, enforced; inline scripts run only with this response's nonce or listed hashes. */
function contentSecurityPolicy(scriptSources) {
  return [
    "default-src 'self'",
    `script-src 'self' ${scriptSources}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src 'self'${pusherOrigins}${development ? " ws: wss:" : ""}`,
    `form-action 'self' ${socialSignInOrigins}${paymentPageOrigin}`,
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "object-src 'none'",
  ].join("; ");
}

/** Requests being answered (a stopping process lets them finish) and whether it is stopping. */
const inFlight = new Set();
let draining = false;

/**
 * Each request has an id: a trusted proxy's X-Request-Id (TRUST_PROXY), else a new one. It is sent back, is in the
 * request's log line (method, path, status, duration), and the app reads it from the request's X-Request-Id for
 * the errors it logs while answering it.
 */
app.use((req, res, next) => {
  const started = process.hrtime.bigint();
  const forwarded = req.get("X-Request-Id");
  const trusted = forwarded && /^[\w.:@-]{1,128}$/.test(forwarded) && app.get("trust proxy fn")(req.socket.remoteAddress, 0);
  const requestId = trusted ? forwarded : crypto.randomUUID();
  req.headers["x-request-id"] = requestId;
  res.setHeader("X-Request-Id", requestId);
  if (draining) res.setHeader("Connection", "close");
  inFlight.add(res);
  res.once("close", () => {
    inFlight.delete(res);
    const durationMs = Math.round(Number(process.hrtime.bigint() - started) / 1e4) / 100;
    const status = res.writableFinished ? res.statusCode : 499;
    writeLog(status >= 500 ? "error" : "info", { method: req.method, path: req.originalUrl, status, durationMs }, requestId);
  });
  next();
});

/**
 * Each response's nonce: 16 bytes of the system's secure random source, never used twice. Cut from one read of many
 * (as crypto.randomUUID does): a read of its own cost a system call per page (0.04 ms, measured in a product page's
 * profile).
 */
const NONCE_BYTES = 16;
const NONCES_PER_READ = 256;
let randomPool = Buffer.alloc(0);
let randomPoolAt = 0;
function newNonce() {
  if (randomPoolAt + NONCE_BYTES > randomPool.length) {
    randomPool = crypto.randomBytes(NONCE_BYTES * NONCES_PER_READ);
    randomPoolAt = 0;
  }
  randomPoolAt += NONCE_BYTES;
  return randomPool.toString("base64", randomPoolAt - NONCE_BYTES, randomPoolAt);
}

app.use((req, res, next) => {
  const nonce = newNonce();
  res.locals.nonce = nonce;
  res.setHeader("Content-Security-Policy", contentSecurityPolicy(`'nonce-${nonce}'`));
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
  res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=(self)");
  next();
});

/**
 * Forms are only accepted from our own pages (no cross-site request forgery). Browsers say where a form
 * comes from: Sec-Fetch-Site, else Origin, else Referer. A request without any of them is not a browser's
 * (an API client with a token) and has no cookies to abuse.
 */
function crossSite(req) {
  if (["GET", "HEAD", "OPTIONS"].includes(req.method)) return false;
  // Sign in with Apple answers with a POST from appleid.apple.com. Its handler reads no cookie and changes
  // nothing (it passes the answer on as a GET, where state and PKCE protect the sign-in), so it may come from there.
  if (req.method === "POST" && req.path === "/auth/apple/callback") return false;
  // Stripe's webhook calls carry no cookie and prove themselves with the Stripe-Signature over the body instead.
  if (req.method === "POST" && req.path === "/payments/stripe/webhook") return false;
  const site = req.get("Sec-Fetch-Site");
  if (site) return site !== "same-origin" && site !== "none";
  const ours = new Set([`${req.protocol}://${req.get("host")}`]);
  if (URL.canParse(process.env.BASE_URL ?? "")) ours.add(new URL(process.env.BASE_URL).origin);
  const origin = req.get("Origin");
  if (origin) return !ours.has(origin);
  const referer = req.get("Referer");
  if (referer) {
    try {
      return !ours.has(new URL(referer).origin);
    } catch {
      return true;
    }
  }
  return false;
}

app.use((req, _res, next) => {
  if (crossSite(req)) {
    // Answered by the refused page (403), as a GET: the forged form's data is never read.
    req.method = "GET";
    req.url = req.originalUrl = "/refused";
  }
  next();
});

// Browsers get brotli at quality 0: half the CPU of quality 1 (a quarter of quality 3's) for pages ~4% larger, still
// smaller than gzip's (docs/decisions/0036-one-request-object.md); gzip at level 1: a fifth less CPU than level 3 for
// 4% more bytes (docs/decisions/0031-lighter-pages-to-make.md).
const BROTLI_OPTIONS = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 0 } };
const GZIP_OPTIONS = { level: 1 };
// Live streams (text/event-stream) are left alone: compressing them would hold each event back in a buffer.
app.use(compression({ ...GZIP_OPTIONS, brotli: BROTLI_OPTIONS, filter: (req, res) => !String(res.getHeader("Content-Type") ?? "").startsWith("text/event-stream") && compression.filter(req, res) }));

/**
 * A page the app made whole in memory, compressed in one call, in the encoding the middleware above would choose
 * (it then leaves the answer as it is): its stream compresses in 16 kB steps on libuv's threads, at several times
 * the CPU of one call (docs/decisions/0033-pages-made-as-one-string.md). Null where the middleware decides: a HEAD,
 * no Accept-Encoding, deflate preferred, or nothing it can compress with accepted.
 */
function compressWhole(req, body) {
  if (req.method === "HEAD" || !req.headers["accept-encoding"]) return null;
  // The middleware's own offer and preference, so that both pick alike; deflate is left to it.
  const encoding = new Negotiator(req).encoding(["br", "gzip", "deflate", "identity"], ["br", "gzip"]);
  if (encoding === "br") return { encoding, body: zlib.brotliCompressSync(body, BROTLI_OPTIONS) };
  if (encoding === "gzip") return { encoding, body: zlib.gzipSync(body, GZIP_OPTIONS) };
  return null;
}
app.use("/build", express.static(ASSETS_DIR, { immutable: true, maxAge: "1y" }));
app.use("/locales", express.static("public/locales", { maxAge: "1d" }));
// Only paths under public/'s own entries are looked up on disk: a page request costs no failed stat().
const publicEntries = new Set(fs.readdirSync("public"));
const publicFiles = express.static("public", { maxAge: "1h" });
app.use((req, res, next) => (publicEntries.has(req.path.split("/")[1]) ? publicFiles(req, res, next) : next()));

/** The load context of one request: made once, shared by the page cache and Remix. */
function loadContextFor(req, res) {
  res.locals.loadContext ??= {
    nonce: res.locals.nonce,
    // The visitor's address (behind a trusted proxy: the forwarded one), e.g. to count blog views per visitor.
    clientIp: req.ip,
    // A page, not a JavaScript navigation's data: the signed-in shopper's parts travel beside its loader data.
    document: !req.path.endsWith(".data"),
    // Before a 304: the browser reuses its cached page with the policy (and nonce) it stored with it.
    omitContentSecurityPolicy: () => res.removeHeader("Content-Security-Policy"),
    compressWhole: (body) => compressWhole(req, body),
    writesWholeBodies: true,
  };
  return res.locals.loadContext;
}

/**
 * The request as a Fetch Request, made once for the page cache and Remix: the app's loaders share what they read of
 * it (lib/context.server) by this very object. As @remix-run/express makes it, but with a signal that aborts when the
 * browser goes away only for an answer that lasts (a live stream, text/event-stream): undici keeps a request's
 * signal through a WeakRef and a FinalizationRegistry, which V8's young-generation collections keep alive, so each
 * such request cost ~15 µs and left ~2 kB of old-generation garbage (ADR 0044). Any other answer is made in
 * milliseconds, with nothing worth stopping.
 */
function remixRequestOf(req, res) {
  res.locals.request ??= fetchRequestOf(req, res);
  return res.locals.request;
}

const portOf = (host) => {
  const port = Number.parseInt(host?.split(":")[1], 10);
  return Number.isSafeInteger(port) ? port : null;
};

function fetchRequestOf(req, res) {
  // req.hostname has no port, and respects "trust proxy": the port comes from X-Forwarded-Host or Host.
  const port = portOf(req.get("X-Forwarded-Host")) ?? portOf(req.get("host"));
  const url = new URL(`${req.protocol}://${req.hostname}${port ? `:${port}` : ""}${req.originalUrl}`);
  const init = { method: req.method, headers: createRemixHeaders(req.headers) };
  if (req.method !== "GET" && req.method !== "HEAD") Object.assign(init, { body: createReadableStreamFromReadable(req), duplex: "half" });
  if (/\btext\/event-stream\b/.test(req.headers.accept ?? "")) {
    // Aborted once the answer can no longer be written (`close`) before it was all written (`finish`).
    const controller = new AbortController();
    res.on("close", () => res.writableFinished || controller.abort());
    init.signal = controller.signal;
  }
  return new Request(url.href, init);
}

// A form post's answer tells the browser when it was made: the visitor's next pages are rendered anew rather than
// taken from pages kept before their change (app/lib/page-cache.server.ts).
app.use((req, res, next) => {
  if (req.method !== "GET" && req.method !== "HEAD" && build.entry.module.pageCacheEnabled?.()) {
    res.append("Set-Cookie", build.entry.module.wroteCookie());
  }
  next();
});

// Pages come from the page cache when they can (app/lib/page-cache.server.ts); the rest goes to Remix.
app.use(async (req, res, next) => {
  if (req.method !== "GET" && req.method !== "HEAD") return next();
  try {
    const context = loadContextFor(req, res);
    const cached = await build.entry.module.serveCachedPage?.(remixRequestOf(req, res), context);
    if (!cached) return next();
    if (cached.omitContentSecurityPolicy) context.omitContentSecurityPolicy();
    res.status(cached.status);
    if (cached.scriptHashes) {
      res.setHeader("Content-Security-Policy", contentSecurityPolicy(cached.scriptHashes.map((hash) => `'sha256-${hash}'`).join(" ")));
    }
    for (const [name, value] of cached.headers) res.append(name, value);
    // Its length, as for Remix's whole pages below: the compression middleware would otherwise send it chunked.
    if (cached.body) res.setHeader("Content-Length", cached.body.length);
    res.end(cached.body ?? undefined);
  } catch (error) {
    next(error);
  }
});

/**
 * Remix's answer: a page the app made whole in memory in one write (its Response has no stream), with its length
 * (the compression middleware, which writes the headers before the body, would send it chunked); anything else streamed.
 */
async function sendResponse(res, response) {
  const whole = build.entry.module.wholeBodyOf?.(response);
  if (!whole) return sendRemixResponse(res, response);
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [key, value] of response.headers.entries()) res.append(key, value);
  res.setHeader("Content-Length", whole.length);
  res.end(whole);
}

// app.use, not app.all("*"): a route pattern makes Express decode the path, and a malformed one (%FF) became a 500;
// Remix matches the raw path itself, so such an address is simply not found. @remix-run/express's handler, but with
// the request the page cache looked up.
const handleRemixRequest = createRequestHandler(build, process.env.NODE_ENV);
app.use(async (req, res, next) => {
  try {
    await sendResponse(res, await handleRemixRequest(remixRequestOf(req, res), loadContextFor(req, res)));
  } catch (error) {
    next(error);
  }
});

// Whatever escapes the handlers is logged (Express would stay silent when NODE_ENV is "test"); a database that is
// away is answered 503 with Retry-After instead (entry.server's unavailableResponse, ADR 0026).
app.use(async (error, req, res, next) => {
  const unavailable = await build.entry.module.unavailableResponse?.(error, { method: req.method, url: req.originalUrl, headers: req.headers });
  if (!unavailable) console.error(`${req.method} ${req.originalUrl} failed:`, error);
  if (res.headersSent) return next(error);
  if (unavailable) return res.status(unavailable.status).set(unavailable.headers).send(unavailable.body);
  res.status(500).type("text/plain").send("Internal Server Error");
});

const host = process.env.HOST ?? "0.0.0.0";
const server = serving
  ? http.createServer({ IncomingMessage: ExpressRequest, ServerResponse: ExpressResponse }, app).listen(port, host, () => {
      if (cluster.isPrimary) console.log(`Bazaar is ready at http://localhost:${port}`);
      if (development && process.env.REMIX_DEV_ORIGIN) broadcastDevReady(build);
    })
  : null;

/**
 * Stops without dropping anyone: no new connections; requests under way finish and each answer closes its
 * connection; idle keep-alive connections close and live streams end (their browsers reconnect to a process that
 * serves); then pending writes (counted views) are made and the process exits 0. After SHUTDOWN_TIMEOUT_MS it
 * exits 1 whatever is left.
 */
function shutDown() {
  if (draining) return;
  draining = true;
  for (const res of inFlight) if (!res.headersSent) res.setHeader("Connection", "close");
  server.close(async () => {
    await build.entry.module.finish?.().catch((error) => console.error(error));
    process.exit(0);
  });
  build.entry.module.endLiveStreams?.();
  setInterval(() => server.closeIdleConnections(), 100).unref();
  setTimeout(() => {
    console.error(`Still ${inFlight.size} requests under way ${SHUTDOWN_TIMEOUT_MS} ms after the signal to stop: exiting.`);
    process.exit(1);
  }, SHUTDOWN_TIMEOUT_MS).unref();
}
if (serving) for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, shutDown);
