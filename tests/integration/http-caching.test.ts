import { createHash } from "node:crypto";
import path from "node:path";
import { createCookieSessionStorage } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_CUSTOMERS, DEMO_PASSWORD } from "~/db/seed/content";
import { createDb, type Db } from "~/lib/db.server";
import { updateSettings } from "~/modules/settings/settings.server";
import { built, cookiePair, sessionCookieOf, startServer, type RunningServer } from "./support/server";

const SESSION_SECRET = "caching-test-secret";

describe.skipIf(!built)("HTTP caching of pages (server.js)", () => {
  let server: RunningServer;
  let base: string;
  let dataDir: string;
  let english: string;
  let arabic: string;

  const get = (url: string, headers: Record<string, string> = {}) => fetch(`${base}${url}`, { headers, redirect: "manual" });

  /** The session cookie of a demo customer signed in through the login form. */
  async function signedInCookie(userId: number) {
    const response = await fetch(`${base}/login`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ phone: DEMO_CUSTOMERS[userId - 1].email, password: DEMO_PASSWORD }),
      redirect: "manual",
    });
    expect(response.status, server.log()).toBe(303);
    return sessionCookieOf(response);
  }

  beforeAll(async () => {
    server = await startServer({ SESSION_SECRET });
    ({ base, dataDir } = server);
    // A first visit is told its language in a cookie; later visits send it back.
    english = cookiePair((await get("/", { "Accept-Language": "en" })).headers.get("Set-Cookie"));
    arabic = cookiePair((await get("/", { "Accept-Language": "ar" })).headers.get("Set-Cookie"));
  }, 120_000);

  afterAll(() => server?.stop());

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

    // Asked for again, the page is rendered again with the same validator, and kept (ADR 0039); the next guest gets
    // it from the server's page cache: the same validator, and a policy that allows exactly the page's own inline
    // scripts by hash (the nonce it was rendered with is gone).
    const again = await get("/", { Cookie: english });
    expect(again.headers.get("ETag")).toBe(etag);
    const second = await get("/", { Cookie: english });
    expect(second.headers.get("X-Cache")).toBe("hit");
    expect(second.headers.get("ETag")).toBe(etag);
    const policy = second.headers.get("Content-Security-Policy") ?? "";
    expect(policy).not.toContain("'nonce-");
    const body = await second.text();
    expect(body).not.toContain("nonce=");
    // Data blocks (type="application/json") are never run, so script-src does not govern them.
    const scripts = [...body.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
      .filter(([, attributes, content]) => content && !attributes.includes('type="application/json"'))
      .map(([, , content]) => content);
    expect(body).toContain('<script type="application/json" id="shell-data">');
    expect(scripts.length).toBeGreaterThan(2);
    for (const script of scripts) expect(policy).toContain(`'sha256-${createHash("sha256").update(script).digest("base64")}'`);
  });

  it("gives every rendered page its own CSP nonce", async () => {
    const nonce = (r: Response) => /'nonce-([^']+)'/.exec(r.headers.get("Content-Security-Policy") ?? "")?.[1];
    const first = await get("/blog/no-such-post", { Cookie: english });
    const second = await get("/blog/no-such-post", { Cookie: english });
    expect(nonce(first)).toBeTruthy();
    expect(nonce(second)).not.toBe(nonce(first));
    expect(await second.text()).toContain(`nonce="${nonce(second)}"`);
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

  describe("the guest page cache", () => {
    let db: Db;
    beforeAll(() => {
      db = createDb(`file:${path.join(dataDir, "bazaar.sqlite")}`);
    });
    afterAll(() => db?.destroy());

    const sessionOf = async (response: Response) => {
      const storage = createCookieSessionStorage({ cookie: { name: "bazaar_session", secrets: [SESSION_SECRET], path: "/" } });
      const cookie = response.headers.getSetCookie().find((c) => c.startsWith("bazaar_session="));
      return cookie ? storage.getSession(cookiePair(cookie)) : null;
    };

    it("counts every view of a product and remembers it for the guest, also when the page comes from the cache", async () => {
      const product = await db.selectFrom("products").select(["id", "total_views"]).where("is_active", "=", 1).orderBy("id").executeTakeFirstOrThrow();
      const url = `/products/${product.id}/details`;
      const first = await get(url, { Cookie: english });
      const rendered = await get(url, { Cookie: english });
      const cached = await get(url, { Cookie: english });
      expect(first.headers.get("X-Cache")).toBeNull();
      expect(rendered.headers.get("X-Cache")).toBeNull();
      expect(cached.headers.get("X-Cache")).toBe("hit");
      expect(await cached.text()).toBe(await rendered.text().then((html) => html.replace(/ nonce="[^"]+"/g, "")));
      for (const response of [first, rendered, cached]) {
        expect((await sessionOf(response))?.get("recentlyViewed")).toEqual([product.id]);
        expect(response.headers.get("Cache-Control")).toBe("private, no-store");
      }
      // Views are written in batches, about once a second.
      await expect
        .poll(async () => (await db.selectFrom("products").select("total_views").where("id", "=", product.id).executeTakeFirstOrThrow()).total_views, { timeout: 5000 })
        .toBe(product.total_views + 3);
    });

    it("shows a waiting message once on a product page and remembers the product in the same answer", async () => {
      const storage = createCookieSessionStorage({ cookie: { name: "bazaar_session", secrets: [SESSION_SECRET], path: "/" } });
      const before = await storage.getSession();
      before.flash("toasts", [{ id: "t1", kind: "success", message: "cart:toast.added", values: { name: "Lamp" }, duration: 3000 }]);
      const withToast = cookiePair(await storage.commitSession(before));
      const product = await db.selectFrom("products").select(["id"]).where("is_active", "=", 1).orderBy("id", "desc").executeTakeFirstOrThrow();

      const opened = await get(`/products/${product.id}/details`, { Cookie: `${english}; ${withToast}` });
      expect(opened.status).toBe(200);
      // The root loader and the page's loader each commit the session: the browser keeps the last cookie, which
      // must hold both changes (the message taken, the product remembered).
      const sessions = opened.headers.getSetCookie().filter((c) => c.startsWith("bazaar_session="));
      expect(sessions.length).toBeGreaterThan(0);
      const kept = await storage.getSession(cookiePair(sessions.at(-1)!));
      expect(kept.get("recentlyViewed")).toEqual([product.id]);
      expect(kept.has("toasts")).toBe(false);
      expect(await opened.text()).toContain("Lamp has been added to cart");

      const next = await get("/", { Cookie: `${english}; ${cookiePair(sessions.at(-1)!)}` });
      expect(await next.text()).not.toContain("Lamp has been added to cart");
    });

    it("shows each guest their own recently viewed products on the home page", async () => {
      const product = await db.selectFrom("products").select(["id", "name"]).where("is_active", "=", 1).orderBy("id", "desc").executeTakeFirstOrThrow();
      const plain = await get("/", { Cookie: english });
      expect(await plain.text()).not.toContain("Recently Viewed");
      const opened = await get(`/products/${product.id}/details`, { Cookie: english });
      const session = cookiePair(opened.headers.getSetCookie().find((c) => c.startsWith("bazaar_session=")) ?? null);
      const viewed = await get("/", { Cookie: `${english}; ${session}` });
      const html = await viewed.text();
      expect(html).toContain("Recently Viewed");
      expect(html).toContain(product.name);
      expect(await (await get("/", { Cookie: english })).text()).not.toContain("Recently Viewed");
    });

    it("keeps a page when it is asked for again, not on its first render", async () => {
      const url = "/categories";
      expect((await get(url, { Cookie: english })).headers.get("X-Cache")).toBeNull();
      expect((await get(url, { Cookie: english })).headers.get("X-Cache")).toBeNull();
      expect((await get(url, { Cookie: english })).headers.get("X-Cache")).toBe("hit");
      // Another page asked for once is not kept by the first one's being kept.
      expect((await get(`${url}?page=2`, { Cookie: english })).headers.get("X-Cache")).toBeNull();
      expect((await get(url, { Cookie: english })).headers.get("X-Cache")).toBe("hit");
    });

    it("shows a change of the shop's settings on the next page", async () => {
      await get("/blogs", { Cookie: english });
      await get("/blogs", { Cookie: english });
      expect((await get("/blogs", { Cookie: english })).headers.get("X-Cache")).toBe("hit");
      await updateSettings(db, { appName: "Renamed Bazaar" });
      try {
        const renamed = await get("/blogs", { Cookie: english });
        expect(renamed.headers.get("X-Cache")).toBeNull();
        expect(await renamed.text()).toContain("Renamed Bazaar</title>");
      } finally {
        await updateSettings(db, { appName: "Bazaar" });
      }
    });

    it("never serves a guest's cached page to a signed-in shopper", async () => {
      await get("/shops", { Cookie: english });
      await get("/shops", { Cookie: english });
      expect((await get("/shops", { Cookie: english })).headers.get("X-Cache")).toBe("hit");
      const signedIn = await get("/shops", { Cookie: `${english}; ${await signedInCookie(1)}` });
      expect(signedIn.headers.get("X-Cache")).toBeNull();
      expect(await signedIn.text()).toContain("Demo Customer");
    });
  });
});
