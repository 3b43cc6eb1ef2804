import type { Locator, Page } from "@playwright/test";
import { expect, setSetting, test } from "./fixtures";
import { readInArabic, signInAs } from "./session";

// Seeded demo products (the seed is deterministic): a sweater of Summit Outfitters with extra-priced colours
// and sizes, and running shoes of Urban Threads in the running flash sale.
const SWEATER = { id: 33, name: "Premium Cashmere Knit Sweater", shop: "Summit Outfitters" };
const SHOES = { id: 118, name: "Comfort Knit Running Shoes", shop: "Urban Threads" };

/** The cart's test shopper is demo customer 2; each test starts from an empty cart, whatever ran before. */
async function emptyCart(page: Page) {
  const html = await (await page.request.get("/cart")).text();
  const lines = new Set([...html.matchAll(/name="line_id" value="(\d+)"/g)].map((match) => match[1]));
  for (const line of lines) await page.request.post("/cart/delete", { form: { line_id: line }, maxRedirects: 0 });
}

async function addByPost(page: Page, productId: number, quantity = 1) {
  const response = await page.request.post("/cart/add", { form: { product_id: String(productId), quantity: String(quantity) }, maxRedirects: 0 });
  expect(response.status()).toBe(303);
}

/** "$1,234.56" → 123456 minor units. */
function minorUnits(text: string): number {
  const match = text.match(/\$([\d,]+\.\d{2})/);
  if (!match) throw new Error(`no price in "${text}"`);
  return Math.round(Number(match[1].replace(/,/g, "")) * 100);
}

function fmt(minor: number): string {
  return `$${(minor / 100).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/** Chooses the first option of the group that costs extra; answers its name and extra price. */
async function chooseExtraPriced(group: Locator) {
  const label = group.locator("label").filter({ hasText: /\+\$/ }).first();
  const text = await label.innerText();
  await label.getByRole("radio").check();
  return { name: text.replace(/\+\$.*$/s, "").trim(), extra: minorUnits(text) };
}

const cartLine = (scope: Locator, name: string) => scope.getByRole("listitem").filter({ has: scope.page().getByRole("link", { name, exact: true }) });
const toast = (page: Page) => page.getByRole("status");

test.describe("cart", () => {
  test.beforeEach(async ({ page, context, baseURL }) => {
    await signInAs(context, baseURL!, 2);
    await emptyCart(page);
  });

  test("add from two shops → quantities → remove and add again → collect a voucher → select a shop → checkout", async ({ page, jsEnabled, checkA11y }) => {
    // A sweater with a colour and a size that cost extra.
    await page.goto(`/products/${SWEATER.id}/details`);
    const price = minorUnits(await page.getByRole("form", { name: "Purchase options" }).locator("p", { hasText: /^Price: / }).innerText());
    const color = await chooseExtraPriced(page.getByRole("group", { name: /^Color/ }));
    const size = await chooseExtraPriced(page.getByRole("group", { name: /^Size/ }));
    await page.getByRole("button", { name: "Add to Cart", exact: true }).click();
    await expect(toast(page)).toContainText(`${SWEATER.name} has been added to cart`);
    await expect(page).toHaveURL(new RegExp(`/products/${SWEATER.id}/details`));

    // Shoes of another shop, in a colour; 'View In Cart' opens the cart (the panel with JS).
    await page.goto(`/products/${SHOES.id}/details`);
    const shoesColor = await chooseExtraPriced(page.getByRole("group", { name: /^Color/ }));
    await page.getByRole("button", { name: "Add to Cart", exact: true }).click();
    await expect(toast(page)).toContainText(`${SHOES.name} has been added to cart`);
    await toast(page).getByRole("link", { name: "View In Cart" }).click();
    if (jsEnabled) {
      await expect(page.getByRole("dialog", { name: /My Cart/ })).toContainText("(2 items)");
      await page.keyboard.press("Escape");
      await page.goto("/cart");
    } else {
      await expect(page).toHaveURL(/\/cart$/);
    }

    // Grouped per shop, the options shown, priced with them.
    await expect(page).toHaveTitle("Cart - Bazaar");
    const main = page.getByRole("main");
    const heading = main.getByRole("heading", { level: 1 });
    await expect(heading).toContainText("My Cart (2 items)");
    await expect(main.getByRole("region", { name: SWEATER.shop })).toBeVisible();
    await expect(main.getByRole("region", { name: SHOES.shop })).toBeVisible();
    const sweater = cartLine(main, SWEATER.name);
    await expect(sweater).toContainText(`Color: ${color.name} · Size: ${size.name}`);
    await expect(sweater).toContainText(fmt(price + color.extra + size.extra));
    await expect(main.getByText("Cart Amount")).toBeVisible();
    await checkA11y();

    // + and −.
    await sweater.getByRole("button", { name: `Increase quantity of ${SWEATER.name}` }).click();
    await expect(heading).toContainText("(3 items)");
    await sweater.getByRole("button", { name: `Increase quantity of ${SWEATER.name}` }).click();
    await expect(heading).toContainText("(4 items)");
    await sweater.getByRole("button", { name: `Decrease quantity of ${SWEATER.name}` }).click();
    await expect(heading).toContainText("(3 items)");

    await expect(cartLine(main, SHOES.name)).toContainText(`Color: ${shoesColor.name}`);

    // Removed, then added again from the toast: one unit, no colour.
    await cartLine(main, SHOES.name).getByRole("button", { name: `Remove ${SHOES.name}` }).click();
    await expect(toast(page)).toContainText(`${SHOES.name} has been remove to cart`);
    await expect(cartLine(main, SHOES.name)).toHaveCount(0);
    await toast(page).getByRole("button", { name: "Again Add to Cart" }).click();
    await expect(toast(page)).toContainText(`${SHOES.name} has been added to cart`);
    await expect(cartLine(main, SHOES.name)).toBeVisible();
    await expect(cartLine(main, SHOES.name)).not.toContainText("Color:");
    await expect(heading).toContainText("(3 items)");

    // A store voucher of the shoes' shop (a dialog with JS, a page without).
    await main.getByRole("link", { name: `Apply Store voucher with ${SHOES.shop}` }).click();
    const vouchers = jsEnabled ? page.getByRole("dialog", { name: `Voucher from ${SHOES.shop}` }) : main;
    await expect(vouchers.getByRole("heading", { name: `Voucher from ${SHOES.shop}` })).toBeVisible();
    await expect(vouchers.getByText(/^Minimum Spend \$/).first()).toBeVisible();
    await expect(vouchers.getByText(/^Validity till /).first()).toBeVisible();
    const collected = await vouchers.getByText("Collected", { exact: true }).count();
    await vouchers.getByRole("button", { name: /^Collect / }).first().click();
    await expect(vouchers.getByText("Collected", { exact: true })).toHaveCount(collected + 1);
    await expect(toast(page)).toContainText(/Voucher SHOP\d+-\w+ collected/);
    if (jsEnabled) {
      await page.keyboard.press("Escape");
      await expect(vouchers).toBeHidden();
      await expect(main.getByRole("link", { name: `Apply Store voucher with ${SHOES.shop}` })).toBeFocused();
    } else {
      await checkA11y();
      await main.getByRole("link", { name: "Back to cart" }).click();
    }

    // One shop selected for checkout.
    const select = main.getByRole("button", { name: `Select ${SHOES.shop} for checkout` });
    await expect(select).toHaveAttribute("aria-pressed", "false");
    await select.click();
    await expect(select).toHaveAttribute("aria-pressed", "true");
    await expect(main.getByRole("button", { name: `Select ${SWEATER.shop} for checkout` })).toHaveAttribute("aria-pressed", "false");
    await main.getByRole("button", { name: "Proceed to Checkout" }).click();
    await expect(page).toHaveURL(/\/checkout$/);
  });

  test("with no shop selected, Proceed to Checkout stays on the cart and says so", async ({ page }) => {
    await addByPost(page, SWEATER.id);
    await page.goto("/cart");
    await page.getByRole("main").getByRole("button", { name: "Proceed to Checkout" }).click();
    await expect(toast(page)).toContainText("Please select at least one shop");
    await expect(page).toHaveURL(/\/cart$/);
  });

  test("more than the stock is refused with the server's message", async ({ page }) => {
    await addByPost(page, SWEATER.id);
    await page.goto(`/products/${SWEATER.id}/details`);
    const stock = Number((await page.getByText(/^\d+ in stock$/).innerText()).match(/\d+/)![0]);
    await page.request.post("/cart/add", { form: { product_id: String(SWEATER.id), quantity: String(stock) }, maxRedirects: 0 });
    await page.goto("/cart");
    await expect(toast(page)).toContainText(`Only ${stock} items of ${SWEATER.name} are in stock.`);
    await expect(page.getByRole("main").getByRole("heading", { level: 1 })).toContainText("(1 item)");
  });

  test("an empty cart says so", async ({ page }) => {
    await page.goto("/cart");
    await expect(page.getByRole("main")).toContainText("Cart is empty");
    await expect(page.getByRole("button", { name: "Proceed to Checkout" })).toHaveCount(0);
  });

  test("the floating cart tab shows the count and total, but not on the blog", async ({ page }) => {
    await addByPost(page, SWEATER.id, 2);
    await page.goto("/");
    const tab = page.getByRole("complementary", { name: "Cart" });
    await expect(tab).toContainText("2 Items");
    await expect(tab).toContainText(/\$[\d,]+\.\d{2}/);
    await expect(page.getByRole("banner").getByRole("link", { name: "Cart, 2 items" })).toBeVisible();
    await page.goto("/blogs");
    await expect(page.getByRole("complementary", { name: "Cart" })).toHaveCount(0);
  });

  test("a product card adds one unit and the shopper stays on the list", async ({ page }) => {
    await page.goto("/products?search=cashmere+knit");
    await page.getByRole("main").getByRole("button", { name: `Add ${SWEATER.name} to cart` }).first().click();
    await expect(toast(page)).toContainText(`${SWEATER.name} has been added to cart`);
    await expect(page).toHaveURL(/\/products\?search=cashmere\+knit$/);
    await expect(page.getByRole("banner").getByRole("link", { name: "Cart, 1 item" })).toBeAttached();
  });

  test("in single-vendor mode there are no shop headers and every shop goes to checkout", async ({ page }) => {
    await addByPost(page, SWEATER.id);
    await addByPost(page, SHOES.id);
    setSetting("multiVendor", "false");
    try {
      await page.goto("/cart");
      const main = page.getByRole("main");
      await expect(cartLine(main, SWEATER.name)).toBeVisible();
      await expect(main.getByRole("button", { name: /for checkout$/ })).toHaveCount(0);
      await expect(main.getByRole("link", { name: /Apply Store voucher/ })).toHaveCount(0);
      await main.getByRole("button", { name: "Proceed to Checkout" }).click();
      await expect(page).toHaveURL(/\/checkout$/);
    } finally {
      setSetting("multiVendor", "true");
    }
  });

  test("in Arabic the cart reads right to left", async ({ page, context, baseURL, checkA11y }) => {
    await readInArabic(context, baseURL!);
    await addByPost(page, SWEATER.id);
    await page.goto("/cart");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page).toHaveTitle("السلة - Bazaar");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("سلتي");
    await expect(page.getByRole("button", { name: "المتابعة إلى الدفع" })).toBeVisible();
    await checkA11y();
  });

  test("the cart panel: opened from the bag, used by keyboard, updated in place, focus back on the bag", async ({ page, jsEnabled, checkA11y }) => {
    test.skip(!jsEnabled, "the panel is the JS enhancement of /cart");
    await addByPost(page, SWEATER.id);
    await page.goto("/");
    const bag = page.getByRole("banner").getByRole("link", { name: "Cart, 1 item" });
    await bag.focus();
    await page.keyboard.press("Enter");
    const panel = page.getByRole("dialog", { name: /My Cart/ });
    await expect(panel).toContainText("(1 item)");
    await expect(page).toHaveURL(/\/$/);
    await checkA11y();

    await panel.getByRole("button", { name: `Increase quantity of ${SWEATER.name}` }).focus();
    await page.keyboard.press("Enter");
    await expect(panel).toContainText("(2 items)");
    await expect(page.getByRole("banner").getByRole("link", { name: "Cart, 2 items" })).toBeAttached();

    // The voucher dialog opens over the panel and closes back into it.
    const apply = panel.getByRole("link", { name: `Apply Store voucher with ${SWEATER.shop}` });
    await apply.focus();
    await page.keyboard.press("Enter");
    const vouchers = page.getByRole("dialog", { name: `Voucher from ${SWEATER.shop}` });
    await expect(vouchers).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(vouchers).toBeHidden();
    await expect(panel).toBeVisible();
    await expect(apply).toBeFocused();

    await page.keyboard.press("Escape");
    await expect(panel).toBeHidden();
    await expect(page.getByRole("banner").getByRole("link", { name: "Cart, 2 items" })).toBeFocused();
  });
});

test("a guest adding to the cart is asked to log in and comes back to the product", async ({ page }) => {
  await page.goto(`/products/${SWEATER.id}/details`);
  await page.getByRole("button", { name: "Add to Cart", exact: true }).click();
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fproducts%2F33%2Fdetails/);
  await expect(toast(page)).toContainText("Please login first!");
  const main = page.getByRole("main");
  await main.getByLabel("Email or Phone").fill("customer2@example.com");
  await main.getByLabel("Password", { exact: true }).fill("secret123");
  await main.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL(/\/products\/33\/details/);
  await expect(page.getByRole("heading", { level: 1, name: SWEATER.name })).toBeVisible();
});
