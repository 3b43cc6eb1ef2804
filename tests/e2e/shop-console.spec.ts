import { execFileSync } from "node:child_process";
import path from "node:path";
import Database from "better-sqlite3";
import type { Page } from "@playwright/test";
import type { MadeOrder } from "../integration/support/orders";
import { expect, serverEnv, test } from "./fixtures";
import { readInArabic, signInAs, signInByEmail } from "./session";

/** Orders placed straight in the e2e database by tests/e2e/support/make-order.ts, of the given staff's shop. */
function makeOrderForShopOf(staffEmail: string, customer: string, ...options: string[]): { email: string; order: MadeOrder; products: { id: number; name: string; quantity: number }[] } {
  const output = execFileSync("node_modules/.bin/tsx", ["tests/e2e/support/make-order.ts", "--new-customer", customer, "--shop-of", staffEmail, ...options], {
    env: { ...process.env, ...serverEnv() },
    encoding: "utf8",
  });
  const made = JSON.parse(output) as { email: string; orders: MadeOrder[]; products: { id: number; name: string; quantity: number }[] };
  return { email: made.email, order: made.orders[0], products: made.products };
}

const toast = (page: Page) => page.getByRole("status");

function stockOf(productId: number): number {
  const db = new Database(path.resolve(serverEnv().DATABASE_URL.replace(/^file:/, "")), { readonly: true });
  try {
    return (db.prepare("SELECT quantity FROM products WHERE id = ?").get(productId) as { quantity: number }).quantity;
  } finally {
    db.close();
  }
}

test.describe("the shop console", () => {
  // Each test walks many pages as two or three people and checks every state with axe.
  test.slow();

  test("is Page Not Found for guests, customers and other shops' staff; the admin reaches every shop", async ({ page, context, baseURL, checkA11y }) => {
    const { order } = makeOrderForShopOf("seller@example.com", "Console Stranger");
    const urls = ["/shop-console", "/shop-console/orders", `/shop-console/orders/${order.id}`];

    for (const url of urls) expect((await page.goto(url))?.status(), `a guest on ${url}`).toBe(404);
    await signInAs(context, baseURL!, 1);
    for (const url of urls) expect((await page.goto(url))?.status(), `a customer on ${url}`).toBe(404);
    const posted = await context.request.post(`${baseURL}/shop-console/orders/${order.id}`, { form: { intent: "advance", to: "Confirm" }, maxRedirects: 0 });
    expect(posted.status(), "a customer's post").toBe(404);

    await signInByEmail(context, baseURL!, "seller2@example.com");
    expect((await page.goto("/shop-console"))?.status()).toBe(200);
    expect((await page.goto(`/shop-console/orders/${order.id}`))?.status(), "another shop's staff").toBe(404);
    const theirs = await context.request.post(`${baseURL}/shop-console/orders/${order.id}`, { form: { intent: "cancel" }, maxRedirects: 0 });
    expect(theirs.status(), "another shop's staff posting").toBe(404);
    await page.goto(`/shop-console/orders?q=${order.id}`);
    await expect(page.getByRole("main")).toContainText(`No order numbered ${order.id}.`);

    const landing = await signInByEmail(context, baseURL!, "admin@example.com");
    expect(landing, "staff start in the console").toBe("/shop-console");
    await page.goto("/shop-console");
    await expect(page.getByRole("heading", { level: 1, name: "Every shop" })).toBeVisible();
    await checkA11y();
    await page.goto(`/shop-console/orders/${order.id}`);
    await expect(page.getByRole("heading", { level: 1, name: `Order #${order.id}` })).toBeVisible();
    await expect(page.getByRole("main")).toContainText("Console Stranger");
    await checkA11y();
    // Nothing was moved by the refused posts.
    await expect(page.getByRole("main").getByRole("button", { name: "Confirm" })).toBeVisible();
  });

  test("the seller moves an order step by step to Delivered; the shopper is told and sees the timeline", async ({ page, context, baseURL, checkA11y }) => {
    const { email, order, products } = makeOrderForShopOf("seller@example.com", "Timeline Shopper");
    await signInByEmail(context, baseURL!, "seller@example.com");

    await page.goto("/shop-console");
    const shopLink = page.getByRole("main").getByRole("link", { name: /^See .+ on the store$/ });
    await expect(shopLink).toHaveAttribute("href", /^\/shops\/\d+$/);
    await checkA11y();

    await page.goto("/shop-console/orders");
    await page.getByRole("searchbox", { name: "Order number" }).fill(String(order.id));
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(new RegExp(`/shop-console/orders\\?q=${order.id}$`));
    const row = page.getByRole("row").filter({ hasText: "Timeline Shopper" });
    await expect(row).toHaveCount(1);
    await expect(page.getByRole("navigation", { name: "Orders by status" }).getByRole("link", { name: /^Pending/ })).toContainText("1");
    await checkA11y();
    await row.getByRole("link", { name: `View order #${order.id}` }).click();
    await expect(page).toHaveURL(new RegExp(`/shop-console/orders/${order.id}$`));
    await expect(page.getByRole("main")).toContainText(products[0].name);
    await expect(page.getByRole("main")).toContainText(email);

    const main = page.getByRole("main");
    const steps: [string, string][] = [["Confirm", "Confirmed"], ["Processing", "Processing"], ["Pickup", "Picked Up"], ["On The Way", "On The Way"], ["Delivered", "Delivered"]];
    for (const [button, status] of steps) {
      await main.getByRole("button", { name: button, exact: true }).click();
      await expect(toast(page)).toContainText(`Order #${order.id} is now ${status}.`);
      await expect(page.getByRole("region", { name: "Order timeline" }).getByRole("listitem").last()).toContainText(status);
    }
    await expect(main.getByText("This order needs nothing more from the shop.")).toBeVisible();
    await expect(main.getByRole("button", { name: "Cancel" })).toHaveCount(0);
    await expect(main).toContainText("Paid"); // cash on delivery is paid once delivered
    await checkA11y();

    // An older page's button (a double post) moves nothing and says why.
    const again = await context.request.post(`${baseURL}/shop-console/orders/${order.id}`, { form: { intent: "advance", to: "Delivered" }, maxRedirects: 0 });
    expect(again.status()).toBe(303);
    await page.goto(`/shop-console/orders/${order.id}`);
    await expect(toast(page)).toContainText("This order has moved on since the page was shown");

    await signInByEmail(context, baseURL!, email, { openLanding: false });
    await page.goto(`/order-history/${order.id}`);
    await expect(toast(page)).toContainText(`Order #${order.id} is now Delivered.`);
    const timeline = page.getByRole("region", { name: "Order timeline" }).getByRole("listitem");
    await expect(timeline).toHaveText([/^Pending/, /^Confirmed/, /^Processing/, /^Picked Up/, /^On The Way/, /^Delivered/]);
    await checkA11y();
    // Told once.
    await page.goto("/order-history");
    await expect(toast(page)).not.toContainText(`Order #${order.id} is now`);
  });

  test("cancelling from the console restocks; in Arabic the console reads right to left", async ({ page, context, baseURL, checkA11y }) => {
    const { email, order, products } = makeOrderForShopOf("seller@example.com", "Cancelled Shopper");
    await signInByEmail(context, baseURL!, "seller@example.com");
    await readInArabic(context, baseURL!);

    await page.goto(`/shop-console/orders/${order.id}`);
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.getByRole("heading", { level: 1 })).toContainText(String(order.id));
    await checkA11y();
    await page.getByRole("main").getByRole("button", { name: "إلغاء" }).click();
    await expect(toast(page)).toContainText(`تم إلغاء الطلب رقم ${order.id}.`);
    await expect(page.getByRole("main").getByRole("button", { name: "إلغاء" })).toHaveCount(0);
    await checkA11y();
    expect(stockOf(products[0].id), "the cancelled unit is back in stock").toBe(products[0].quantity + 1);

    await context.clearCookies();
    await signInByEmail(context, baseURL!, email, { openLanding: false });
    await readInArabic(context, baseURL!);
    await page.goto(`/order-history/${order.id}`);
    await expect(toast(page)).toContainText(`ألغى المتجر الطلب رقم ${order.id}.`);
    await expect(page.getByRole("region", { name: "مراحل الطلب" }).getByRole("listitem")).toHaveCount(2);
    await checkA11y();
  });

  test("Order Again puts a delivered order's items back in the cart, at today's price", async ({ page, context, baseURL, checkA11y }) => {
    const { email, order, products } = makeOrderForShopOf("seller@example.com", "Again Shopper", "--status", "Delivered");
    await signInByEmail(context, baseURL!, email, { openLanding: false });
    await page.goto(`/order-history/${order.id}`);
    await page.getByRole("main").getByRole("button", { name: "Order Again" }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(toast(page)).toContainText("1 item of the order is in your cart, at today's price.");
    await expect(page.getByRole("main")).toContainText(products[0].name);
    await checkA11y();
  });
});
