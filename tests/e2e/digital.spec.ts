import { expect, test } from "./fixtures";
import { readInArabic, registerShopper, signInAs, signInByEmail } from "./session";


test.describe("digital products after the sale", () => {
  // A journey of three people over a dozen pages, each state checked with axe.
  test.slow();

  test("bought without an address, unlocked when the shop marks it paid, downloaded by its buyer alone", async ({ page, context, baseURL, checkA11y }) => {
    const shopper = await registerShopper(context, baseURL!, "Digital");
    await page.goto("/digital-products");
    const card = page.getByRole("main").getByRole("article").first();
    const productName = (await card.getByRole("heading").innerText()).trim();
    await card.getByRole("link", { name: productName }).first().click();
    await page.getByRole("button", { name: "Buy Now" }).click();
    await expect(page).toHaveURL(/\/buynow$/);

    // Nothing ships: no address is asked for.
    await expect(page.getByRole("heading", { name: "Delivery" })).toBeVisible();
    await expect(page.getByText(/Only digital products: no shipping address is needed/)).toBeVisible();
    await expect(page.getByRole("group", { name: "Shipping address" })).toHaveCount(0);
    await checkA11y();
    await page.getByRole("button", { name: "Place Order" }).click();
    await expect(page).toHaveURL(/\/order-confirmation\/\d+$/);

    await page.goto("/digital-product-order-history");
    await expect(page.getByRole("heading", { level: 1, name: "My Digital Products" })).toBeVisible();
    const heading = page.getByRole("main").getByRole("heading", { level: 2 }).first();
    const orderId = Number((await heading.innerText()).match(/#(\d+)/)![1]);
    await expect(page.getByRole("main")).toContainText(productName);
    await expect(page.getByRole("main")).toContainText("Licence keys and downloads appear here once the order is paid.");
    await checkA11y();
    await page.goto(`/digital-product-order-history/${orderId}`);
    await expect(page.getByRole("link", { name: /^Download/ })).toHaveCount(0);
    await page.goto(`/order-history/${orderId}`);
    await expect(page.getByRole("main")).toContainText("Digital products only: nothing is shipped.");

    // The platform admin records the payment: the order is Delivered at once.
    await signInByEmail(context, baseURL!, "admin@example.com");
    await page.goto(`/shop-console/orders/${orderId}`);
    await page.getByRole("button", { name: "Mark as Paid" }).click();
    await expect(page.getByRole("status")).toContainText(`Order #${orderId} is marked as paid.`);
    await expect(page.getByRole("main")).toContainText("Delivered");
    await expect(page.getByRole("button", { name: "Mark as Paid" })).toHaveCount(0);
    await checkA11y();

    await signInByEmail(context, baseURL!, shopper.email, { openLanding: false });
    await page.goto(`/digital-product-order-history/${orderId}`);
    await expect(page.getByRole("status")).toContainText(`Order #${orderId} is now Delivered.`);
    await expect(page.getByRole("heading", { level: 1, name: `Digital products of order #${orderId}` })).toBeVisible();
    await expect(page.getByRole("main").locator("code")).toHaveText(/^BZ-[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}$/);
    const zip = page.getByRole("link", { name: /^Download.*\.zip$/ });
    await expect(zip.locator("xpath=..")).toContainText("downloaded 0 times");
    await checkA11y();

    const href = (await zip.getAttribute("href"))!;
    const file = await context.request.get(`${baseURL}${href}`);
    expect(file.status()).toBe(200);
    expect(file.headers()["content-type"]).toBe("application/zip");
    expect(file.headers()["content-disposition"]).toMatch(/^attachment; filename=".+\.zip"/);
    expect((await file.body()).subarray(0, 2).toString("latin1")).toBe("PK");
    const pdf = await context.request.get(`${baseURL}${await page.getByRole("link", { name: /^Download.*\.pdf$/ }).getAttribute("href")}`);
    expect((await pdf.body()).subarray(0, 5).toString("latin1")).toBe("%PDF-");
    await page.reload();
    await expect(page.getByRole("link", { name: /^Download.*\.zip$/ }).locator("xpath=..")).toContainText("downloaded 1 time");

    // The link is the buyer's alone: another shopper and a guest get Page Not Found, as does a forged expiry.
    const forged = href.replace(/expires=\d+/, (match) => `expires=${Number(match.slice(8)) + 3600}`);
    expect((await context.request.get(`${baseURL}${forged}`)).status()).toBe(404);
    await signInAs(context, baseURL!, 2);
    expect((await context.request.get(`${baseURL}${href}`)).status()).toBe(404);
    expect((await page.goto(`/digital-product-order-history/${orderId}`))?.status()).toBe(404);
    await context.clearCookies();
    expect((await context.request.get(`${baseURL}${href}`)).status()).toBe(404);

    // In Arabic, right to left.
    await signInByEmail(context, baseURL!, shopper.email);
    await readInArabic(context, baseURL!);
    await page.goto("/digital-product-order-history");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.getByRole("heading", { level: 1, name: "منتجاتي الرقمية" })).toBeVisible();
    await expect(page.getByRole("main")).toContainText("مفاتيح الترخيص والتنزيلات جاهزة.");
    await checkA11y();
    await page.goto(`/digital-product-order-history/${orderId}`);
    await expect(page.getByRole("main")).toContainText("نُزِّل مرة واحدة");
    await checkA11y();
  });

  test("paid through the test gateway: Delivered at once, with the licence and download for its buyer only", async ({ page, context, baseURL, checkA11y }) => {
    await registerShopper(context, baseURL!, "Gateway");
    await page.goto("/digital-products");
    await page.getByRole("main").getByRole("article").nth(1).getByRole("heading").getByRole("link").click();
    await page.getByRole("button", { name: "Buy Now" }).click();
    await page.getByRole("radio", { name: "Test Gateway" }).check();
    await page.getByRole("button", { name: "Place Order" }).click();
    await expect(page).toHaveURL(/\/payments\/test\/\d+$/);
    await page.getByRole("button", { name: "Pay now" }).click();
    await expect(page).toHaveURL(/\/order-history\/\d+$/);
    const orderId = Number(page.url().match(/(\d+)$/)![1]);
    await expect(page.getByRole("status").getByText("Payment successful")).toBeVisible();
    await expect(page.getByRole("main").getByText("Delivered").first()).toBeVisible();
    await checkA11y();

    await page.getByRole("link", { name: /^Licence and download/ }).click();
    await expect(page).toHaveURL(new RegExp(`/digital-product-order-history/${orderId}$`));
    await expect(page.getByRole("main").locator("code")).toHaveText(/^BZ-/);
    const href = (await page.getByRole("link", { name: /^Download.*\.pdf$/ }).getAttribute("href"))!;
    expect((await context.request.get(`${baseURL}${href}`)).status()).toBe(200);
    await signInAs(context, baseURL!, 2);
    expect((await context.request.get(`${baseURL}${href}`)).status()).toBe(404);
  });
});
