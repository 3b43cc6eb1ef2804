// Bazaar's HTTP server: Express around the Remix request handler, with the security headers,
// compression and static caching a shop needs. `npm start` runs it; it builds the app first when
// no build exists, so `npm install && npm start` works on a fresh clone.
import { spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import url from "node:url";
import { createRequestHandler } from "@remix-run/express";
import { broadcastDevReady, installGlobals } from "@remix-run/node";
import compression from "compression";
import express from "express";

if (fs.existsSync(".env")) process.loadEnvFile(".env");
process.env.NODE_ENV ??= "production";
installGlobals({ nativeFetch: true });

const development = process.env.NODE_ENV === "development";
const BUILD_DIR = process.env.BAZAAR_BUILD_DIR;
const BUILD_PATH = path.resolve(BUILD_DIR ? `${BUILD_DIR}/index.js` : "build/index.js");
const ASSETS_DIR = BUILD_DIR ? `${BUILD_DIR}/assets` : "public/build";

if (!fs.existsSync(BUILD_PATH)) {
  console.log("No build found: building the app (once)…");
  const result = spawnSync(path.resolve("node_modules/.bin/remix"), ["build"], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const build = await import(url.pathToFileURL(BUILD_PATH).href);
await build.entry.module.prepare?.();

const app = express();
app.disable("x-powered-by");
app.set("trust proxy", process.env.TRUST_PROXY ?? "loopback");

app.use((req, res, next) => {
  const nonce = crypto.randomBytes(16).toString("base64");
  res.locals.nonce = nonce;
  res.setHeader(
    "Content-Security-Policy",
    [
      "default-src 'self'",
      `script-src 'self' 'nonce-${nonce}'`,
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: blob:",
      "font-src 'self'",
      `connect-src 'self'${development ? " ws: wss:" : ""}`,
      "form-action 'self'",
      "frame-ancestors 'none'",
      "base-uri 'self'",
      "object-src 'none'",
    ].join("; "),
  );
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
  res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=(self)");
  next();
});

app.use(compression());
app.use("/build", express.static(ASSETS_DIR, { immutable: true, maxAge: "1y" }));
app.use("/locales", express.static("public/locales", { maxAge: "1d" }));
app.use(express.static("public", { maxAge: "1h" }));

app.all(
  "*",
  createRequestHandler({
    build,
    mode: process.env.NODE_ENV,
    getLoadContext: (req, res) => ({
      nonce: res.locals.nonce,
      // The visitor's address (behind a trusted proxy: the forwarded one), e.g. to count blog views per visitor.
      clientIp: req.ip,
      // Before a 304: the browser reuses its cached page with the policy (and nonce) it stored with it.
      omitContentSecurityPolicy: () => res.removeHeader("Content-Security-Policy"),
    }),
  }),
);

const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? "0.0.0.0";
const server = app.listen(port, host, () => {
  console.log(`Bazaar is ready at http://localhost:${port}`);
  if (development && process.env.REMIX_DEV_ORIGIN) broadcastDevReady(build);
});

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.once(signal, () => server.close(() => process.exit(0)));
}
