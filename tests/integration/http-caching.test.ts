import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { createCookieSessionStorage } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const buildDir = process.env.BAZAAR_BUILD_DIR ?? "build";
const built = fs.existsSync(path.resolve(buildDir, "index.js"));
if (!built) console.warn(`No production build in ${buildDir}/: run \`npm run build\` (npm test does) for the HTTP caching test.`);

const SESSION_SECRET = "caching-test-secret";

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** The cookie a browser would send back: `name=value` of a Set-Cookie header. */
const cookiePair = (setCookie: string | null) => (setCookie ?? "").split(";")[0];

/** A signed session cookie for a signed-in shopper, as the server itself would write it. */
async function signedInCookie(userId: number) {
  const storage = createCookieSessionStorage({ cookie: { name: "bazaar_session", secrets: [SESSION_SECRET], path: "/" } });
  const session = await storage.getSession();
  session.set("userId", userId);
  return cookiePair(await storage.commitSession(session));
}

describe.skipIf(!built)("HTTP caching of pages (server.js)", () => {
  let server: ChildProcess;
  let base: string;
  let dataDir: string;
  let log = "";
  let english: string;
  let arabic: string;

  const get = (url: string, headers: Record<string, string> = {}) => fetch(`${base}${url}`, { headers, redirect: "manual" });

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bazaar-caching-"));
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    server = spawn(process.execPath, ["server.js"], {
      env: {
        ...process.env, NODE_ENV: "production", PORT: String(port), HOST: "127.0.0.1", BAZAAR_BUILD_DIR: buildDir,
        DATABASE_URL: `file:${path.join(dataDir, "bazaar.sqlite")}`, DATA_DIR: dataDir, SESSION_SECRET, COOKIE_SECURE: "false",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    server.stdout?.on("data", (chunk) => (log += chunk));
    server.stderr?.on("data", (chunk) => (log += chunk));
    const deadline = Date.now() + 90_000;
    for (;;) {
      if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}\n${log}`);
      if (Date.now() > deadline) throw new Error(`server did not start\n${log}`);
      const ok = await fetch(`${base}/healthz`).then((r) => r.ok, () => false);
      if (ok) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    // A first visit is told its language in a cookie; later visits send it back.
    english = cookiePair((await get("/", { "Accept-Language": "en" })).headers.get("Set-Cookie"));
    arabic = cookiePair((await get("/", { "Accept-Language": "ar" })).headers.get("Set-Cookie"));
  }, 120_000);

  afterAll(() => {
    server?.kill("SIGTERM");
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("never lets a browser keep a response that sets a cookie", async () => {
    const first = await get("/");
    expect(first.headers.get("Set-Cookie")).toMatch(/^locale=/);
    expect(first.headers.get("Cache-Control")).toBe("private, no-store");
    expect(first.headers.get("ETag")).toBeNull();
  });

  it("gives a guest's page an ETag that stays the same while the page does", async () => {
    const first = await get("/", { Cookie: english });
    expect(first.status).toBe(200);
    const etag = first.headers.get("ETag");
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    expect(first.headers.get("Cache-Control")).toBe("private, no-cache");
    expect(first.headers.get("Vary")).toMatch(/Cookie.*Accept-Language/);
    expect(first.headers.get("Set-Cookie")).toBeNull();

    // Each response has its own CSP nonce, yet the same page keeps the same validator.
    const second = await get("/", { Cookie: english });
    const nonce = (r: Response) => /'nonce-([^']+)'/.exec(r.headers.get("Content-Security-Policy") ?? "")?.[1];
    expect(nonce(second)).toBeTruthy();
    expect(nonce(second)).not.toBe(nonce(first));
    expect(await second.text()).toContain(`nonce="${nonce(second)}"`);
    expect(second.headers.get("ETag")).toBe(etag);
  });

  it("answers 304 without a body, and without a new CSP, when the browser's copy is current", async () => {
    const etag = (await get("/", { Cookie: english })).headers.get("ETag")!;
    const revalidated = await get("/", { Cookie: english, "If-None-Match": etag });
    expect(revalidated.status, "server.js must offer omitContentSecurityPolicy() in the load context (docs/decisions/0006)").toBe(304);
    expect(await revalidated.text()).toBe("");
    expect(revalidated.headers.get("ETag")).toBe(etag);
    expect(revalidated.headers.get("Cache-Control")).toBe("private, no-cache");
    // The browser shows its cached page with the policy (and nonce) it stored with it.
    expect(revalidated.headers.get("Content-Security-Policy")).toBeNull();

    const stale = await get("/", { Cookie: english, "If-None-Match": 'W/"an-older-page"' });
    expect(stale.status).toBe(200);
    expect(await stale.text()).toContain("<html");
  });

  it("keeps a signed-in shopper's pages out of every cache", async () => {
    const guestEtag = (await get("/", { Cookie: english })).headers.get("ETag")!;
    const signedIn = await get("/", { Cookie: `${english}; ${await signedInCookie(1)}`, "If-None-Match": guestEtag });
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers.get("Cache-Control")).toBe("private, no-store");
    expect(signedIn.headers.get("ETag")).toBeNull();
    expect(await signedIn.text()).toContain("Demo Customer");
  });

  it("does not give two languages the same ETag", async () => {
    const en = await get("/blogs", { Cookie: english });
    const ar = await get("/blogs", { Cookie: arabic });
    expect(await ar.text()).toContain('lang="ar"');
    expect(en.headers.get("ETag")).toBeTruthy();
    expect(ar.headers.get("ETag")).toBeTruthy();
    expect(ar.headers.get("ETag")).not.toBe(en.headers.get("ETag"));
    expect((await get("/blogs", { Cookie: arabic, "If-None-Match": en.headers.get("ETag")! })).status).toBe(200);
  });

  it("never caches an answer to a form or an error page", async () => {
    const invalid = await fetch(`${base}/contact-us`, {
      method: "POST",
      headers: { Cookie: english, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ name: "", phone: "", subject: "", message: "" }),
    });
    expect(invalid.status).toBe(400);
    expect(invalid.headers.get("Cache-Control")).toBe("private, no-store");

    const missing = await get("/no-such-page", { Cookie: english });
    expect(missing.status).toBe(404);
    expect(missing.headers.get("Cache-Control")).toBe("private, no-store");
    expect(missing.headers.get("ETag")).toBeNull();
  });
});
