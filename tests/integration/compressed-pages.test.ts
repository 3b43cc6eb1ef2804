import http from "node:http";
import { brotliDecompressSync, gunzipSync, inflateSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_CUSTOMERS } from "~/db/seed/content";
import { built, signedInSession, startServer, type RunningServer } from "./support/server";

/*
 * Pages made whole in memory are compressed in one call by server.js (ADR 0033), in the encoding its compression
 * middleware would have chosen; what the browser unpacks is the page it would get uncompressed.
 */
describe.skipIf(!built)("pages compressed as the browser accepts them", () => {
  let server: RunningServer;
  let shopperCookie: string;
  let fresh = 0;

  /** The answer as sent, its body still compressed. */
  function raw(path: string, headers: Record<string, string>, method = "GET") {
    return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      const request = http.request(`${server.base}${path}`, { method, headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      });
      request.on("error", reject).end();
    });
  }
  /** A page nobody asked for yet (a parameter no page reads), so that it is rendered, not taken from the page cache. */
  const unseen = (path: string) => `${path}${path.includes("?") ? "&" : "?"}unseen=${++fresh}`;
  const comparable = (html: string) => html.replace(/ nonce="[^"]*"/g, "").replace(/unseen(=|%3D)\d+/g, "unseen");

  beforeAll(async () => {
    server = await startServer();
    shopperCookie = await signedInSession(server.base, DEMO_CUSTOMERS[0].email, server.log);
  }, 120_000);

  afterAll(() => server?.stop());

  const guest = () => ({});
  const shopper = () => ({ Cookie: shopperCookie });
  it.each([
    ["a guest", "a product page", guest, "/products/1/details"],
    ["a signed-in shopper", "a product page", shopper, "/products/1/details"],
    ["a signed-in shopper", "a content page", shopper, "/about-us"],
  ])("sends %s %s in brotli when the browser takes it, else gzip, else as it is", async (_who, _page, cookie, path) => {
    const plain = await raw(unseen(path), { ...cookie(), "Accept-Encoding": "identity" });
    expect(plain.status).toBe(200);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    const page = comparable(plain.body.toString("utf8"));
    expect(page).toContain("</html>");

    const brotli = await raw(unseen(path), { ...cookie(), "Accept-Encoding": "gzip, deflate, br, zstd" });
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(brotli.headers.vary).toMatch(/Accept-Encoding/);
    expect(brotli.body.length).toBeLessThan(plain.body.length / 3);
    expect(comparable(brotliDecompressSync(brotli.body).toString("utf8"))).toBe(page);

    const gzip = await raw(unseen(path), { ...cookie(), "Accept-Encoding": "br;q=0, gzip" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(comparable(gunzipSync(gzip.body).toString("utf8"))).toBe(page);

    // Preferred over gzip, deflate is what the middleware chooses: the page is left to it, not gzipped here.
    const deflate = await raw(unseen(path), { ...cookie(), "Accept-Encoding": "deflate, gzip;q=0.5" });
    expect(deflate.headers["content-encoding"]).toBe("deflate");
    expect(comparable(inflateSync(deflate.body).toString("utf8"))).toBe(page);

    const refused = await raw(unseen(path), { ...cookie(), "Accept-Encoding": "br;q=0, gzip;q=0" });
    expect(refused.headers["content-encoding"]).toBeUndefined();
    expect(comparable(refused.body.toString("utf8"))).toBe(page);
  });

  it("sends a page with its length, rendered or kept, guest or signed in: the browser knows where it ends", async () => {
    for (const cookie of [guest, shopper]) {
      // Asked again and again: rendered first, then from the page cache (ADR 0039 keeps a page asked again).
      for (let ask = 0; ask < 3; ask++) {
        const page = await raw("/products/1/details", { ...cookie(), "Accept-Encoding": "gzip, deflate, br, zstd" });
        expect(page.status).toBe(200);
        expect(page.headers["transfer-encoding"]).toBeUndefined();
        expect(Number(page.headers["content-length"])).toBe(page.body.length);
      }
    }
    const plain = await raw(unseen("/about-us"), { "Accept-Encoding": "identity" });
    expect(Number(plain.headers["content-length"])).toBe(plain.body.length);
  });

  it("answers a HEAD with the headers alone", async () => {
    const head = await raw(unseen("/about-us"), { "Accept-Encoding": "br" }, "HEAD");
    expect(head.status).toBe(200);
    expect(head.headers["content-type"]).toMatch(/^text\/html/);
    expect(head.body.length).toBe(0);
  });
});
