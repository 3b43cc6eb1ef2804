import { execFileSync } from "node:child_process";
import path from "node:path";
import Database from "better-sqlite3";
import { DEMO_PASSWORD } from "../../app/db/seed/content";
import type { MadeOrder } from "../integration/support/orders";
import { expect, serverEnv, test } from "./fixtures";
import { readInArabic, signInByEmail } from "./session";


/** A delivered order of a new customer, placed straight in the e2e database. */
function deliveredOrder(customer: string): { email: string; order: MadeOrder; products: { id: number; name: string }[] } {
  const output = execFileSync("node_modules/.bin/tsx", ["tests/e2e/support/make-order.ts", "--new-customer", customer, "--status", "Delivered"], {
    env: { ...process.env, ...serverEnv() },
    encoding: "utf8",
  });
  const made = JSON.parse(output) as { email: string; orders: MadeOrder[]; products: { id: number; name: string }[] };
  return { email: made.email, order: made.orders[0], products: made.products };
}

test.describe("reviews of delivered items", () => {
  test.slow();

  test("Write a Review: a rating is required, the review shows on the product at once, and only once per item", async ({ page, context, baseURL, jsEnabled, checkA11y }) => {
    const stamp = `${Date.now()}`.slice(-6);
    const { email, order, products } = deliveredOrder(`Reviewer ${stamp}`);
    const response = await context.request.post(`${baseURL}/login`, { form: { phone: email, password: DEMO_PASSWORD, redirectTo: "/" }, maxRedirects: 0 });
    expect(response.status()).toBe(303);
    // The guest page cache holds the product page as it was.
    await context.request.get(`${baseURL}/products/${products[0].id}/details`);

    await page.goto(`/order-history/${order.id}`);
    await page.getByRole("link", { name: new RegExp(`^Write a Review ?: ${products[0].name}$`) }).click();
    const form = jsEnabled ? page.getByRole("dialog", { name: "Write a Review" }) : page.getByRole("main");
    if (!jsEnabled) await expect(page).toHaveURL(new RegExp(`/order-history/${order.id}/review/\\d+$`));
    await expect(form.getByRole("group", { name: "Your rating" })).toBeVisible();
    await checkA11y();

    const text = `Sturdy and exactly as described ${stamp}.`;
    await form.getByRole("textbox", { name: "Your review (optional)" }).fill(text);
    await form.getByRole("button", { name: "Submit Review" }).click();
    await expect(form.getByText("Choose from 1 to 5 stars.")).toBeVisible();
    await checkA11y();

    await form.getByRole("radio", { name: "4 stars" }).check();
    await form.getByRole("button", { name: "Submit Review" }).click();
    await expect(page).toHaveURL(new RegExp(`/order-history/${order.id}$`));
    await expect(page.getByRole("status")).toContainText("Thank you! Your review is published.");
    await expect(page.getByText("You reviewed this item.")).toBeVisible();
    await expect(page.getByRole("link", { name: /^Write a Review/ })).toHaveCount(0);

    // A second review of the same item is refused.
    const again = await context.request.post(`${baseURL}/order-history/${order.id}/review/${itemIdOf(order.id)}`, { form: { rating: "5", intent: "review" } });
    expect(again.status()).toBe(400);

    // A guest sees it on the product page at once.
    await context.clearCookies();
    await page.goto(`/products/${products[0].id}/details`);
    await expect(page.getByText(text)).toBeVisible();
    await checkA11y();
  });

  test("in Arabic the review form reads right to left and says what is missing in Arabic", async ({ page, context, baseURL, jsEnabled, checkA11y }) => {
    const { email, order, products } = deliveredOrder("Arabic Reviewer");
    await signInByEmail(context, baseURL!, email);
    await readInArabic(context, baseURL!);
    await page.goto(`/order-history/${order.id}`);
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await page.getByRole("link", { name: new RegExp(`^اكتب تقييمًا ?: ${products[0].name}$`) }).click();
    const form = jsEnabled ? page.getByRole("dialog", { name: "اكتب تقييمًا" }) : page.getByRole("main");
    await form.getByRole("button", { name: "إرسال التقييم" }).click();
    await expect(form.getByText("اختر من نجمة إلى خمس نجوم.")).toBeVisible();
    await checkA11y();
    await form.getByRole("radio", { name: "5 نجوم" }).check();
    await form.getByRole("button", { name: "إرسال التقييم" }).click();
    await expect(page.getByRole("status")).toContainText("شكرًا لك! تم نشر تقييمك.");
    await expect(page.getByText("لقد قيّمت هذا المنتج.")).toBeVisible();
    await checkA11y();
  });
});

/** The order's (only) item id, from the database: the page no longer links to its review form. */
function itemIdOf(orderId: number): number {
  const db = new Database(path.resolve(serverEnv().DATABASE_URL.replace(/^file:/, "")), { readonly: true });
  try {
    return (db.prepare("SELECT id FROM order_items WHERE order_id = ?").get(orderId) as { id: number }).id;
  } finally {
    db.close();
  }
}
