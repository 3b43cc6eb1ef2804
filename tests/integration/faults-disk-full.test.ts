import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_CUSTOMERS, DEMO_PASSWORD } from "~/db/seed/content";
import { built, sessionCookieOf, startServer, type RunningServer } from "./support/server";

/**
 * The disk of the SQLite file fills up while the shop runs: a real, small tmpfs, mounted by this test (root on Linux;
 * where mounting is not permitted, e.g. in an unprivileged CI container, this test is skipped and the same SQLITE_FULL
 * is covered by app/lib/database-unavailable.test.ts through PRAGMA max_page_count). Writes answer a clear 503, never a
 * 500, nothing is half written, the file stays consistent, and the shop writes again once there is room.
 */
const mountPoint = fs.mkdtempSync(path.join(os.tmpdir(), "bazaar-disk-"));
const mounted = process.platform === "linux" && spawnSync("mount", ["-t", "tmpfs", "-o", "size=64m", "tmpfs", mountPoint]).status === 0;
if (!mounted) {
  console.warn("Cannot mount a tmpfs here (needs root on Linux): the full-disk test over HTTP is skipped; SQLITE_FULL is covered by max_page_count.");
  fs.rmSync(mountPoint, { recursive: true, force: true });
}

describe.skipIf(!built || !mounted)("the SQLite file's disk fills up (a 64 MB tmpfs)", () => {
  let server: RunningServer;
  let reader: Database.Database | undefined;
  let cookie = "";
  const file = path.join(mountPoint, "bazaar.sqlite");
  const filler = path.join(mountPoint, "filler");

  beforeAll(async () => {
    server = await startServer({ DATABASE_URL: `file:${file}`, SESSION_SECRET: "faults-disk" });
    const login = await fetch(`${server.base}/login`, {
      method: "POST", redirect: "manual", headers: { Origin: server.base },
      body: new URLSearchParams({ phone: DEMO_CUSTOMERS[0].email, password: DEMO_PASSWORD, redirectTo: "/" }),
    });
    expect(login.status).toBe(303);
    cookie = sessionCookieOf(login);
  }, 120_000);

  afterAll(async () => {
    reader?.close();
    await server?.kill("SIGTERM");
    server?.stop();
    if (mounted) {
      spawnSync("umount", [mountPoint]);
      fs.rmSync(mountPoint, { recursive: true, force: true });
    }
  });

  /** Writes until the file system says it is full: the WAL then has no room to grow. */
  function fillTheDisk() {
    const descriptor = fs.openSync(filler, "w");
    for (const size of [1 << 20, 1 << 12, 1]) {
      const chunk = Buffer.alloc(size, 1);
      try {
        for (;;) fs.writeSync(descriptor, chunk);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "ENOSPC") throw error;
      }
    }
    fs.closeSync(descriptor);
  }

  const addToCart = (productId: number) =>
    fetch(`${server.base}/cart/add`, {
      method: "POST", redirect: "manual", headers: { Origin: server.base, Cookie: cookie },
      body: new URLSearchParams({ product_id: String(productId), quantity: "1" }),
    });

  it("answers 503 to writes while the disk is full, keeps the file whole, and writes again when there is room", async () => {
    reader = new Database(file, { readonly: true });
    const product = reader.prepare("SELECT id FROM products WHERE is_active = 1 AND quantity >= 10 AND min_order_quantity <= 1 AND is_digital = 0 ORDER BY id LIMIT 1").get() as { id: number };
    const cartLines = () => reader!.prepare("SELECT product_id, quantity FROM cart_items WHERE user_id = (SELECT id FROM users WHERE email = ?)").all(DEMO_CUSTOMERS[0].email);
    // Everything written so far goes into the main file, so that the next write needs new room for the WAL.
    const writer = new Database(file);
    writer.pragma("wal_checkpoint(TRUNCATE)");
    writer.close();
    fillTheDisk();

    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const response = await addToCart(product.id);
      const body = await response.text();
      statuses.push(response.status);
      expect(response.status, body.slice(0, 300)).toBe(503);
      expect(response.headers.get("retry-after")).toMatch(/^\d+$/);
      expect(body).toContain("Temporarily unavailable");
      expect(body).not.toMatch(/SQLITE|\bat .+:\d+:\d+/);
    }
    for (const page of ["/", "/products", `/products/${product.id}/details`, "/cart"]) {
      const response = await fetch(`${server.base}${page}`, { headers: { Cookie: cookie } });
      await response.arrayBuffer();
      statuses.push(response.status);
      expect([200, 503], page).toContain(response.status);
    }
    expect(cartLines(), "nothing of the refused posts was written").toEqual([]);
    expect(reader.pragma("integrity_check")).toEqual([{ integrity_check: "ok" }]);

    fs.rmSync(filler);
    const roomAt = Date.now();
    const added = await addToCart(product.id);
    statuses.push(added.status);
    expect(added.status).toBe(303);
    const recovery = Date.now() - roomAt;
    expect(cartLines()).toEqual([{ product_id: product.id, quantity: 1 }]);
    expect((await fetch(`${server.base}/cart`, { headers: { Cookie: cookie } })).status).toBe(200);
    expect(reader.pragma("integrity_check")).toEqual([{ integrity_check: "ok" }]);
    expect(statuses.filter((status) => status >= 500 && status !== 503)).toEqual([]);
    expect(server.log()).toMatch(/Database unavailable \(SQLITE_FULL/);
    console.log(`faults/disk-full (tmpfs): ${statuses.length} requests while full and after, ${statuses.filter((s) => s === 503).length} × 503, ` +
      `0 × 500; reads while full: ${statuses.slice(5, 9).join(", ")}; integrity_check ok; the first write after freeing room succeeded in ${recovery} ms`);
  }, 90_000);
});
