import type { Page } from "@playwright/test";
import { expect, setSetting, test } from "./fixtures";

const section = (page: Page, name: string) => page.locator("main section").filter({ has: page.getByRole("heading", { level: 2, name, exact: true }) });

test.describe("home page", () => {
  test("shows banners, the support strip, categories, the flash sale, popular products, shops and Just For You", async ({ page, jsEnabled, checkA11y }) => {
    await page.goto("/");
    await expect(page).toHaveTitle("Home - Bazaar");
    const main = page.locator("main");
    await expect(main.getByRole("heading", { level: 1 })).toHaveCount(1);

    const banners = page.getByRole("region", { name: "Featured offers" });
    await expect(banners.getByRole("link", { name: /New season fashion/ })).toHaveAttribute("href", "/categories/fashion");
    await expect(page.getByRole("region", { name: "Offers" }).getByRole("link", { name: /Software, e-books and courses/ })).toHaveAttribute("href", "/digital-products");

    const strip = page.getByRole("region", { name: "Why shop with us" });
    for (const promise of ["24/7 Customer Support", "Secure Payment Gateways", "Easy Return Policy", "Genuine Customer Reviews"]) {
      await expect(strip.getByText(promise)).toBeVisible();
    }

    const categories = section(page, "Categories");
    await expect(categories.getByRole("listitem")).toHaveCount(10);
    await expect(categories.getByRole("link", { name: /View All.*Categories/ })).toHaveAttribute("href", "/categories");

    const flash = section(page, "Flash Sale");
    await expect(flash.getByText("Mega Flash Sale")).toBeVisible();
    await expect(flash.getByText("Ends in")).toBeVisible();
    const countdown = flash.locator("time");
    await expect(countdown).toHaveText(/^\d+d \d{2}h \d{2}m \d{2}s$/);
    await expect(flash.getByRole("article")).toHaveCount(6);
    await expect(flash.getByRole("article").first().getByText("20% off")).toBeVisible();
    await expect(flash.getByRole("link", { name: /View All.*Flash Sale/ })).toHaveAttribute("href", "/flash-sale/1");
    if (jsEnabled) {
      const before = await countdown.textContent();
      await expect(countdown).not.toHaveText(before!, { timeout: 3_000 });
    }

    const popular = section(page, "Popular Products");
    await expect(popular.getByRole("article")).toHaveCount(6);
    await expect(popular.getByRole("link", { name: /View All.*Popular Products/ })).toHaveAttribute("href", "/most-popular");

    const shops = section(page, "Top Rated Shops");
    await expect(shops.getByRole("listitem")).toHaveCount(8);
    await expect(shops.getByRole("listitem").first().getByRole("link")).toHaveAttribute("href", /^\/shops\/\d+$/);

    await expect(section(page, "Just For You").getByRole("article")).toHaveCount(12);
    await expect(page.getByRole("heading", { name: "Recently Viewed" })).toHaveCount(0);
    await checkA11y();
  });

  test("Load More shows more of Just For You: a link without JS, in place with JS", async ({ page, jsEnabled, checkA11y }) => {
    await page.goto("/");
    const justForYou = section(page, "Just For You");
    const first = await justForYou.getByRole("article").getByRole("heading").allTextContents();
    await justForYou.getByRole("link", { name: "Load More" }).click();
    await expect(justForYou.getByRole("article")).toHaveCount(24);
    if (jsEnabled) {
      await expect(page).toHaveURL(/\/$/);
      // Focus lands on the first new product.
      await expect(justForYou.getByRole("article").nth(12).getByRole("link")).toBeFocused();
    } else {
      await expect(page).toHaveURL(/\/\?page=2#just-for-you-section$/);
    }
    const shown = await justForYou.getByRole("article").getByRole("heading").allTextContents();
    expect(shown.slice(0, 12)).toEqual(first);
    await checkA11y();

    for (let more = 3; more <= 5; more++) {
      await justForYou.getByRole("link", { name: "Load More" }).click();
      await expect(justForYou.getByRole("article")).toHaveCount(12 * more);
    }
    await expect(justForYou.getByRole("link", { name: "Load More" })).toHaveCount(0);
    await expect(justForYou.getByRole("link", { name: "View all products" })).toHaveAttribute("href", "/products");
  });

  test("Recently Viewed lists the products the visitor opened, newest first", async ({ page }) => {
    await page.goto("/products/7/details");
    await page.goto("/products/3/details");
    await page.goto("/");
    const recent = section(page, "Recently Viewed");
    await expect(recent.getByRole("article")).toHaveCount(2);
    await expect(recent.getByRole("article").first().getByRole("link")).toHaveAttribute("href", "/products/3/details");
  });

});

test.describe("home page in Arabic", () => {
  test.use({ locale: "ar-SA" });

  test("sections in Arabic, right to left", async ({ page, checkA11y }) => {
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page).toHaveTitle("الرئيسية - Bazaar");
    for (const heading of ["تخفيضات سريعة", "المتاجر الأعلى تقييمًا", "مختارات لك"]) {
      await expect(page.getByRole("heading", { level: 2, name: heading })).toBeVisible();
    }
    await expect(page.getByText("دعم العملاء على مدار الساعة")).toBeVisible();
    await expect(page.getByText("ينتهي خلال")).toBeVisible();
    await checkA11y();
  });
});

test.describe("single-vendor home", () => {
  test.afterEach(() => setSetting("multiVendor", "true"));

  test("Top Rated Shops shows only in multi-vendor mode", async ({ page }) => {
    setSetting("multiVendor", "false");
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 2, name: "Popular Products" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Top Rated Shops" })).toHaveCount(0);
  });
});
