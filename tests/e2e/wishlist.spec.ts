import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { readInArabic, signInAsNewShopper } from "./session";

/**
 * The wishlist (spec §2) and the dashboard (not-shown facts): hearts on the cards and the product page, the header's
 * count, /wishlist with Add to Cart and Remove, a guest sent to log in and back, the dashboard's counters. Every
 * shopper here is new, so nothing depends on what other specs did.
 */
const SWEATER = { id: 33, name: "Premium Cashmere Knit Sweater", path: "/products/33/details" };
const SEARCH = "/products?search=Cashmere";

const toast = (page: Page) => page.getByRole("status");
const header = (page: Page) => page.getByRole("banner");
const card = (page: Page, name: string) => page.getByRole("main").getByRole("article").filter({ has: page.getByRole("link", { name, exact: true }) });
/** A dashboard counter's figure, found by its label. */
const counter = (page: Page, label: string) => page.locator("dl > div", { has: page.locator("dt", { hasText: label }) }).locator("dd");

/** With JS the page must not reload: a mark left on `window` survives only an in-place answer. */
async function markPage(page: Page, jsEnabled: boolean) {
  if (jsEnabled) await page.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));
}
async function expectSamePage(page: Page, jsEnabled: boolean) {
  if (jsEnabled) expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
}

let registered = 0;
/** A new account made through the registration form by a client of its own (the page stays a guest). */
async function registerShopper(request: APIRequestContext) {
  const stamp = `${Date.now()}${++registered}`.slice(-9);
  const email = `wishlist-guest-${stamp}@example.test`;
  const response = await request.post("/register", {
    form: { name: "Guest Hearts", country: "1", phone: `56${stamp}`, email, password: "secret123", redirectTo: "/" },
    maxRedirects: 0,
  });
  expect(response.status(), "registration").toBe(303);
  return { email, password: "secret123" };
}

test.describe("wishlist", () => {
  // Several pages, each checked with axe (a second browser page without JS).
  test.slow();

  test("a heart on a card → the header counts 1 → /wishlist lists it → Add to Cart → Remove → empty", async ({ page, context, baseURL, jsEnabled, checkA11y }) => {
    await signInAsNewShopper(context, baseURL!, "Hearts");
    await page.goto(SEARCH);
    await expect(header(page).getByRole("link", { name: "Wishlist, 0 items" })).toBeVisible();
    const sweater = card(page, SWEATER.name);
    await markPage(page, jsEnabled);
    await sweater.getByRole("button", { name: `Add ${SWEATER.name} to wishlist` }).click();

    await expect(toast(page)).toContainText(`${SWEATER.name} has been added to your wishlist`);
    await expect(sweater.getByRole("button", { name: `Remove ${SWEATER.name} from wishlist` })).toBeVisible();
    await expect(header(page).getByRole("link", { name: "Wishlist, 1 item" })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${SEARCH.replace("?", "\\?")}$`));
    await expectSamePage(page, jsEnabled);
    await checkA11y();

    // The product page knows it too.
    await page.goto(SWEATER.path);
    await expect(page.getByRole("button", { name: `Remove ${SWEATER.name} from wishlist` })).toBeVisible();

    await header(page).getByRole("link", { name: "Wishlist, 1 item" }).click();
    await expect(page).toHaveURL(/\/wishlist$/);
    await expect(page).toHaveTitle("Wishlist - Bazaar");
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1 })).toHaveText("Wishlist (1 product)");
    const item = main.getByRole("listitem").filter({ has: page.getByRole("heading", { name: SWEATER.name }) });
    await expect(item.getByRole("link", { name: SWEATER.name })).toHaveAttribute("href", SWEATER.path);
    await expect(item).toContainText("Rated 2.3 out of 5");
    await expect(item).toContainText(/\$\d+\.\d{2}/);
    await checkA11y();

    await markPage(page, jsEnabled);
    await item.getByRole("button", { name: "Add to Cart" }).click();
    await expect(toast(page)).toContainText(`${SWEATER.name} has been added to cart`);
    await expect(header(page).getByRole("link", { name: "Cart, 1 item" })).toBeVisible();
    await expect(page).toHaveURL(/\/wishlist$/);
    await expectSamePage(page, jsEnabled);
    await checkA11y();

    await item.getByRole("button", { name: "Remove" }).click();
    await expect(toast(page)).toContainText(`${SWEATER.name} has been removed from your wishlist`);
    await expect(main.getByText("Your wishlist is empty.")).toBeVisible();
    await expect(main.getByRole("heading", { level: 1 })).toHaveText("Wishlist (0 products)");
    await expect(main.getByRole("link", { name: "Continue shopping" })).toHaveAttribute("href", "/products");
    await expect(header(page).getByRole("link", { name: "Wishlist, 0 items" })).toBeVisible();
    await expectSamePage(page, jsEnabled);
    if (jsEnabled) await expect(main.getByRole("heading", { level: 1 })).toBeFocused();
    await checkA11y();

    // 'Undo' in the toast puts it back.
    await toast(page).getByRole("button", { name: "Undo" }).click();
    await expect(main.getByRole("heading", { name: SWEATER.name })).toBeVisible();
    await expect(header(page).getByRole("link", { name: "Wishlist, 1 item" })).toBeVisible();
  });

  test("the heart on the product page, in Arabic, right to left", async ({ page, context, baseURL, jsEnabled, checkA11y }) => {
    await readInArabic(context, baseURL!);
    await signInAsNewShopper(context, baseURL!, "Arabic");
    await page.goto(SWEATER.path);
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await markPage(page, jsEnabled);
    await page.getByRole("button", { name: `أضف ${SWEATER.name} إلى قائمة الأمنيات` }).click();
    await expect(toast(page)).toContainText(`تمت إضافة ${SWEATER.name} إلى قائمة أمنياتك`);
    await expect(page.getByRole("button", { name: `أزل ${SWEATER.name} من قائمة الأمنيات` })).toBeVisible();
    await expect(header(page).getByRole("link", { name: "قائمة الأمنيات، عنصر واحد" })).toBeVisible();
    await expectSamePage(page, jsEnabled);
    await checkA11y();

    await page.goto("/wishlist");
    await expect(page).toHaveTitle("قائمة الأمنيات - Bazaar");
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1 })).toHaveText("قائمة الأمنيات (منتج واحد)");
    await expect(main.getByRole("button", { name: "أضف إلى السلة" })).toBeVisible();
    await checkA11y();

    await main.getByRole("button", { name: "إزالة" }).click();
    await expect(main.getByText("قائمة أمنياتك فارغة.")).toBeVisible();
    await expect(header(page).getByRole("link", { name: "قائمة الأمنيات، لا توجد عناصر" })).toBeVisible();
    await checkA11y();
  });

  test("a guest pressing a heart logs in first and comes back; the header's heart too", async ({ page, request, jsEnabled, checkA11y }) => {
    const shopper = await registerShopper(request);
    await page.goto(SEARCH);
    await card(page, SWEATER.name).getByRole("button", { name: `Add ${SWEATER.name} to wishlist` }).click();
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fproducts%3Fsearch%3DCashmere$/);
    await expect(toast(page)).toContainText("Please login first!");
    await checkA11y();
    const main = page.getByRole("main");
    await main.getByLabel("Email or Phone").fill(shopper.email);
    await main.getByLabel("Password", { exact: true }).fill(shopper.password);
    await main.getByRole("button", { name: "Login" }).click();
    await expect(page).toHaveURL(new RegExp(`${SEARCH.replace("?", "\\?")}$`));
    await expect(card(page, SWEATER.name).getByRole("button", { name: `Add ${SWEATER.name} to wishlist` })).toBeVisible();

    // Signed out again: the header's heart asks to log in (the dialog with JS) and then opens the wishlist.
    await page.context().clearCookies();
    await page.goto("/shops");
    await header(page).getByRole("link", { name: "Wishlist, 0 items" }).click();
    const form = jsEnabled ? page.getByRole("dialog", { name: "Login" }) : page.getByRole("main");
    if (jsEnabled) await expect(page).toHaveURL(/\/shops$/);
    else await expect(page).toHaveURL(/\/login\?redirectTo=%2Fwishlist$/);
    await checkA11y();
    await form.getByLabel("Email or Phone").fill(shopper.email);
    await form.getByLabel("Password", { exact: true }).fill(shopper.password);
    await form.getByRole("button", { name: "Login" }).click();
    await expect(page).toHaveURL(/\/wishlist$/);
    await expect(page.getByRole("main").getByText("Your wishlist is empty.")).toBeVisible();
  });

  test("a guest opening /wishlist is asked to log in, not sent home", async ({ page }) => {
    await page.goto("/wishlist");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fwishlist$/);
    await expect(toast(page)).toContainText("Please login first!");
  });

  test("an unknown product is refused with a message, never a 500", async ({ page, context, baseURL, jsEnabled }) => {
    test.skip(jsEnabled, "plain HTTP posts; the browser's JS plays no part");
    await signInAsNewShopper(context, baseURL!, "Unknown");
    for (const id of ["999999", "abc", ""]) {
      const response = await context.request.post("/wishlist/toggle", { form: { product_id: id, intent: "add", redirectTo: "/products" }, maxRedirects: 0 });
      expect(response.status(), `product_id=${id}`).toBe(303);
      expect(response.headers().location).toBe("/products");
    }
    await page.goto("/products");
    await expect(toast(page)).toContainText("This product is not available.");
  });
});

test.describe("dashboard", () => {
  test.slow();

  test("counts the cart and the wishlist, lists My Cart, the address to add and what was viewed", async ({ page, context, baseURL, checkA11y }) => {
    await signInAsNewShopper(context, baseURL!, "Dashboard");
    await page.goto("/dashboard");
    await expect(page).toHaveTitle("Dashboard - Bazaar");
    for (const label of ["Ongoing orders", "Products ordered", "In cart", "In wishlist"]) await expect(counter(page, label)).toHaveText("0");
    await expect(page.getByRole("region", { name: "My Cart (0 items)" })).toContainText("Cart is empty");
    await checkA11y();

    await page.goto(SWEATER.path);
    await page.getByRole("button", { name: `Add ${SWEATER.name} to wishlist` }).click();
    await expect(toast(page)).toContainText("has been added to your wishlist");
    await page.getByLabel("Quantity").fill("2");
    await page.getByRole("button", { name: "Add to Cart", exact: true }).click();
    await expect(toast(page)).toContainText("has been added to cart");

    await page.goto("/dashboard");
    await expect(counter(page, "Ongoing orders")).toHaveText("0");
    await expect(counter(page, "Products ordered")).toHaveText("0");
    await expect(counter(page, "In cart")).toHaveText("2");
    await expect(counter(page, "In wishlist")).toHaveText("1");
    const cart = page.getByRole("region", { name: "My Cart (2 items)" });
    await expect(cart).toContainText(SWEATER.name);
    await expect(cart.getByRole("button", { name: "Proceed to Checkout" })).toBeVisible();
    const address = page.getByRole("region", { name: "Default shipping address" });
    await expect(address).toContainText("You have no shipping address yet.");
    await expect(address.getByRole("link", { name: "Add an address" })).toHaveAttribute("href", "/manage-address/new?redirectTo=%2Fdashboard");
    const recent = page.getByRole("region", { name: "Recently Viewed" });
    await expect(recent.getByRole("link", { name: SWEATER.name, exact: true })).toBeVisible();
    await expect(recent.getByRole("button", { name: `Remove ${SWEATER.name} from wishlist` })).toBeVisible();
    await checkA11y();
  });

  test("in Arabic", async ({ page, context, baseURL, checkA11y }) => {
    await readInArabic(context, baseURL!);
    await signInAsNewShopper(context, baseURL!, "Lawha");
    await page.goto("/dashboard");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page).toHaveTitle("لوحة التحكم - Bazaar");
    await expect(counter(page, "في قائمة الأمنيات")).toHaveText("0");
    await expect(page.getByRole("region", { name: "عنوان الشحن الافتراضي" })).toBeVisible();
    await checkA11y();
  });
});
