import { execFile, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_CUSTOMERS, DEMO_PASSWORD } from "~/db/seed/content";
import { built, sessionCookieOf, startServer, type RunningServer } from "./support/server";

/**
 * `npm run db:backup` / `db:restore` as an operator runs them, with DATABASE_URL naming the SQLite file (in a child
 * process, so that this test's shoppers keep browsing meanwhile).
 */
function runBackupScript(databaseFile: string, args: string[]) {
  return new Promise<{ status: number; output: string }>((resolve) => {
    execFile(process.execPath, ["--import", "tsx", "scripts/backup.ts", ...args], { env: { ...process.env, DATABASE_URL: `file:${databaseFile}` } },
      (error, stdout, stderr) => resolve({ status: error ? Number(error.code ?? 1) : 0, output: `${stdout}${stderr}` }));
  });
}

/**
 * A shop with changes (a new shopper, an order, a settings change) is backed up while its server runs and serves
 * traffic, restored into a fresh directory, and a server on the restored file shows the same shop.
 */
describe.skipIf(!built)("backup while the shop runs, restore into a fresh directory", () => {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "bazaar-backup-"));
  const liveFile = path.join(work, "live", "bazaar.sqlite");
  const backupFile = path.join(work, "backups", "shop.sqlite");
  const restoredFile = path.join(work, "restored", "bazaar.sqlite");
  let live: RunningServer;
  let restored: RunningServer | undefined;
  let orderId = 0;
  const newShopper = { name: "Rita Restore", email: "rita.restore@example.com", password: "restore-me-42" };

  const post = (server: RunningServer, path: string, form: Record<string, string>, cookie = "") =>
    fetch(`${server.base}${path}`, { method: "POST", redirect: "manual", headers: { Origin: server.base, Cookie: cookie }, body: new URLSearchParams(form) });

  beforeAll(async () => {
    fs.mkdirSync(path.dirname(liveFile), { recursive: true });
    live = await startServer({ DATABASE_URL: `file:${liveFile}`, SESSION_SECRET: "backup-test" });
    const shop = new Database(liveFile, { readonly: true });
    const country = shop.prepare("SELECT id FROM countries ORDER BY id LIMIT 1").get() as { id: number };
    const product = shop.prepare("SELECT id, shop_id FROM products WHERE is_active = 1 AND is_digital = 0 AND quantity >= 10 AND min_order_quantity <= 1 ORDER BY id LIMIT 1").get() as { id: number; shop_id: number };
    shop.close();

    const registered = await post(live, "/register", { name: newShopper.name, country: String(country.id), phone: "5550109999", email: newShopper.email, password: newShopper.password, redirectTo: "/" });
    expect(registered.status).toBe(303);

    const login = await post(live, "/login", { phone: DEMO_CUSTOMERS[0].email, password: DEMO_PASSWORD, redirectTo: "/" });
    const cookie = sessionCookieOf(login);
    expect((await post(live, "/manage-address/new", { name: DEMO_CUSTOMERS[0].name, phone: "5550100001", address_line: "1 Backup Row", address_type: "home" }, cookie)).status).toBe(303);
    expect((await post(live, "/cart/add", { product_id: String(product.id), quantity: "2" }, cookie)).status).toBe(303);
    expect((await post(live, "/cart/select-shop", { shop_id: String(product.shop_id) }, cookie)).status).toBe(303);
    const token = (await fetch(`${live.base}/checkout`, { headers: { Cookie: cookie } }).then((r) => r.text())).match(/name="token" value="([^"]+)"/)?.[1] ?? "";
    const reading = new Database(liveFile, { readonly: true });
    const address = reading.prepare("SELECT a.id FROM addresses a JOIN users u ON u.id = a.user_id WHERE u.email = ?").get(DEMO_CUSTOMERS[0].email) as { id: number };
    reading.close();
    const placed = await post(live, "/checkout", { intent: "place", token, address_id: String(address.id), payment_method: "cash", note: "Backed up" }, cookie);
    expect(placed.status).toBe(303);
    const check = new Database(liveFile, { readonly: true });
    orderId = (check.prepare("SELECT id FROM orders ORDER BY id DESC LIMIT 1").get() as { id: number }).id;
    check.close();

    const settings = spawnSync(process.execPath, ["--import", "tsx", "scripts/settings.ts", "set", "appName", "Backed Up Bazaar"], {
      env: { ...process.env, DATABASE_URL: `file:${liveFile}` }, encoding: "utf8",
    });
    expect(settings.status, settings.stderr).toBe(0);
    expect(await fetch(`${live.base}/`).then((r) => r.text())).toContain("Backed Up Bazaar");
  }, 180_000);

  afterAll(() => {
    live?.stop();
    restored?.stop();
    fs.rmSync(work, { recursive: true, force: true });
  });

  it("restores the same shop: the new shopper signs in, the order and the settings are there", async () => {
    // Shoppers keep browsing (and the server keeps writing its sessions) while the backup runs.
    let browsing = true;
    const traffic = (async () => {
      while (browsing) await fetch(`${live.base}/products`).then((r) => r.arrayBuffer());
    })();
    const backedUp = await runBackupScript(liveFile, ["backup", "--to", backupFile]);
    browsing = false;
    await traffic;
    expect(backedUp.status, backedUp.output).toBe(0);
    expect(backedUp.output).toMatch(/Backed up .* \(\d+ products, \d+ users, \d+ orders/);

    // Refusals: not a database, not Bazaar's, and never over a shop that has data without --force.
    const notes = path.join(work, "notes.txt");
    fs.writeFileSync(notes, "not a database");
    const refusedText = await runBackupScript(restoredFile, ["restore", notes]);
    expect(refusedText.status).toBe(1);
    expect(refusedText.output).toContain("is not an SQLite database");
    const stranger = path.join(work, "stranger.sqlite");
    new Database(stranger).exec("CREATE TABLE notes (text TEXT)");
    const refusedStranger = await runBackupScript(restoredFile, ["restore", stranger]);
    expect(refusedStranger.status).toBe(1);
    expect(refusedStranger.output).toContain("is not a Bazaar database");
    const overLive = await runBackupScript(liveFile, ["restore", backupFile]);
    expect(overLive.status).toBe(1);
    expect(overLive.output).toMatch(/is not empty \(\d+ products, \d+ users, \d+ orders\)\. Stop the shop and add --force/);
    expect(fs.existsSync(restoredFile)).toBe(false);

    const restoredRun = await runBackupScript(restoredFile, ["restore", backupFile]);
    expect(restoredRun.status, restoredRun.output).toBe(0);
    const copy = new Database(restoredFile, { readonly: true });
    expect(copy.pragma("integrity_check")).toEqual([{ integrity_check: "ok" }]);
    copy.close();

    restored = await startServer({ DATABASE_URL: `file:${restoredFile}`, SESSION_SECRET: "backup-test-restored" });
    expect(restored.log()).not.toContain("seeding");
    const home = await fetch(`${restored.base}/`).then((r) => r.text());
    expect(home).toContain("Backed Up Bazaar");
    const rita = await post(restored, "/login", { phone: newShopper.email, password: newShopper.password, redirectTo: "/" });
    expect(rita.status, "the shopper registered before the backup signs in").toBe(303);
    const customer = sessionCookieOf(await post(restored, "/login", { phone: DEMO_CUSTOMERS[0].email, password: DEMO_PASSWORD, redirectTo: "/" }));
    const order = await fetch(`${restored.base}/order-history/${orderId}`, { headers: { Cookie: customer } });
    expect(order.status).toBe(200);
    expect(await order.text()).toContain("Backed up");
  }, 120_000);
});
