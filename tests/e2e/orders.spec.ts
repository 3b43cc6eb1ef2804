import { execFileSync } from "node:child_process";
import path from "node:path";
import Database from "better-sqlite3";
import type { BrowserContext, Page } from "@playwright/test";
import { DEMO_PASSWORD } from "../../app/db/seed/content";
import { formatMoney } from "../../app/lib/money";
import type { MadeOrder } from "../integration/support/orders";
import { expect, serverEnv, test } from "./fixtures";
import { readInArabic, signInAs } from "./session";

interface Made {
  userId: number;
  email: string | null;
  orders: MadeOrder[];
  products: { id: number; name: string; quantity: number }[];
}

/** Orders placed straight in the e2e database by tests/e2e/support/make-order.ts (see its options). */
function makeOrders(...args: string[]): Made {
  const output = execFileSync("node_modules/.bin/tsx", ["tests/e2e/support/make-order.ts", ...args], { env: { ...process.env, ...serverEnv() }, encoding: "utf8" });
  return JSON.parse(output) as Made;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const usd = (minorUnits: number) => formatMoney(minorUnits, { name: "USD", symbol: "$", rate_from_default: 1, position: "prefix" });

async function signInByEmail(context: BrowserContext, baseURL: string, email: string) {
  const response = await context.request.post(`${baseURL}/login`, { form: { phone: email, password: DEMO_PASSWORD, redirectTo: "/" }, maxRedirects: 0 });
  expect(response.status(), `sign-in of ${email}`).toBe(303);
  await skipWelcomeToast(context, baseURL);
}

/** Takes the sign-in's welcome toast off the next page: one fading out while axe runs would fail its contrast check. */
async function skipWelcomeToast(context: BrowserContext, baseURL: string) {
  await context.request.get(`${baseURL}/dashboard`);
}

const tabs = (page: Page) => page.getByRole("navigation", { name: "Orders by status" });
const orderCards = (page: Page) => page.getByRole("main").getByRole("heading", { level: 2, name: /^Order #\d+$/ });

function orderStatusInDatabase(orderId: number) {
  const db = new Database(path.resolve(serverEnv().DATABASE_URL.replace(/^file:/, "")), { readonly: true });
  try {
    return (db.prepare("SELECT status FROM orders WHERE id = ?").get(orderId) as { status: string }).status;
  } finally {
    db.close();
  }
}

test.describe("orders after placing", () => {
  // Each test walks several pages and checks every state with axe (a second browser page without JS).
  test.slow();

  test("a guest is sent home from the order pages", async ({ page }) => {
    for (const url of ["/order-history", "/order-history/1", "/order-history/1/cancel", "/order-history/1/invoice"]) {
      await page.goto(url);
      await expect(page).toHaveURL(/\/$/);
    }
  });

  test("history: tabs with counts, pages of ten, details with the right amounts, and the invoice", async ({ page, context, baseURL, jsEnabled, checkA11y }) => {
    const shopper = makeOrders("--new-customer", "Orders Shopper", "--count", "11");
    makeOrders("--user", String(shopper.userId), "--status", "Delivered", "--paid");
    const detailed = makeOrders("--user", String(shopper.userId), "--payment", "stripe", "--coupon", "--lines", "2", "--quantity", "2", "--note", "Ring twice, please");
    const order = detailed.orders[0];
    await signInByEmail(context, baseURL!, shopper.email!);

    await page.goto("/order-history");
    await expect(page).toHaveTitle("Order History - Bazaar");
    await expect(page.getByRole("navigation", { name: "Account menu" }).getByRole("link", { name: "Order History" })).toHaveAttribute("aria-current", "page");
    await expect(tabs(page).getByRole("link", { name: "All 13" })).toHaveAttribute("aria-current", "page");
    await expect(tabs(page).getByRole("link", { name: "Pending 12" })).toBeVisible();
    await expect(tabs(page).getByRole("link", { name: "Delivered 1" })).toBeVisible();
    await expect(tabs(page).getByRole("link", { name: "Cancelled 0" })).toBeVisible();
    await expect(page.getByText("13 orders")).toBeVisible();
    await expect(orderCards(page)).toHaveCount(10);
    // Newest first: the detailed order leads, with its shop, units, total and statuses.
    const newest = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: `Order #${order.id}` }) });
    await expect(newest).toContainText("4 items");
    await expect(newest).toContainText(usd(order.payable));
    await expect(newest).toContainText("Pending");
    await expect(newest).toContainText("Unpaid");
    await checkA11y();

    await tabs(page).getByRole("link", { name: "Pending 12" }).click();
    await expect(page).toHaveURL(/\/order-history\?status=pending$/);
    await expect(page.getByText("12 orders")).toBeVisible();
    await expect(orderCards(page)).toHaveCount(10);
    await page.getByRole("navigation", { name: "Pagination" }).getByRole("link", { name: "Page 2" }).click();
    await expect(page).toHaveURL(/status=pending&page=2$/);
    await expect(orderCards(page)).toHaveCount(2);
    await checkA11y();

    await tabs(page).getByRole("link", { name: "Delivered 1" }).click();
    await expect(orderCards(page)).toHaveCount(1);
    const delivered = page.getByRole("main").getByRole("listitem").filter({ has: page.getByRole("heading", { level: 2, name: /^Order #\d+$/ }) });
    await expect(delivered).toContainText("Delivered");
    await expect(delivered).toContainText("Paid");
    await tabs(page).getByRole("link", { name: "Cancelled 0" }).click();
    await expect(page.getByText("You have no orders with the status “Cancelled”.")).toBeVisible();
    await checkA11y();

    // Values a hand-made URL may carry are ignored, never an error.
    for (const url of ["/order-history?status=Shipped&page=abc", "/order-history?status=pending&page=-3", "/order-history?page=99999999999999999999"]) {
      const response = await page.goto(url);
      expect(response?.status(), url).toBe(200);
      await expect(orderCards(page).first()).toBeVisible();
    }

    await page.goto("/order-history");
    await newest.getByRole("link", { name: "View Details" }).click();
    await expect(page).toHaveURL(new RegExp(`/order-history/${order.id}$`));
    await expect(page).toHaveTitle(`Order #${order.id} - Bazaar`);
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1, name: `Order #${order.id}` })).toBeVisible();
    const [first, second] = detailed.products;
    await expect(main.getByRole("listitem").filter({ hasText: first.name })).toContainText("Color: Red · Size: XL");
    for (const [product, item] of [[first, order.items[0]], [second, order.items[1]]] as const) {
      await expect(main.getByRole("listitem").filter({ hasText: product.name }).getByRole("definition")).toHaveText([
        usd(item.unitPrice),
        String(item.quantity),
        usd(item.lineTotal),
      ]);
    }
    const summary = main.getByRole("region", { name: "Order Summary" });
    await expect(summary.getByRole("definition")).toHaveText([
      usd(order.subtotal),
      `−${usd(order.discount)}`,
      usd(order.deliveryCharge),
      usd(order.taxes[0].amount),
      usd(order.payable),
    ]);
    await expect(summary.getByRole("term")).toHaveText([
      "Subtotal",
      `Discount (coupon ${order.couponCode})`,
      "Shipping Charge",
      "VAT (5%)",
      "Total Payable",
    ]);
    await expect(main.getByRole("region", { name: "Shipping Address" })).toContainText("12 Market Street, Downtown 94105");
    await expect(main.getByRole("region", { name: "Payment" })).toContainText("Stripe");
    await expect(main.getByRole("region", { name: "Payment" })).toContainText("Unpaid");
    await expect(main.getByRole("region", { name: "Note" })).toContainText("Ring twice, please");
    await expect(main.getByRole("button", { name: "Make Payment" })).toBeVisible();
    await expect(main.getByRole("link", { name: "Cancel Order" })).toBeVisible();
    await checkA11y();

    await main.getByRole("link", { name: "View Invoice" }).click();
    await expect(page).toHaveURL(new RegExp(`/order-history/${order.id}/invoice$`));
    await expect(page).toHaveTitle(`Invoice #${order.id} - Bazaar`);
    const invoice = page.getByRole("main");
    await expect(invoice.getByRole("heading", { level: 1, name: "Invoice" })).toBeVisible();
    await expect(invoice.getByRole("region", { name: "Billed to" })).toContainText(shopper.email!);
    await expect(invoice.getByRole("row")).toHaveCount(3);
    for (const [product, item] of [[first, order.items[0]], [second, order.items[1]]] as const) {
      await expect(invoice.getByRole("row").filter({ hasText: product.name }).getByRole("cell")).toHaveText([
        new RegExp(escapeRegExp(product.name)),
        usd(item.unitPrice),
        String(item.quantity),
        usd(item.lineTotal),
      ]);
    }
    await expect(invoice).toContainText(usd(order.payable));
    await expect(invoice.getByRole("button", { name: "Print" })).toHaveCount(jsEnabled ? 1 : 0);
    await checkA11y();
  });

  test("cancelling asks first, then the order is Cancelled and its stock is back on the product page", async ({ page, context, baseURL, jsEnabled, checkA11y }) => {
    await signInAs(context, baseURL!, 1);
    await skipWelcomeToast(context, baseURL!);
    const made = makeOrders("--user", "1", "--quantity", "3");
    const order = made.orders[0];
    const [product] = made.products;

    await page.goto(`/products/${product.id}/details`);
    await expect(page.getByText(`${product.quantity} in stock`)).toBeVisible();

    await page.goto(`/order-history/${order.id}`);
    const main = page.getByRole("main");
    await expect(main.getByRole("button", { name: "Make Payment" })).toHaveCount(0); // cash on delivery
    await main.getByRole("link", { name: "Cancel Order" }).click();
    const confirm = jsEnabled ? page.getByRole("dialog", { name: "Cancel Order" }) : page.getByRole("main");
    if (jsEnabled) await expect(page).toHaveURL(new RegExp(`/order-history/${order.id}$`));
    else await expect(page).toHaveURL(new RegExp(`/order-history/${order.id}/cancel$`));
    await expect(confirm.getByText(`Do you really want to cancel order #${order.id}?`)).toBeVisible();
    await checkA11y();

    // Backing out changes nothing.
    if (jsEnabled) {
      await confirm.getByRole("button", { name: "No, Keep It" }).click();
      await expect(page.getByRole("dialog")).toHaveCount(0);
      await expect(main.getByRole("link", { name: "Cancel Order" })).toBeFocused();
    } else {
      await confirm.getByRole("link", { name: "No, Keep It" }).click();
      await expect(page).toHaveURL(new RegExp(`/order-history/${order.id}$`));
    }
    expect(orderStatusInDatabase(order.id)).toBe("Pending");

    await main.getByRole("link", { name: "Cancel Order" }).click();
    await confirm.getByRole("button", { name: "Yes, Cancel Order" }).click();
    await expect(page).toHaveURL(new RegExp(`/order-history/${order.id}$`));
    await expect(page.getByRole("status")).toContainText(`Order #${order.id} has been cancelled.`);
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(main.getByRole("region", { name: `Order #${order.id}` })).toContainText("Cancelled");
    await expect(main.getByText("Cancelled on")).toBeVisible();
    await expect(main.getByRole("link", { name: "Cancel Order" })).toHaveCount(0);
    await checkA11y();

    await page.goto(`/products/${product.id}/details`);
    await expect(page.getByText(`${product.quantity + 3} in stock`)).toBeVisible();

    // A second cancel (an old tab, a double post) is refused and restocks nothing.
    await page.goto(`/order-history/${order.id}/cancel`);
    await expect(page.getByRole("main")).toContainText(`Order #${order.id} is “Cancelled” and can no longer be cancelled.`);
    await expect(page.getByRole("button", { name: "Yes, Cancel Order" })).toHaveCount(0);
    const again = await page.request.post(`${baseURL}/order-history/${order.id}/cancel`, { maxRedirects: 0 });
    expect(again.status()).toBe(303);
    await page.goto(`/order-history/${order.id}`);
    await expect(page.getByRole("status")).toContainText("Only a pending order can be cancelled");
    await page.goto(`/products/${product.id}/details`);
    await expect(page.getByText(`${product.quantity + 3} in stock`)).toBeVisible();
  });

  test("another shopper's order is not found on any of its pages", async ({ page, context, baseURL }) => {
    const { orders } = makeOrders("--user", "1");
    const id = orders[0].id;
    await signInAs(context, baseURL!, 2);
    for (const url of [`/order-history/${id}`, `/order-history/${id}/cancel`, `/order-history/${id}/invoice`, "/order-history/abc", "/order-history/0/invoice"]) {
      const response = await page.goto(url);
      expect(response?.status(), url).toBe(404);
      await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
    }
    const post = await page.request.post(`${baseURL}/order-history/${id}/cancel`, { maxRedirects: 0 });
    expect(post.status()).toBe(404);
    expect(orderStatusInDatabase(id)).toBe("Pending");
  });

  test("in Arabic the history and the order read right to left", async ({ page, context, baseURL, checkA11y }) => {
    const shopper = makeOrders("--new-customer", "Arabic Orders", "--coupon");
    const order = shopper.orders[0];
    await readInArabic(context, baseURL!);
    await signInByEmail(context, baseURL!, shopper.email!);

    await page.goto("/order-history");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page).toHaveTitle("سجل الطلبات - Bazaar");
    await expect(page.getByRole("navigation", { name: "الطلبات حسب الحالة" }).getByRole("link", { name: "قيد الانتظار 1" })).toBeVisible();
    await expect(page.getByText("طلب واحد")).toBeVisible();
    await checkA11y();

    await page.getByRole("link", { name: "عرض التفاصيل" }).click();
    await expect(page.getByRole("heading", { level: 1, name: `الطلب رقم ${order.id}` })).toBeVisible();
    await expect(page.getByRole("region", { name: "ملخص الطلب" })).toContainText("المبلغ المستحق");
    await expect(page.getByRole("region", { name: "الدفع" })).toContainText("الدفع عند الاستلام");
    await checkA11y();

    await page.goto(`/order-history/${order.id}/invoice`);
    await expect(page.getByRole("heading", { level: 1, name: "فاتورة" })).toBeVisible();
    await checkA11y();
  });
});
