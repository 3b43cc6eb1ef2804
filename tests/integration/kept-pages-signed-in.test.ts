import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_CUSTOMERS } from "~/db/seed/content";
import { createDb, type Db } from "~/lib/db.server";
import { recordOrderEvent } from "~/modules/orders/order-lifecycle.server";
import { makeOrder, stockedProduct } from "./support/orders";
import { built, sessionCookieOf, signedInSession, startServer, type RunningServer } from "./support/server";

/*
 * Catalogue pages kept for signed-in shoppers (ADR 0029): rendered once with markers where the shopper's own texts
 * go, and filled in for each shopper. What one shopper gets from the kept page must be exactly what a render for
 * them gives, and nothing of another shopper's.
 */
describe.skipIf(!built)("catalogue pages kept for signed-in shoppers", () => {
  const SESSION_SECRET = "kept-pages-secret";
  let server: RunningServer;
  /** The same shop and database, without the page cache: every page rendered for its shopper. */
  let rendering: RunningServer;
  let db: Db;
  const shoppers: { id: number; name: string; email: string | null; cookie: string }[] = [];
  let productPath: string;
  let productId: number;

  const get = (base: string, url: string, cookie: string) => fetch(`${base}${url}`, { headers: { Cookie: cookie }, redirect: "manual" });
  /** The page without what differs between two answers of the same page: the nonce and the server's address. */
  const comparable = (html: string) => html.replace(/ nonce="[^"]*"/g, "").replace(/http:\/\/127\.0\.0\.1:\d+/g, "");

  async function signIn(email: string) {
    const signedIn = await signedInSession(server.base, email, server.log);
    // The next page shows the login's toast once, as in a browser: then the session carries none.
    return sessionCookieOf(await get(server.base, "/about-us", signedIn)) || signedIn;
  }

  beforeAll(async () => {
    server = await startServer({ SESSION_SECRET });
    rendering = await startServer({ SESSION_SECRET, PAGE_CACHE_SECONDS: "0", DATABASE_URL: `file:${path.join(server.dataDir, "bazaar.sqlite")}` });
    db = createDb(`file:${path.join(server.dataDir, "bazaar.sqlite")}`);
    for (const customer of DEMO_CUSTOMERS.slice(0, 2)) {
      const user = await db.selectFrom("users").select(["id", "name", "email"]).where("email", "=", customer.email).executeTakeFirstOrThrow();
      shoppers.push({ ...user, cookie: await signIn(customer.email) });
    }
    const product = await db.selectFrom("products").select("id").where("is_active", "=", 1).orderBy("id", "desc").executeTakeFirstOrThrow();
    productId = product.id;
    productPath = `/products/${product.id}/details`;
  }, 180_000);

  afterAll(async () => {
    await db?.destroy();
    rendering?.stop();
    server?.stop();
  });

  it("gives the next signed-in shopper the kept page with their own name, counts and data, as a render for them would", async () => {
    const [first, second] = shoppers;
    // Kept when it is asked for again (ADR 0039).
    for (let render = 0; render < 2; render++) {
      const rendered = await get(server.base, productPath, first.cookie);
      expect(rendered.headers.get("X-Cache")).toBeNull();
      expect(await rendered.text()).toContain(first.name);
    }

    const kept = await get(server.base, productPath, second.cookie);
    expect(kept.status).toBe(200);
    expect(kept.headers.get("X-Cache")).toBe("hit");
    expect(kept.headers.get("Cache-Control")).toBe("private, no-store");
    const html = await kept.text();
    expect(html).toContain(second.name);
    expect(html).not.toContain(first.name);
    expect(html).not.toContain(first.email ?? first.name);
    // The shopper's data travels beside the loader data, and the page's scripts carry this answer's nonce.
    expect(html).toContain(`<script type="application/json" id="shopper-data">{"user":{"id":${second.id},`);
    const nonce = /'nonce-([^']+)'/.exec(kept.headers.get("Content-Security-Policy") ?? "")?.[1];
    expect(nonce).toBeTruthy();
    expect(html).toContain(`<script nonce="${nonce}"`);
    expect(html).not.toMatch(/[\uE000\uE001]/);

    const own = await get(rendering.base, productPath, second.cookie);
    expect(own.headers.get("X-Cache")).toBeNull();
    expect(comparable(html)).toBe(comparable(await own.text()));

    // Gzipped from parts compressed once (as above: fetch asks for gzip and unzips), or not compressed at all.
    expect(kept.headers.get("Content-Encoding")).toBe("gzip");
    const plain = await fetch(`${server.base}${productPath}`, { headers: { Cookie: second.cookie, "Accept-Encoding": "identity" } });
    expect(plain.headers.get("X-Cache")).toBe("hit");
    expect(plain.headers.get("Content-Encoding")).toBeNull();
    expect(comparable(await plain.text())).toBe(comparable(html));
  });

  it("fills in the shopper's texts in their language: Arabic", async () => {
    const arabic = "locale=ImFyIg%3D%3D";
    const [first, second] = shoppers;
    await get(server.base, "/products", `${arabic}; ${first.cookie}`);
    await get(server.base, "/products", `${arabic}; ${first.cookie}`);
    const kept = await get(server.base, "/products", `${arabic}; ${second.cookie}`);
    expect(kept.headers.get("X-Cache")).toBe("hit");
    const html = await kept.text();
    expect(html).toContain('<html lang="ar" dir="rtl">');
    const own = await get(rendering.base, "/products", `${arabic}; ${second.cookie}`);
    expect(comparable(html)).toBe(comparable(await own.text()));
  });

  it("keeps a page once per state of the hearts it shows, and follows the shopper's cart", async () => {
    const [first, second] = shoppers;
    await db.deleteFrom("wishlist_items").where("user_id", "in", [first.id, second.id]).where("product_id", "=", productId).execute();
    await db.insertInto("wishlist_items").values({ user_id: second.id, product_id: productId, created_at: new Date().toISOString() }).execute();

    for (const shopper of [first, second, first, second]) {
      const html = await (await get(server.base, productPath, shopper.cookie)).text();
      const own = await (await get(rendering.base, productPath, shopper.cookie)).text();
      expect(comparable(html)).toBe(comparable(own));
      expect(html).toMatch(shopper === second ? /Remove [^<]* from wishlist/ : /Add [^<]* to wishlist/);
    }
    const hits = await Promise.all(shoppers.map(async (shopper) => (await get(server.base, productPath, shopper.cookie)).headers.get("X-Cache")));
    expect(hits).toEqual(["hit", "hit"]);
  });

  it("gives a shopper who just posted a form the page rendered anew, then kept again", async () => {
    const [first] = shoppers;
    await get(server.base, productPath, first.cookie);
    await get(server.base, productPath, first.cookie);
    expect((await get(server.base, productPath, first.cookie)).headers.get("X-Cache")).toBe("hit");
    const posted = await fetch(`${server.base}/wishlist/toggle`, {
      method: "POST",
      headers: { Cookie: first.cookie, Origin: server.base, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ product_id: String(productId), intent: "add", redirectTo: productPath }),
      redirect: "manual",
    });
    expect(posted.status).toBe(303);
    const wrote = posted.headers.getSetCookie().find((cookie) => cookie.startsWith("bazaar_wrote="));
    expect(wrote).toMatch(/^bazaar_wrote=\d+; Path=\/; Max-Age=10; HttpOnly; SameSite=Lax/);
    const session = sessionCookieOf(posted) || first.cookie;
    const cookie = `${session}; ${wrote!.split(";")[0]}`;
    const after = await get(server.base, productPath, cookie);
    expect(after.headers.get("X-Cache")).toBeNull();
    expect(await after.text()).toMatch(/Remove [^<]* from wishlist/);
    // The toast of the post was shown by that page; the page kept since then serves the shopper again.
    const next = `${sessionCookieOf(after) || session}; ${wrote!.split(";")[0]}`;
    await get(server.base, productPath, next);
    expect((await get(server.base, productPath, next)).headers.get("X-Cache")).toBe("hit");
  });

  it("renders the page again when the shop has news of the shopper's orders to tell", async () => {
    const [first] = shoppers;
    await get(server.base, "/products", first.cookie);
    await get(server.base, "/products", first.cookie);
    expect((await get(server.base, "/products", first.cookie)).headers.get("X-Cache")).toBe("hit");
    const product = await stockedProduct(db);
    const order = await makeOrder(db, { userId: first.id, lines: [{ productId: product.id, quantity: 1 }] });
    await recordOrderEvent(db, { order_id: order.id, user_id: first.id, status: "Confirm", actor_id: null, at: new Date().toISOString(), tell: true });
    const told = await get(server.base, "/products", first.cookie);
    expect(told.headers.get("X-Cache")).toBeNull();
    expect(await told.text()).toContain(`Order #${order.id}`);
  });

  it("never keeps the shopper's own pages", async () => {
    const [first] = shoppers;
    for (const url of ["/dashboard", "/cart", "/contact-us"]) {
      await get(server.base, url, first.cookie);
      await get(server.base, url, first.cookie);
      expect((await get(server.base, url, first.cookie)).headers.get("X-Cache"), url).toBeNull();
    }
  });
});
