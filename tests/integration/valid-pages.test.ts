import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_CUSTOMERS, DEMO_PASSWORD } from "~/db/seed/content";
import { formRuleProblems, formsOf, linksOf, successfulControls } from "../support/html-forms";
import { built, startServer, type RunningServer } from "./support/server";

/**
 * Every page of a crawl of the demo shop — as a guest and signed in, in English and Arabic — is valid HTML (the Nu
 * HTML checker, run here on Java from apt: no network) and keeps the form rules of ADR 0018: no POST form without a
 * named control, no control tied elsewhere by form=, formaction or formmethod.
 */
const VNU_JAR = path.resolve("node_modules/vnu-jar/build/dist/vnu.jar");
const hasJava = spawnSync("java", ["-version"]).status === 0;
/** Pages of one route pattern (ids and numbers as one) visited at most this often, so the crawl stays short. */
const PER_PATTERN = 2;
/** Addresses that are not pages. */
const NOT_PAGES = /^\/(build|media|brand|locales|favicon|sitemaps?|robots|healthz|auth\/|dev\/|digital-downloads\/)|\.(svg|png|jpe?g|webp|xml|txt|pdf|ico)(\?|$)/;

/** Entry points the links may not reach at once (forms lead to them) and pages only a signed-in shopper has. */
const SEEDS = [
  "/", "/products", "/products?search=shirt", "/products?sort=price_low_high&page=2", "/categories", "/shops", "/best-deal",
  "/most-popular", "/digital-products", "/blogs", "/about-us", "/contact-us", "/support", "/privacy-policy",
  "/terms-and-conditions", "/return-policy", "/login", "/register", "/forgot-password", "/cart", "/no-such-page",
  "/products/999999/details",
];
const ACCOUNT_SEEDS = [
  "/dashboard", "/wishlist", "/profile", "/change-password", "/manage-address", "/manage-address/new", "/order-history", "/logout",
  "/checkout", "/buynow", "/support-tickets", "/support-tickets/new", "/support-tickets?status=completed",
];
/** A small real PDF, sent with the crawl's support ticket so its page lists an attachment. */
const RECEIPT = "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n";

interface Visitor {
  name: string;
  cookies: Map<string, string>;
}

interface Page {
  visitor: string;
  url: string;
  status: number;
  html: string;
}

const pattern = (url: string) =>
  url.split("?")[0].replace(/\/\d+(?=\/|$)/g, "/{id}").replace(/^\/(blog|page|flash-sale)\/[^/]+/, "/$1/{slug}");

describe.skipIf(!built)("every page a crawl reaches is valid HTML and keeps the form rules", () => {
  let server: RunningServer;
  const pages: Page[] = [];
  let ticketPath = "";
  let checkerMessages: Array<{ page: Page; line: number; message: string; extract: string }> = [];

  const cookieHeader = (visitor: Visitor) => [...visitor.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  const keepCookies = (visitor: Visitor, response: Response) => {
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(";");
      const at = pair.indexOf("=");
      visitor.cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
  };

  async function request(visitor: Visitor, url: string, body?: Array<[string, string]>) {
    const response = await fetch(`${server.base}${url}`, {
      method: body ? "POST" : "GET",
      body: body ? new URLSearchParams(body) : undefined,
      redirect: "manual",
      headers: { Cookie: cookieHeader(visitor), Origin: server.base },
    });
    keepCookies(visitor, response);
    return response;
  }

  /** Follows redirects as a browser does (a 303 becomes a GET); the final page. */
  async function visit(visitor: Visitor, url: string, body?: Array<[string, string]>) {
    let response = await request(visitor, url, body);
    let at = url;
    for (let hops = 0; response.status >= 300 && response.status < 400 && hops < 5; hops++) {
      const next = new URL(response.headers.get("Location")!, `${server.base}${at}`);
      at = next.pathname + next.search;
      response = await request(visitor, at);
    }
    return { url: at, status: response.status, html: await response.text() };
  }

  /** Submits the form whose text contains `formText` on `url`, pressing the button labelled `button`. */
  async function submit(visitor: Visitor, url: string, formText: RegExp, button: RegExp, fill: Record<string, string> = {}) {
    const page = await visit(visitor, url);
    const form = formsOf(page.html).find((candidate) => formText.test(candidate.text));
    if (!form) throw new Error(`no form matching ${formText} on ${url}`);
    const pressed = form.controls.find((control) => button.test(control.label));
    const fields = successfulControls(form, pressed).map(([name, value]): [string, string] => [name, fill[name] ?? value]);
    for (const [name, value] of Object.entries(fill)) if (!fields.some(([field]) => field === name)) fields.push([name, value]);
    return visit(visitor, new URL(form.action || url, `${server.base}${url}`).pathname, fields);
  }

  /** Follows the links of every page from the seeds (only those under `within`, when given). */
  async function crawl(visitor: Visitor, seeds: string[], within = "/") {
    const seen = new Set<string>();
    const perPattern = new Map<string, number>();
    const queue = [...seeds];
    while (queue.length) {
      const url = queue.shift()!;
      if (seen.has(url) || NOT_PAGES.test(url)) continue;
      const key = pattern(url);
      const visits = perPattern.get(key) ?? 0;
      if (visits >= PER_PATTERN && !seeds.includes(url)) continue;
      seen.add(url);
      perPattern.set(key, visits + 1);
      const response = await request(visitor, url);
      if (response.status >= 300 && response.status < 400) {
        const location = new URL(response.headers.get("Location")!, `${server.base}${url}`);
        if (location.origin === server.base) queue.push(location.pathname + location.search);
        continue;
      }
      const html = await response.text();
      pages.push({ visitor: visitor.name, url, status: response.status, html });
      if ((response.headers.get("Content-Type") ?? "").startsWith("text/html")) {
        queue.push(...linksOf(html, `${server.base}${url}`).filter((link) => link.startsWith(within)));
      }
    }
  }

  async function signInAndOrder(visitor: Visitor) {
    const customer = DEMO_CUSTOMERS[0];
    await submit(visitor, "/login", /Password/, /^Login$/, { phone: customer.email, password: DEMO_PASSWORD });
    await submit(visitor, "/manage-address/new", /Recipient name/, /Save Address/, {
      name: customer.name, phone: "5550100001", address_line: "1 Crawl Street", area: "Springfield",
    });
    // A product with options, so the page shows the choices and 'Update price'.
    const listing = await visit(visitor, "/products?color_id=1");
    const productPath = linksOf(listing.html, server.base).find((link) => /^\/products\/\d+\/details$/.test(link))!;
    await submit(visitor, productPath, /Add to Cart/, /^Add to Cart/);
    // Its heart: /wishlist and the dashboard then list a product, and its hearts show 'Remove … from wishlist'.
    const hearted = await submit(visitor, productPath, /to wishlist$/, /to wishlist$/);
    expect(hearted.html, "the product is in the wishlist").toMatch(/Remove [^<]+ from wishlist/);
    const cart = await visit(visitor, "/cart");
    const shopForm = formsOf(cart.html).find((form) => form.action === "/cart/select-shop")!;
    await visit(visitor, "/cart/select-shop", successfulControls(shopForm));
    await submit(visitor, "/cart", /Proceed to Checkout/, /Proceed to Checkout/);
    const placed = await submit(visitor, "/checkout", /Place Order/, /Place Order/, { payment_method: "cash" });
    expect(placed.url, "a cash order is placed").toMatch(/^\/order-confirmation\/\d+$/);
    // An unpaid online order: Make Payment on its pages, and the test gateway's page.
    await submit(visitor, productPath, /Add to Cart/, /^Add to Cart/);
    await visit(visitor, "/cart/select-shop", successfulControls(shopForm));
    await submit(visitor, "/cart", /Proceed to Checkout/, /Proceed to Checkout/);
    const online = await submit(visitor, "/checkout", /Place Order/, /Place Order/, { payment_method: "test" });
    expect(online.url, "the online order goes to the gateway's page").toMatch(/^\/payments\/test\//);
    return [placed.url, online.url];
  }

  /** A digital product bought with Buy Now (no address asked), for the admin to mark paid: its licence and downloads. */
  async function buyDigital(visitor: Visitor) {
    const listing = await visit(visitor, "/digital-products");
    const productPath = linksOf(listing.html, server.base).find((link) => /^\/products\/\d+\/details$/.test(link))!;
    await submit(visitor, productPath, /Buy Now/, /^Buy Now/);
    const placed = await submit(visitor, "/buynow", /Place Order/, /Place Order/, { payment_method: "cash" });
    expect(placed.url, "a digital order is placed without an address").toMatch(/^\/order-confirmation\/\d+$/);
    const history = await visit(visitor, "/digital-product-order-history");
    return Number(history.html.match(/href="\/digital-product-order-history\/(\d+)"/)![1]);
  }

  /** A support ticket about the order, opened through its form as a browser sends it (multipart, with a PDF). */
  async function openTicket(visitor: Visitor, orderId: string) {
    const form = formsOf((await visit(visitor, "/support-tickets/new")).html).find((candidate) => /Open Ticket/.test(candidate.text))!;
    const body = new FormData();
    for (const [name, value] of successfulControls(form)) body.set(name, value);
    for (const [name, value] of Object.entries({ issue_type: "3", subject: "A crawl's question", message: "Where is my parcel?", order_number: orderId })) body.set(name, value);
    body.append("attachments", new Blob([RECEIPT], { type: "application/pdf" }), "receipt.pdf");
    const response = await fetch(`${server.base}/support-tickets/new`, { method: "POST", body, redirect: "manual", headers: { Cookie: cookieHeader(visitor), Origin: server.base } });
    keepCookies(visitor, response);
    expect(response.status, "the ticket is opened").toBe(303);
    return response.headers.get("Location")!;
  }

  beforeAll(async () => {
    if (!hasJava) return;
    server = await startServer({ PAYMENT_TEST_GATEWAY: "1", AUTH_POSTS_PER_MINUTE: "10000", APP_ENV: "testing" });
    const visitors = {
      guest: { name: "guest, en", cookies: new Map() },
      guestArabic: { name: "guest, ar", cookies: new Map() },
      customer: { name: "signed in, en", cookies: new Map() },
      customerArabic: { name: "signed in, ar", cookies: new Map() },
      admin: { name: "console, en", cookies: new Map() },
      adminArabic: { name: "console, ar", cookies: new Map() },
    } satisfies Record<string, Visitor>;
    const orderPages = await signInAndOrder(visitors.customer);
    const orderId = orderPages[0].match(/\d+$/)![0];
    const digitalId = await buyDigital(visitors.customer);
    await submit(visitors.admin, "/login", /Password/, /^Login$/, { phone: "admin@example.com", password: DEMO_PASSWORD });
    await submit(visitors.admin, `/shop-console/orders/${digitalId}`, /Mark as Paid/, /^Mark as Paid$/);
    // A ticket the admin has answered and confirmed: both sides of its conversation, and its next steps.
    ticketPath = await openTicket(visitors.customer, orderId);
    const consoleTicket = ticketPath.replace("/support-ticket/", "/shop-console/tickets/");
    await submit(visitors.admin, consoleTicket, /Send Reply/, /^Send Reply$/, { message: "It is on its way." });
    await submit(visitors.admin, consoleTicket, /^Confirm$/, /^Confirm$/);
    // A chat with the first shop about a product, with a link in it: the messages screen and the console's.
    const shops = await visit(visitors.customer, "/shops");
    const shopPath = linksOf(shops.html, server.base).find((link) => /^\/shops\/\d+$/.test(link))!;
    const chatPath = `/massages?shop=${shopPath.split("/")[2]}`;
    await submit(visitors.customer, chatPath, /Send/, /^Send$/, { message: "Is this the one on https://example.com/item? <b>Thanks</b>" });
    const accountPages = [
      chatPath, "/massages",
      ...orderPages, "/manage-address", `/order-history/${orderId}/cancel`, `/order-history/${orderId}/invoice`,
      "/digital-product-order-history", `/digital-product-order-history/${digitalId}`, `/order-history/${digitalId}`, ticketPath,
    ];
    for (const [name, value] of visitors.customer.cookies) visitors.customerArabic.cookies.set(name, value);
    for (const visitor of [visitors.guestArabic, visitors.customerArabic]) {
      await visit(visitor, "/preferences", [["locale", "ar"], ["redirectTo", "/"]]);
    }
    await crawl(visitors.guest, SEEDS);
    await crawl(visitors.guestArabic, SEEDS);
    await crawl(visitors.customer, [...SEEDS, ...ACCOUNT_SEEDS, ...accountPages]);
    // A refused form is a page too: its messages beside the fields, what was typed kept.
    const refused = await submit(visitors.customer, "/support-tickets/new", /Open Ticket/, /^Open Ticket$/, { subject: "Hi" });
    expect(refused.html, "the refused ticket says what the subject needs").toContain("The subject must be 3 to 150 characters.");
    pages.push({ visitor: visitors.customer.name, url: `${refused.url} (refused)`, status: refused.status, html: refused.html });
    await crawl(visitors.customerArabic, [...SEEDS, ...ACCOUNT_SEEDS, ...accountPages]);
    // The shop console, as the platform admin (who sees the customer's orders whatever their shop).
    for (const [name, value] of visitors.admin.cookies) visitors.adminArabic.cookies.set(name, value);
    await visit(visitors.adminArabic, "/preferences", [["locale", "ar"], ["redirectTo", "/shop-console"]]);
    for (const visitor of [visitors.admin, visitors.adminArabic]) {
      await crawl(visitor, [
        "/shop-console", "/shop-console/orders", `/shop-console/orders/${orderId}`, `/shop-console/orders?q=${orderId}`,
        "/shop-console/tickets", ticketPath.replace("/support-ticket/", "/shop-console/tickets/"), `/shop-console/tickets?q=${ticketPath.slice(-9)}`,
        "/shop-console/messages",
      ], "/shop-console");
    }

    const folder = fs.mkdtempSync(path.join(os.tmpdir(), "bazaar-pages-"));
    const files = pages.map((page, index) => {
      const file = path.join(folder, `page-${index}.html`);
      fs.writeFileSync(file, page.html);
      return file;
    });
    // One run of the checker for every page: it takes seconds to start.
    const result = spawnSync("java", ["-jar", VNU_JAR, "--errors-only", "--format", "json", "--exit-zero-always", ...files], {
      encoding: "utf8",
      maxBuffer: 64 * 1024 * 1024,
    });
    const report = JSON.parse(result.stderr || "{}") as { messages?: Array<{ url?: string; type: string; lastLine?: number; message: string; extract?: string }> };
    checkerMessages = (report.messages ?? [])
      .filter((message) => message.type === "error" || message.type === "non-document-error")
      .map((message) => ({
        page: pages[Number(message.url?.match(/page-(\d+)\.html$/)?.[1])],
        line: message.lastLine ?? 0,
        message: message.message,
        extract: (message.extract ?? "").replace(/\s+/g, " ").slice(0, 160),
      }));
    fs.rmSync(folder, { recursive: true, force: true });
  }, 300_000);

  afterAll(() => server?.stop());

  it("has Java for the Nu HTML checker", () => {
    expect(hasJava, "Java is needed for the Nu HTML checker (vnu-jar): apt-get install default-jre-headless").toBe(true);
    expect(fs.existsSync(VNU_JAR), "node_modules/vnu-jar is missing: npm install").toBe(true);
    expect(execFileSync("java", ["-jar", VNU_JAR, "--version"], { encoding: "utf8" }).trim()).toMatch(/^\d/);
  });

  it.skipIf(!hasJava)("crawls the whole shop: guest and signed in, English and Arabic, with order pages", () => {
    const visited = (visitor: string) => pages.filter((page) => page.visitor === visitor);
    for (const visitor of ["guest, en", "guest, ar", "signed in, en", "signed in, ar"]) {
      expect(visited(visitor).length, `pages crawled as ${visitor}`).toBeGreaterThan(30);
    }
    const signedIn = visited("signed in, ar").map((page) => pattern(page.url));
    for (const route of [
      "/order-history/{id}", "/order-history/{id}/invoice", "/order-confirmation/{id}", "/checkout", "/manage-address/{id}/edit",
      "/digital-product-order-history/{id}",
    ]) {
      expect(signedIn, `a signed-in crawl reaches ${route}`).toContain(route);
    }
    expect(visited("guest, ar")[0].html).toContain('dir="rtl"');
    expect(visited("console, ar").map((page) => pattern(page.url))).toContain("/shop-console/orders/{id}");
    const ticketNumber = ticketPath.slice("/support-ticket/".length);
    for (const visitor of ["signed in, en", "signed in, ar"]) {
      expect(visited(visitor).map((page) => page.url), `${visitor} reaches the ticket pages`).toEqual(
        expect.arrayContaining(["/support-tickets", "/support-tickets/new", ticketPath]),
      );
    }
    const ticketPage = visited("signed in, en").find((page) => page.url === ticketPath)!;
    expect(ticketPage.html, "the ticket page lists its attachment and the admin's answer").toMatch(/receipt\.pdf[\s\S]*It is on its way\./);
    expect(visited("console, ar").map((page) => page.url)).toContain(`/shop-console/tickets/${ticketNumber}`);
    const chat = visited("signed in, en").find((page) => page.url.startsWith("/massages?shop="))!;
    expect(chat.html, "the message's link is a safe link, its markup text").toContain('href="https://example.com/item" target="_blank" rel="noopener noreferrer nofollow"');
    expect(chat.html).toContain("&lt;b&gt;Thanks&lt;/b&gt;");
    expect(visited("console, ar").map((page) => pattern(page.url))).toContain("/shop-console/messages");
    expect(visited("console, ar").every((page) => page.status === 200 && page.html.includes('dir="rtl"'))).toBe(true);
    const digitalOrder = visited("signed in, en").find((page) => pattern(page.url) === "/digital-product-order-history/{id}")!;
    expect(digitalOrder.html, "the paid digital order shows its licence key").toMatch(/BZ-[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}/);
    expect(pages.filter((page) => page.status >= 500).map((page) => `${page.visitor} ${page.url}: ${page.status}`)).toEqual([]);
  });

  it.skipIf(!hasJava)("no page has a Nu HTML checker error", () => {
    const errors = checkerMessages.map(({ page, line, message, extract }) => `${page.visitor} ${page.url} line ${line}: ${message} «${extract}»`);
    expect([...new Set(errors)]).toEqual([]);
  });

  it.skipIf(!hasJava)("every POST form carries a named control, and no control uses form=, formaction or formmethod", () => {
    const problems = pages.flatMap((page) => formRuleProblems(page.html).map((problem) => `${page.visitor} ${page.url}: ${problem}`));
    expect([...new Set(problems)]).toEqual([]);
  });
});
