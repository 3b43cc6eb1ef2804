import path from "node:path";
import Database from "better-sqlite3";
import { expect, serverEnv, test } from "./fixtures";
import { signInAs, signInAsNewShopper } from "./session";
import { addAddressFromCheckout, addToCart, summaryAmount } from "./shopping";

/** An unpaid test-gateway order of the demo customer, written into the e2e server's database as checkout leaves it. */
function unpaidOrder(payable: number): number {
  const db = new Database(path.resolve(serverEnv().DATABASE_URL.replace(/^file:/, "")));
  try {
    const checkout = db.prepare("INSERT INTO checkouts (user_id, token) VALUES (1, ?)").run(`e2e-payments-${Date.now()}-${Math.random()}`);
    const shop = db.prepare("SELECT id FROM shops ORDER BY id LIMIT 1").get() as { id: number };
    const order = db
      .prepare(
        `INSERT INTO orders (checkout_id, user_id, shop_id, payment_method, subtotal, payable, ship_name, ship_phone, ship_address,
           currency_name, currency_symbol, currency_position, currency_rate)
         VALUES (?, 1, ?, 'test', ?, ?, 'Demo Customer', '5550100001', '350 Market Street', 'USD', '$', 'prefix', 1)`,
      )
      .run(checkout.lastInsertRowid, shop.id, payable, payable);
    return Number(order.lastInsertRowid);
  } finally {
    db.close();
  }
}

test.describe("test payment gateway", () => {
  test("pays an order on the hosted page and comes back to it paid", async ({ page, context, baseURL, checkA11y }) => {
    await signInAs(context, baseURL!, 1);
    const orderId = unpaidOrder(1234);
    await page.goto(`/order-history/${orderId}`);
    await page.getByRole("button", { name: "Make Payment" }).click();

    await expect(page).toHaveURL(/\/payments\/test\/\d+$/);
    await expect(page).toHaveTitle("Test payment - Bazaar");
    await expect(page.getByRole("heading", { level: 1, name: "Pay Bazaar" })).toBeVisible();
    await expect(page.getByText("$12.34")).toBeVisible();
    await expect(page.getByText(`#${orderId}`)).toBeVisible();
    await checkA11y();

    await page.getByRole("button", { name: "Pay now" }).click();
    await expect(page).toHaveURL(new RegExp(`/order-history/${orderId}$`));
    await expect(page.getByRole("status").getByText("Payment successful")).toBeVisible();
    await expect(page.getByRole("button", { name: "Make Payment" })).toHaveCount(0);
  });

  test("cancelling at the gateway leaves the order payable", async ({ page, context, baseURL }) => {
    await signInAs(context, baseURL!, 1);
    const orderId = unpaidOrder(500);
    await page.goto(`/order-history/${orderId}`);
    await page.getByRole("button", { name: "Make Payment" }).click();
    await expect(page).toHaveURL(/\/payments\/test\/\d+$/);

    await page.getByRole("button", { name: "Cancel" }).click();
    await expect(page).toHaveURL(new RegExp(`/order-history/${orderId}$`));
    await expect(page.getByRole("status").getByText("Payment cancelled")).toBeVisible();
    await page.getByRole("button", { name: "Make Payment" }).click();
    await expect(page).toHaveURL(/\/payments\/test\/\d+$/);
  });
});

test.describe("an order keeps the currency it was placed in", () => {
  test("placed in euros: the gateway asks for euros, and its pages keep them after switching back to dollars", async ({ page, context, baseURL, checkA11y }) => {
    await signInAsNewShopper(context, baseURL!, "Euro");
    const chooseCurrency = (name: string) => page.request.post("/preferences", { form: { currency: name, redirectTo: "/" } });
    await chooseCurrency("EUR");
    await addToCart(page, "/products/33/details");
    await page.goto("/cart");
    const main = page.getByRole("main");
    await main.getByRole("button", { name: "Select Summit Outfitters for checkout" }).click();
    await expect(main.getByText("(selected for checkout)")).toBeAttached();
    await main.getByRole("button", { name: "Proceed to Checkout" }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    await addAddressFromCheckout(page, "3 Euro Lane");
    const payable = page.getByRole("complementary").locator("div", { has: page.locator("dt", { hasText: "Total Payable" }) }).locator("dd");
    const total = (await payable.innerText()).trim();
    expect(total).toMatch(/^€[\d,]+\.\d{2}$/);
    expect(await summaryAmount(page, "Total Payable")).toBeGreaterThan(0);
    await page.getByLabel("Test Gateway").check();
    await page.getByRole("button", { name: "Place Order" }).click();

    await expect(page).toHaveURL(/\/payments\/test\/\d+$/);
    await expect(page.getByText(total, { exact: true })).toBeVisible();
    await checkA11y();
    await page.getByRole("button", { name: "Cancel" }).click();
    await expect(page).toHaveURL(/\/order-history\/\d+$/);
    const orderUrl = page.url();

    await chooseCurrency("USD");
    await page.goto(orderUrl);
    await expect(page.getByRole("region", { name: "Order Summary" }).getByText(total, { exact: true })).toBeVisible();
    await expect(page.getByRole("main").getByText(/\$\d/)).toHaveCount(0);
    await checkA11y();
    await page.goto("/order-history");
    await expect(page.getByRole("main").getByText(total, { exact: true })).toBeVisible();
    await page.goto(orderUrl);
    await page.getByRole("button", { name: "Make Payment" }).click();
    await expect(page).toHaveURL(/\/payments\/test\/\d+$/);
    await expect(page.getByText(total, { exact: true })).toBeVisible();
  });
});

// A first visit honours Accept-Language, as a shopper whose browser speaks Arabic would arrive.
test.describe("test payment gateway in Arabic", () => {
  test.use({ locale: "ar" });

  test("the hosted page reads right to left", async ({ page, context, baseURL, checkA11y }) => {
    await signInAs(context, baseURL!, 1);
    const orderId = unpaidOrder(700);
    await page.goto(`/order-history/${orderId}`);
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await page.locator(`form[action="/order-history/${orderId}/pay"]`).getByRole("button").click();

    await expect(page).toHaveURL(/\/payments\/test\/\d+$/);
    await expect(page).toHaveTitle("دفع تجريبي - Bazaar");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.getByRole("heading", { level: 1, name: "الدفع إلى Bazaar" })).toBeVisible();
    await expect(page.getByRole("button", { name: "ادفع الآن" })).toBeVisible();
    await checkA11y();
  });
});
