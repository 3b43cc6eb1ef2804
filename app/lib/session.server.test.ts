import { createCookieSessionStorage } from "@remix-run/node";
import { beforeAll, describe, expect, it } from "vitest";

// The session cookie as the browser holds it: what a page answered in Set-Cookie, sent back on the next request.
const cookieOf = (setCookie: string) => setCookie.split(";")[0];
const requestWith = (cookie: string | null) => new Request("http://shop.test/", { headers: cookie ? { Cookie: cookie } : {} });

let session: typeof import("./session.server");
beforeAll(async () => {
  process.env.SESSION_SECRET = "first secret,older secret";
  session = await import("./session.server");
});

describe("the session cookie", () => {
  it("gives back what was committed, next to other cookies", async () => {
    const first = await session.getSession(requestWith(null));
    first.set("recentlyViewed", [3, 2, 1]);
    first.set("currency", "EUR");
    const cookie = cookieOf(await session.commitSession(first));
    for (const header of [cookie, `locale=ImVuIg%3D%3D; ${cookie}`, `${cookie}; other=1`]) {
      const again = await session.getSession(requestWith(header));
      expect(again.get("recentlyViewed")).toEqual([3, 2, 1]);
      expect(again.get("currency")).toBe("EUR");
    }
  });

  it("gives each request its own session: a change to one is not in the next", async () => {
    const first = await session.getSession(requestWith(null));
    first.set("recentlyViewed", [5]);
    const cookie = cookieOf(await session.commitSession(first));
    const one = await session.getSession(requestWith(cookie));
    one.set("recentlyViewed", [6, 5]);
    one.get("recentlyViewed")!.push(99);
    const two = await session.getSession(requestWith(cookie));
    expect(two.get("recentlyViewed")).toEqual([5]);
  });

  it("shows a toast each time its cookie comes back, until a new cookie replaces it", async () => {
    const first = await session.getSession(requestWith(null));
    session.flashToast(first, { kind: "success", message: "Added to cart" });
    const cookie = cookieOf(await session.commitSession(first));
    for (let time = 0; time < 2; time++) {
      const page = await session.getSession(requestWith(cookie));
      expect(page.get("toasts")?.map((toast) => toast.message)).toEqual(["Added to cart"]);
      expect(page.get("toasts")).toBeUndefined();
    }
  });

  it("holds what the session held when it was committed, though another loader changed it meanwhile", async () => {
    const page = await session.getSession(requestWith(null));
    session.flashToast(page, { kind: "error", message: "auth:reset.expired" });
    const committing = session.commitSession(page);
    // The root loader of the same page shows (and so removes) the toast while the cookie is being signed.
    expect(page.get("toasts")).toHaveLength(1);
    const cookie = cookieOf(await committing);
    for (let time = 0; time < 2; time++) {
      expect((await session.getSession(requestWith(cookie))).get("toasts")?.map((toast) => toast.message)).toEqual(["auth:reset.expired"]);
    }
  });

  it("reads a cookie signed by another process, and by an older secret", async () => {
    for (const secret of ["first secret", "older secret"]) {
      const elsewhere = createCookieSessionStorage({ cookie: { name: "bazaar_session", secrets: [secret] } });
      const theirs = await elsewhere.getSession();
      theirs.set("currency", "SAR");
      const cookie = cookieOf(await elsewhere.commitSession(theirs));
      expect((await session.getSession(requestWith(cookie))).get("currency")).toBe("SAR");
    }
  });

  it("gives an empty session for a forged or altered cookie, however often it is sent", async () => {
    const forger = createCookieSessionStorage({ cookie: { name: "bazaar_session", secrets: ["not the shop's secret"] } });
    const forged = await forger.getSession();
    forged.set("signIn", "stolen");
    const forgedCookie = cookieOf(await forger.commitSession(forged));

    const real = await session.getSession(requestWith(null));
    real.set("currency", "EUR");
    const realCookie = cookieOf(await session.commitSession(real));
    const altered = realCookie.replace(/.(?=\.)/, (character) => (character === "A" ? "B" : "A"));

    for (const cookie of [forgedCookie, altered, forgedCookie, altered]) {
      const read = await session.getSession(requestWith(cookie));
      expect(read.data).toEqual({});
    }
  });
});
