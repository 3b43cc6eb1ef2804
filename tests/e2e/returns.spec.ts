import { execFileSync } from "node:child_process";
import type { MadeOrder } from "../integration/support/orders";
import { expect, serverEnv, test } from "./fixtures";
import { readInArabic, signInByEmail } from "./session";

/** A delivered order of the first shop for a new customer, placed straight in the e2e database. */
function deliveredOrder(customer: string): { email: string; order: MadeOrder; products: { id: number; name: string; quantity: number }[] } {
  const output = execFileSync(
    "node_modules/.bin/tsx",
    ["tests/e2e/support/make-order.ts", "--new-customer", customer, "--shop-of", "seller@example.com", "--status", "Delivered", "--quantity", "2"],
    { env: { ...process.env, ...serverEnv() }, encoding: "utf8" },
  );
  const made = JSON.parse(output) as { email: string; orders: MadeOrder[]; products: { id: number; name: string; quantity: number }[] };
  return { email: made.email, order: made.orders[0], products: made.products };
}

test.describe("returns", () => {
  test.slow();

  test("the customer returns an item within the window; the seller approves and refunds; the history says Refunded", async ({ page, context, baseURL, checkA11y }) => {
    const { email, order, products } = deliveredOrder("Return Shopper");
    await signInByEmail(context, baseURL!, email);

    await page.goto(`/order-history/${order.id}`);
    await page.getByRole("link", { name: "Return Product" }).click();
    await expect(page).toHaveURL(new RegExp(`/return-product/${order.id}$`));
    await expect(page.getByText(/Items can be returned within 3 days of delivery/)).toBeVisible();
    // Nothing chosen and nothing said: each field says what it needs, nothing is stored.
    await page.getByRole("textbox", { name: "Reason for the return" }).fill("Too small.");
    await page.getByRole("textbox", { name: "Bank name" }).fill("First Bank");
    await page.getByRole("textbox", { name: "Account number" }).fill("DE89 3704 0044 0532 0130 00");
    await page.getByRole("textbox", { name: "Return address (where the shop picks it up)" }).fill("1 Return Road, Springfield");
    await page.getByRole("button", { name: "Request Return" }).click();
    await expect(page.getByText("Choose at least one item and how many to return.")).toBeVisible();
    await checkA11y();

    await page.getByRole("combobox", { name: new RegExp(`^Quantity to return ?: ${products[0].name}$`) }).selectOption("1");
    await page.getByRole("button", { name: "Request Return" }).click();
    await expect(page).toHaveURL(/\/returned-order-history\/\d+$/);
    const returnId = page.url().match(/(\d+)$/)![1];
    await expect(page.getByRole("status")).toContainText(`Return #${returnId} has been requested.`);
    await expect(page.getByRole("main")).toContainText("Pending");
    await checkA11y();

    await signInByEmail(context, baseURL!, "seller@example.com");
    await page.goto("/shop-console/returns");
    await page.getByRole("link", { name: "View Details" }).first().click();
    await expect(page).toHaveURL(new RegExp(`/shop-console/returns/${returnId}$`));
    await expect(page.getByRole("main")).toContainText("Return Shopper");
    await checkA11y();
    await page.getByRole("button", { name: "Approve" }).click();
    await expect(page.getByRole("status")).toContainText(`Return #${returnId} is now Approved.`);
    await page.getByRole("button", { name: "Refund" }).click();
    await expect(page.getByRole("status")).toContainText(`Return #${returnId} is now Refunded.`);
    await expect(page.getByText("This return needs nothing more from the shop.")).toBeVisible();

    await signInByEmail(context, baseURL!, email);
    await page.goto("/returned-order-history?status=refunded");
    await expect(page.getByRole("heading", { level: 2, name: `Return #${returnId}` })).toBeVisible();
    await checkA11y();
    // Someone else's return is not found.
    await signInByEmail(context, baseURL!, "customer2@example.com");
    expect((await page.goto(`/returned-order-history/${returnId}`))?.status()).toBe(404);
    expect((await page.goto(`/return-product/${order.id}`))?.status()).toBe(404);
  });

  test("in Arabic the return form reads right to left, with its messages in Arabic", async ({ page, context, baseURL, checkA11y }) => {
    const { email, order, products } = deliveredOrder("Arabic Returner");
    await signInByEmail(context, baseURL!, email);
    await readInArabic(context, baseURL!);
    await page.goto(`/return-product/${order.id}`);
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.getByRole("heading", { level: 1, name: `إرجاع منتجات الطلب رقم ${order.id}` })).toBeVisible();
    await expect(page.getByText(/يمكن إرجاع المنتجات خلال 3 أيام من التسليم/)).toBeVisible();
    await page.getByRole("button", { name: "طلب الإرجاع" }).click();
    await expect(page.getByText("اذكر سبب إرجاع المنتجات (5 أحرف على الأقل).")).toBeVisible();
    await checkA11y();

    await page.getByRole("combobox", { name: new RegExp(`^الكمية المرتجعة ?: ${products[0].name}$`) }).selectOption("2");
    await page.getByRole("textbox", { name: "سبب الإرجاع" }).fill("المقاس غير مناسب.");
    await page.getByRole("textbox", { name: "اسم البنك" }).fill("البنك الأول");
    await page.getByRole("textbox", { name: "رقم الحساب" }).fill("SA03 8000 0000 6080 1016 7519");
    await page.getByRole("textbox", { name: "عنوان الإرجاع (حيث يستلمه المتجر)" }).fill("١ شارع الإرجاع، الرياض");
    await page.getByRole("button", { name: "طلب الإرجاع" }).click();
    await expect(page).toHaveURL(/\/returned-order-history\/\d+$/);
    await expect(page.getByRole("status")).toContainText(/تم طلب الإرجاع رقم \d+/);
    await expect(page.getByRole("main")).toContainText("قيد الانتظار");
    await checkA11y();
    await page.goto("/returned-order-history");
    await expect(page.getByRole("heading", { level: 1, name: "طلبات الإرجاع" })).toBeVisible();
    await checkA11y();
  });
});
