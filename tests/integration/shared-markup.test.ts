import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_CUSTOMERS } from "~/db/seed/content";
import { createDb, type Db } from "~/lib/db.server";
import { built, sessionCookieOf, signedInSession, startServer, type RunningServer } from "./support/server";

/*
 * Parts drawn alike on many pages (header, menus, footer, product cards) are drawn once and their markup kept
 * (ADR 0030). Whatever page they are put into, for a guest or a signed-in shopper, in any language, the page must be
 * exactly what a full render gives: the same bytes, which is also what the browser's React expects to hydrate.
 */
describe.skipIf(!built)("parts of pages drawn once for many pages", () => {
  const SESSION_SECRET = "shared-markup-secret";
  const ARABIC = "locale=ImFyIg%3D%3D";
  let server: RunningServer;
  /** The same shop and database without kept pages and parts: every page drawn whole. */
  let rendering: RunningServer;
  let db: Db;
  let visits = 0;

  const get = (base: string, url: string, cookie: string) => fetch(`${base}${url}`, { headers: { Cookie: cookie }, redirect: "manual" });
  /**
   * The page without what differs between two answers of the same page: the nonce, the server's address and the
   * seconds a flash sale's countdown shows and counts from.
   */
  const comparable = (html: string) =>
    html.replace(/ nonce="[^"]*"/g, "").replace(/http:\/\/127\.0\.0\.1:\d+/g, "").replace(/(<time dateTime="[^"]*" class="[^"]*tabular-nums">)[^<]*/g, "$1")
      .replace(/((?:flashSecondsLeft|seconds_left)\\",)\d+/g, "$1");

  /** Each page at an address of its own (a parameter no page reads), so that it is drawn rather than kept whole. */
  async function expectSamePages(cookie: string, addresses: string[]) {
    for (const address of addresses) {
      const url = `${address}${address.includes("?") ? "&" : "?"}visit=${++visits}`;
      const answer = await get(server.base, url, cookie);
      const html = await answer.text();
      const whole = await get(rendering.base, url, cookie);
      expect(answer.status, url).toBe(whole.status);
      expect(answer.headers.get("X-Cache"), url).toBeNull();
      expect(html, url).not.toMatch(/[\uE000-\uE01F]/);
      expect(comparable(html), url).toBe(comparable(await whole.text()));
    }
    // Both servers count the product pages' views and write them within a second: lists ordered by popularity
    // must not change between the two answers of the next address.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
  }

  let productPaths: string[];

  beforeAll(async () => {
    server = await startServer({ SESSION_SECRET });
    rendering = await startServer({ SESSION_SECRET, PAGE_CACHE_SECONDS: "0", DATABASE_URL: `file:${path.join(server.dataDir, "bazaar.sqlite")}` });
    db = createDb(`file:${path.join(server.dataDir, "bazaar.sqlite")}`);
    const products = await db.selectFrom("products").select("id").where("is_active", "=", 1).orderBy("total_sold", "desc").limit(4).execute();
    productPaths = products.map((product) => `/products/${product.id}/details`);
  }, 180_000);

  afterAll(async () => {
    await db?.destroy();
    rendering?.stop();
    server?.stop();
  });

  // Addresses whose characters a form's redirectTo and the login link escape: `&`, `'`, `<`, an encoded space.
  const pages = () => ["/", "/products", "/products?sort=newest&page=2", "/products?search=lamp&note='a<b>%20c", "/shops", "/best-deal", ...productPaths];
  /** Pages never kept whole (ADR 0029) that take the kept parts too: drawn into memory, the shopper's texts put in. */
  const ownPages = ["/about-us", "/contact-us", "/cart", "/dashboard", "/profile", "/wishlist", "/order-history", "/no-such-page"];

  it("gives a guest the same pages as a whole render, in English and Arabic", async () => {
    await expectSamePages("", [...pages(), ...ownPages]);
    await expectSamePages(ARABIC, [...pages(), ...ownPages]);
    // The login page's own header keeps its query; the parts drawn on other pages do not carry it there.
    await expectSamePages("", ["/login?redirectTo=%2Fshops", "/shops"]);
  });

  it("gives signed-in shoppers the same pages as a render for them, their hearts and counts their own", async () => {
    const shoppers: string[] = [];
    for (const customer of DEMO_CUSTOMERS.slice(0, 2)) {
      const signedIn = await signedInSession(server.base, customer.email, server.log);
      // The next page shows the login's toast once, as in a browser: then the session carries none.
      shoppers.push(sessionCookieOf(await get(server.base, "/about-us", signedIn)) || signedIn);
    }
    // A product of the list's first page, which the second shopper keeps in their wishlist.
    const listed = await (await get(server.base, `/products?visit=${++visits}`, "")).text();
    const wishedId = Number(/action="\/wishlist\/toggle"[^>]*><input type="hidden" name="product_id" value="(\d+)"/.exec(listed)?.[1]);
    expect(wishedId).toBeGreaterThan(0);
    const second = await db.selectFrom("users").select("id").where("email", "=", DEMO_CUSTOMERS[1].email).executeTakeFirstOrThrow();
    await db.deleteFrom("wishlist_items").where("product_id", "=", wishedId).execute();
    await db.insertInto("wishlist_items").values({ user_id: second.id, product_id: wishedId, created_at: new Date().toISOString() }).execute();

    for (const cookie of [...shoppers, ...shoppers]) await expectSamePages(cookie, [...pages(), ...ownPages]);
    for (const cookie of shoppers) await expectSamePages(`${ARABIC}; ${cookie}`, [...pages(), ...ownPages]);
    // The product the second shopper keeps shows a full heart on their lists only.
    const list = async (cookie: string) => (await get(server.base, `/products?visit=${++visits}`, cookie)).text();
    const card = new RegExp(`name="product_id" value="${wishedId}"/><input type="hidden" name="redirectTo" value="[^"]*"/><button type="submit" name="intent" value="(add|remove)"`);
    const [firstList, secondList] = [await list(shoppers[0]), await list(shoppers[1])];
    expect(card.exec(firstList)?.[1]).toBe("add");
    expect(card.exec(secondList)?.[1]).toBe("remove");
  });
});
