import { createHash } from "node:crypto";
import type { Locator, Page } from "@playwright/test";
import { expect, setSetting, test } from "./fixtures";
import { signInAs } from "./session";

// Seeded demo products (the seed is deterministic): a sweater with extra-priced colours and sizes,
// and running shoes in the running flash sale.
const SWEATER = "/products/33/details";
const SALE_SHOES = "/products/118/details";

/** "$1,234.56" → 123456 minor units. */
function minorUnits(text: string): number {
  const match = text.match(/\$([\d,]+\.\d{2})/);
  if (!match) throw new Error(`no price in "${text}"`);
  return Math.round(Number(match[1].replace(/,/g, "")) * 100);
}

const purchase = (page: Page) => page.getByRole("form", { name: "Purchase options" });
const shownPrice = (page: Page) => purchase(page).locator("p", { hasText: /^Price: / });

/** The first radio of a group whose label shows an extra price, with that extra. */
async function extraPricedOption(group: Locator) {
  const label = group.locator("label").filter({ hasText: /\+\$/ }).first();
  const option = label.getByRole("radio");
  return { option, id: await option.getAttribute("value"), extra: minorUnits(await label.innerText()) };
}

test.describe("shopper journey", () => {
  test("search → results → product → colour and size → the price changes", async ({ page, jsEnabled, checkA11y }) => {
    await page.goto("/");
    const header = page.getByRole("banner");
    await header.getByRole("searchbox", { name: "Search products" }).fill("cashmere knit");
    await header.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/\/products\?search=cashmere\+knit$/);
    await checkA11y();

    await page.getByRole("main").getByRole("link", { name: "Premium Cashmere Knit Sweater" }).first().click();
    await expect(page).toHaveURL(new RegExp(`${SWEATER}$`));
    const base = minorUnits(await shownPrice(page).innerText());
    const color = await extraPricedOption(page.getByRole("group", { name: /^Color/ }));
    const size = await extraPricedOption(page.getByRole("group", { name: /^Size/ }));
    await color.option.check();
    await size.option.check();
    if (!jsEnabled) await page.getByRole("button", { name: "Update price" }).click();
    await expect(shownPrice(page)).toContainText(fmt(base + color.extra + size.extra));
    await checkA11y();
  });
});

test.describe("product details", () => {
  test("describe the product to search engines (schema.org), also after moving to another product", async ({ page, checkA11y }) => {
    const productData = async () =>
      JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "null") as {
        name: string; url: string; offers: { priceCurrency: string; price: string; availability: string };
      };
    await page.goto(SWEATER);
    const sweater = await productData();
    expect(sweater.name).toBe("Premium Cashmere Knit Sweater");
    expect(sweater.url).toMatch(new RegExp(`^https?://[^/]+${SWEATER}$`));
    expect(sweater.offers).toMatchObject({ priceCurrency: "USD", availability: "https://schema.org/InStock" });
    expect(sweater.offers.price).toBe((minorUnits(await shownPrice(page).innerText()) / 100).toFixed(2));
    await checkA11y();

    // A card of the page leads to another product (with JS, a navigation in place): its own data replaces the first.
    const card = page.getByRole("region", { name: "Similar Products" }).getByRole("article").first();
    const name = await card.getByRole("heading").innerText();
    await card.getByRole("link", { name }).click();
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    await expect(page.locator('script[type="application/ld+json"]')).toHaveCount(1);
    expect((await productData()).name).toBe(name);
  });

  test("choosing a colour and a size adds their prices to the price shown", async ({ page, jsEnabled, checkA11y }) => {
    await page.goto(SWEATER);
    await expect(page).toHaveTitle("Premium Cashmere Knit Sweater - Bazaar");
    await expect(page.getByRole("heading", { level: 1, name: "Premium Cashmere Knit Sweater" })).toBeVisible();
    const breadcrumb = page.getByRole("navigation", { name: "Breadcrumb" });
    await expect(breadcrumb.getByRole("link", { name: "Home" })).toHaveAttribute("href", "/");
    await expect(breadcrumb.getByRole("link", { name: "Fashion" })).toHaveAttribute("href", /^\/categories\/\d+$/);
    await expect(breadcrumb.getByRole("link", { name: "Women's Clothing" })).toHaveAttribute("href", /^\/categories\/\d+\?subcategory=\d+$/);
    await expect(breadcrumb.getByText("Premium Cashmere Knit Sweater")).toHaveAttribute("aria-current", "page");
    await expect(page.getByText(/^\d+ sold$/)).toBeVisible();
    await checkA11y();

    const base = minorUnits(await shownPrice(page).innerText());
    const colors = page.getByRole("group", { name: /^Color/ });
    const sizes = page.getByRole("group", { name: /^Size/ });
    const color = await extraPricedOption(colors);
    const size = await extraPricedOption(sizes);
    expect(color.extra).toBeGreaterThan(0);
    expect(size.extra).toBeGreaterThan(0);

    await color.option.check();
    await size.option.check();
    const update = page.getByRole("button", { name: "Update price" });
    if (jsEnabled) {
      // The price follows the choice at once, without a round trip.
      await expect(update).toHaveCount(0);
      await expect(shownPrice(page)).toContainText(fmt(base + color.extra + size.extra));
      await expect(page).toHaveURL(new RegExp(`${SWEATER}$`));
    } else {
      await expect(shownPrice(page)).toContainText(fmt(base));
      await update.click();
      await expect(page).toHaveURL(new RegExp(`color=${color.id}.*size=${size.id}`));
      await expect(shownPrice(page)).toContainText(fmt(base + color.extra + size.extra));
    }
    await expect(color.option).toBeChecked();
    await expect(size.option).toBeChecked();
    await checkA11y();
  });

  test("unknown choices in the URL are ignored and the page opens at the base price", async ({ page }) => {
    await page.goto(SWEATER);
    const base = await shownPrice(page).innerText();
    const response = await page.goto(`${SWEATER}?color=99999&size=abc&unit=-1&quantity=9999999`);
    expect(response?.status()).toBe(200);
    await expect(shownPrice(page)).toHaveText(base);
    await expect(page.getByRole("spinbutton", { name: "Quantity" })).toHaveValue(/^\d{1,3}$/);
  });

  test("a flash-sale product shows the sale price, the regular price struck and a countdown", async ({ page, jsEnabled, checkA11y }) => {
    await page.goto(SALE_SHOES);
    await expect(page.getByText("Flash sale", { exact: true })).toBeVisible();
    const countdown = page.locator("time").filter({ hasText: /^\d+d \d{2}h \d{2}m \d{2}s$/ });
    await expect(countdown).toBeVisible();
    const sale = minorUnits(await shownPrice(page).innerText());
    const regular = minorUnits(await purchase(page).locator("p", { hasText: /^Regular price: / }).innerText());
    expect(sale).toBe(Math.round(regular * 0.8));
    await expect(page.getByText("20% off", { exact: true })).toBeVisible();
    if (jsEnabled) {
      const first = await countdown.innerText();
      await expect(countdown).not.toHaveText(first, { timeout: 3_000 });
    }
    await checkA11y();
  });

  test("the gallery switches images with thumbnails", async ({ page, jsEnabled }) => {
    await page.goto(SALE_SHOES);
    const images = page.getByRole("region", { name: "Product images" });
    await expect(images.getByRole("img")).toHaveCount(3);
    const second = page.getByRole("link", { name: "Show image 2 of 3" });
    await second.click();
    if (jsEnabled) {
      await expect(second).toHaveAttribute("aria-current", "true");
      await expect(page.getByRole("link", { name: "Show image 1 of 3" })).not.toHaveAttribute("aria-current", "true");
    } else {
      await expect(page).toHaveURL(/#product-image-2$/);
    }
    await expect(images.getByRole("img").nth(1)).toBeInViewport();
  });

  test("the shop card, description, reviews and related products", async ({ page }) => {
    await page.goto(SWEATER);
    const seller = page.getByRole("complementary", { name: "Sold by" });
    await expect(seller).toContainText("Summit Outfitters");
    await expect(seller.getByRole("link", { name: "Visit Store" })).toHaveAttribute("href", /^\/shops\/\d+$/);
    await expect(seller.getByRole("link", { name: "Chat with shop" })).toHaveAttribute("href", /^\/massages\?shop=\d+&product=\d+$/);
    await expect(seller.getByText("Delivery charge")).toBeVisible();
    await expect(seller.getByText(/^\d+ days?$/)).toBeVisible();

    await expect(page.getByRole("heading", { name: "About Product" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Rating and Review" })).toBeVisible();
    await expect(page.getByText(/^Based on \d+ reviews?$/)).toBeVisible();
    await expect(page.getByRole("list", { name: "Share of reviews by stars" }).getByRole("listitem")).toHaveCount(5);
    await expect(page.getByRole("article", { name: /^Review by / }).first()).toBeVisible();

    const similar = page.getByRole("region", { name: "Similar Products" });
    await expect(similar.getByRole("article")).toHaveCount(6);
    const popular = page.getByRole("region", { name: "Popular Products From Them" });
    await expect(popular.getByRole("article").first()).toBeVisible();
    await similar.getByRole("article").first().getByRole("link").click();
    await expect(page).toHaveURL(/\/products\/\d+\/details$/);
    await expect(page.getByRole("heading", { level: 1 })).not.toHaveText("Premium Cashmere Knit Sweater");
  });

  test("the footer works before its code arrives and is hydrated once scrolled to", async ({ page, jsEnabled, checkA11y }) => {
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
    });
    const footerCode = () => scripts.some((path) => path.includes("/site-footer-"));
    await page.goto(SWEATER);
    const footer = page.getByRole("contentinfo");
    await expect(footer.getByRole("link", { name: "About Us" })).toHaveAttribute("href", "/about-us");
    await checkA11y();
    if (jsEnabled) {
      await expect(page.locator("html[data-hydrated]")).toBeAttached();
      await page.waitForLoadState("networkidle");
      expect(footerCode(), "the footer's code waits until the footer is near").toBe(false);
      await page.evaluate(() => ((window as { stayedOnPage?: boolean }).stayedOnPage = true));
    }
    await footer.scrollIntoViewIfNeeded();
    if (jsEnabled) {
      await expect.poll(footerCode).toBe(true);
      // Its code arrived; a click before React has taken the link over would load the next page as a document.
      const aboutUs = footer.getByRole("link", { name: "About Us" });
      await expect.poll(() => aboutUs.evaluate((link) => Object.keys(link).some((key) => key.startsWith("__reactProps")))).toBe(true);
    }
    await footer.getByRole("link", { name: "About Us" }).click();
    await expect(page).toHaveURL(/\/about-us$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("About Us");
    // With JS the hydrated footer's link navigates in the page; without JS it is a plain link.
    expect(await page.evaluate(() => (window as { stayedOnPage?: boolean }).stayedOnPage === true)).toBe(jsEnabled);
  });

  test("the page carries Product structured data allowed by the Content-Security-Policy", async ({ page, jsEnabled }) => {
    test.skip(jsEnabled, "the same server HTML in both projects");
    const response = await page.goto(SWEATER);
    const html = await response!.text();
    const policy = response!.headers()["content-security-policy"];
    const script = html.match(/<script type="application\/ld\+json"( nonce="[^"]+")?>([^<]*)<\/script>/);
    expect(script).not.toBeNull();
    // A fresh render allows it by this response's nonce, a guest page served from the cache by its hash.
    const nonce = script![1]?.slice(' nonce="'.length, -1);
    const hash = createHash("sha256").update(script![2], "utf8").digest("base64");
    expect(nonce ? policy.includes(`'nonce-${nonce}'`) : policy.includes(`'sha256-${hash}'`)).toBe(true);
    const product = JSON.parse(script![2]);
    expect(product).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Product",
      name: "Premium Cashmere Knit Sweater",
      offers: { "@type": "Offer", priceCurrency: "USD", price: expect.stringMatching(/^\d+\.\d{2}$/) },
      aggregateRating: { "@type": "AggregateRating", reviewCount: expect.any(Number) },
    });
  });

  test("unknown, malformed and inactive ids answer 404 'Page Not Found'", async ({ page, checkA11y }) => {
    for (const path of ["/products/999999/details", "/products/abc/details", "/products/12abc/details", "/products/0/details"]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await expect(page.getByRole("heading", { level: 1, name: "Page Not Found" })).toBeVisible();
    }
    await expect(page).toHaveTitle("Page Not Found - Bazaar");
    await checkA11y();
  });

  test("single-vendor mode keeps the delivery facts and drops the seller box", async ({ page }) => {
    setSetting("multiVendor", "false");
    try {
      await page.goto(SWEATER);
      await expect(page.getByRole("complementary", { name: "Delivery" })).toContainText("Delivery charge");
      await expect(page.getByRole("link", { name: "Visit Store" })).toHaveCount(0);
      await expect(page.getByRole("heading", { name: "Popular Products From Them" })).toHaveCount(0);
    } finally {
      setSetting("multiVendor", "true");
    }
  });
});

test.describe("product details in Arabic", () => {
  test.use({ locale: "ar-SA" });

  test("opens in Arabic, right to left", async ({ page, checkA11y }) => {
    await page.goto(SALE_SHOES);
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page).toHaveTitle("Comfort Knit Running Shoes - Bazaar");
    await expect(page.getByRole("button", { name: "أضف إلى السلة" })).toBeVisible();
    await expect(page.getByRole("button", { name: "اشترِ الآن" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "التقييمات والمراجعات" })).toBeVisible();
    await expect(page.getByText("تخفيضات سريعة")).toBeVisible();
    await checkA11y();
  });
});

test.describe("add to cart", () => {
  test("a guest is sent to log in first, back to this product afterwards", async ({ page }) => {
    await page.goto(SWEATER);
    await page.getByRole("button", { name: "Add to Cart", exact: true }).click();
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fproducts%2F33%2Fdetails/);
    await expect(page.getByRole("status")).toContainText("Please login first!");
    await page.getByLabel("Email or Phone").fill("customer@example.com");
    await page.getByLabel("Password", { exact: true }).fill("secret123");
    await page.getByRole("main").getByRole("button", { name: "Login" }).click();
    // Back on the product, with the colour, size and quantity that were chosen.
    await expect(page).toHaveURL(/\/products\/33\/details\?color=\d+&size=\d+&quantity=1$/);
    await expect(page.getByRole("status")).toContainText("Login Successful");
  });

  test("Buy Now by a guest asks for a login too", async ({ page }) => {
    await page.goto(SWEATER);
    await page.getByRole("button", { name: "Buy Now" }).click();
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fproducts%2F33%2Fdetails/);
    await expect(page.getByRole("status")).toContainText("Please login first!");
  });

  test("a signed-in shopper adds to the cart and stays on the same product", async ({ page, context, baseURL }) => {
    // Customer 2 is the cart's test shopper (tests/e2e/cart.spec.ts empties its cart first).
    await signInAs(context, baseURL!, 2);
    await page.goto(SWEATER);
    await page.getByRole("button", { name: "Add to Cart", exact: true }).click();
    await expect(page.getByRole("status")).toContainText("Premium Cashmere Knit Sweater has been added to cart");
    await expect(page).toHaveURL(/\/products\/33\/details/);
  });

  test("a bad payload goes back to the product with the reason, never a 500", async ({ page, context, baseURL, jsEnabled }) => {
    test.skip(jsEnabled, "plain HTTP posts; the browser's JS plays no part");
    await signInAs(context, baseURL!, 1);
    const post = (form: Record<string, string>) => page.request.post("/cart/add", { form, maxRedirects: 0 });

    const tooMany = await post({ product_id: "33", quantity: "100000" });
    expect(tooMany.status()).toBe(303);
    expect(tooMany.headers()["location"]).toBe("/products/33/details?quantity=100000");
    await page.goto("/products/33/details");
    await expect(page.getByRole("status")).toContainText(/Only \d+ items are in stock\./);

    const foreignOption = await post({ product_id: "33", quantity: "1", color: "999" });
    expect(foreignOption.status()).toBe(303);
    await page.goto("/products/33/details");
    await expect(page.getByRole("status")).toContainText("Please choose one of the options offered.");

    const broken: Record<string, string>[] = [{ product_id: "999999", quantity: "1" }, { product_id: "x'; --", quantity: "a" }, {}];
    for (const form of broken) {
      const response = await post(form);
      expect(response.status()).toBe(303);
    }
    await page.goto("/");
    await expect(page.getByRole("status")).toContainText("This product is not available.");

    const get = await page.request.get("/cart/add", { maxRedirects: 0 });
    expect([302, 303]).toContain(get.status());
    expect(get.headers()["location"]).toBe("/");
  });
});

function fmt(minor: number): string {
  return `$${(minor / 100).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}
