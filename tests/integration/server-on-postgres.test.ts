import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, postgresUp, type TestDatabase } from "./support/databases";

const built = fs.existsSync(path.resolve("build/index.js"));
if (!built) console.warn("No production build: run `npm run build` (npm test does) for the server-on-PostgreSQL test.");

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function waitFor(url: string, server: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not answer ${url} within ${timeoutMs} ms`);
}

describe.skipIf(!postgresUp || !built)("the shop on PostgreSQL (DATABASE_URL)", () => {
  let database: TestDatabase;
  let server: ChildProcess;
  let base: string;
  let log = "";

  beforeAll(async () => {
    database = await createTestDatabase("postgres");
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    server = spawn(process.execPath, ["server.js"], {
      env: { ...process.env, NODE_ENV: "production", PORT: String(port), HOST: "127.0.0.1", DATABASE_URL: database.url, SESSION_SECRET: "pg-test" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    server.stdout?.on("data", (chunk) => (log += chunk));
    server.stderr?.on("data", (chunk) => (log += chunk));
    await waitFor(`${base}/healthz`, server, 90_000).catch((error) => {
      throw new Error(`${error.message}\n${log}`);
    });
  }, 120_000);

  afterAll(async () => {
    server?.kill("SIGTERM");
    await database?.drop();
  });

  it("migrates and seeds the empty database at start", async () => {
    const products = await database.db.selectFrom("products").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    const shops = await database.db.selectFrom("shops").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    expect(Number(products.n)).toBe(400);
    expect(Number(shops.n)).toBeGreaterThanOrEqual(12);
    expect(log).toContain("Demo marketplace seeded");
  });

  it("serves the home page from PostgreSQL", async () => {
    const response = await fetch(`${base}/`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("<title>Home - Bazaar</title>");
    expect(html).toContain("Popular Products");
    const category = await database.db.selectFrom("categories").select("name").orderBy("sort").orderBy("id").executeTakeFirstOrThrow();
    expect(html).toContain(category.name.replace(/&/g, "&amp;"));
    expect(html).toMatch(/\$[\d,]+\.\d{2}/);
  });

  it("answers 404 for an unknown path", async () => {
    const response = await fetch(`${base}/no-such-page`);
    expect(response.status).toBe(404);
    expect(await response.text()).toContain("Page Not Found");
  });
});
