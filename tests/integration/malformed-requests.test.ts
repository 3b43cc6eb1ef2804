import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pageText } from "../support/html-forms";
import { built, startServer, type RunningServer } from "./support/server";

/**
 * Causes of 500s the hostile-input fuzz found, each shown on its own: a post whose body is no form (or holds a NUL
 * character), and an address with broken percent-encoding. Both are the client's mistake: a page that says so (400) or not found (404).
 */
describe.skipIf(!built)("malformed requests (server.js)", () => {
  let server: RunningServer;

  beforeAll(async () => {
    server = await startServer();
  }, 120_000);

  afterAll(() => server?.stop());

  const post = (path: string, contentType: string | null, body: string) =>
    fetch(`${server.base}${path}`, {
      method: "POST",
      headers: { Origin: server.base, ...(contentType ? { "Content-Type": contentType } : {}) },
      body,
      redirect: "manual",
    });

  it.each([
    ["text/plain", "phone=a&password=b"],
    ["application/json", '{"phone":"a","password":"b"}'],
    ["multipart/form-data", "--x\r\nContent-Disposition: form-data; name=\"phone\"\r\n\r\na\r\n--x--\r\n"],
    ["multipart/form-data; boundary=x", "--x\r\nContent-Disposition: form-da"],
  ])("answers a login post sent as %s with 400 and a page saying the form could not be read", async (contentType, body) => {
    const response = await post("/login", contentType, body);
    expect(response.status, server.log()).toBe(400);
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(pageText(await response.text())).toContain("This form could not be read");
  });

  it("refuses a form holding a NUL character (PostgreSQL's text cannot store one; it was a 500 there) with the same 400 page", async () => {
    const response = await post("/contact-us", "application/x-www-form-urlencoded", "name=Ann&phone=5550100&subject=Hi%00there&message=Hello");
    expect(response.status, server.log()).toBe(400);
    expect(pageText(await response.text())).toContain("This form could not be read");
  });

  it("answers an address whose percent-encoding is not UTF-8 with the not-found page, for a GET and a POST", async () => {
    for (const path of ["/products/%FF/details", "/%E2%80", "/shops/%C0%AF"]) {
      const page = await fetch(`${server.base}${path}`, { redirect: "manual" });
      expect(page.status, `GET ${path}\n${server.log()}`).toBe(404);
      expect(pageText(await page.text())).toContain("Page Not Found");
    }
    expect((await post("/contact-us/%FF", "application/x-www-form-urlencoded", "a=1")).status).toBe(404);
  });
});
