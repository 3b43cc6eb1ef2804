import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { built, startServer, type RunningServer } from "./support/server";

/*
 * Behind a proxy it trusts (TRUST_PROXY, loopback by default), the shop's pages name the address shoppers asked for:
 * the scheme, host and port the proxy forwards (its canonical and sharing links, BASE_URL unset). server.js makes the
 * request Remix reads itself (ADR 0044); these are what @remix-run/express's request would have said.
 */
describe.skipIf(!built)("the address a page names for itself", () => {
  let server: RunningServer;
  let fresh = 0;

  beforeAll(async () => {
    server = await startServer();
  }, 120_000);

  afterAll(() => server?.stop());

  /** The canonical link of a page nobody asked for yet (a parameter it does not read), asked with these headers. */
  function canonicalOf(headers: Record<string, string>) {
    return new Promise<string | undefined>((resolve, reject) => {
      // node:http, not fetch: fetch does not let a caller set Host, which a proxy passes on.
      http.get(`${server.base}/about-us?unseen=${++fresh}`, { headers }, (response) => {
        let html = "";
        response.setEncoding("utf8").on("data", (chunk: string) => (html += chunk));
        response.on("end", () => {
          expect(response.statusCode).toBe(200);
          resolve(/<link rel="canonical" href="([^"]*)"/.exec(html)?.[1]);
        });
      }).on("error", reject);
    });
  }

  it("is the server's own address when no proxy forwards one", async () => {
    expect(await canonicalOf({})).toBe(`${server.base}/about-us`);
  });

  it("is the host the browser asked for and the forwarded scheme, as deploy/nginx.conf passes them on", async () => {
    expect(await canonicalOf({ Host: "shop.example:8443", "X-Forwarded-Proto": "https" })).toBe("https://shop.example:8443/about-us");
    expect(await canonicalOf({ Host: "shop.example", "X-Forwarded-Proto": "https" })).toBe("https://shop.example/about-us");
  });

  it("is the forwarded host, with its port, when the proxy sends X-Forwarded-Host", async () => {
    expect(await canonicalOf({ "X-Forwarded-Host": "shop.example:8443", "X-Forwarded-Proto": "https" })).toBe("https://shop.example:8443/about-us");
  });
});
