import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

const results = (page: Page) => page.locator("main section[aria-labelledby='results-count']");
const cards = (page: Page) => results(page).getByRole("article");
const count = (page: Page) => page.locator("#results-count");

test.describe("search", () => {
  test("the header search finds products by the start of a word and keeps the text", async ({ page, checkA11y }) => {
    await page.goto("/");
    const box = page.getByRole("banner").getByRole("searchbox", { name: "Search products" });
    await box.fill("lam");
    await box.press("Enter");
    await expect(page).toHaveURL(/\/products\?search=lam$/);
    await expect(page).toHaveTitle("Search results for “lam” - Bazaar");
    await expect(page.getByRole("heading", { level: 1, name: "Search results for “lam”" })).toBeVisible();
    await expect(count(page)).toHaveText("2 products found");
    await expect(cards(page)).toHaveCount(2);
    for (const name of await cards(page).getByRole("heading").allTextContents()) expect(name).toMatch(/Lamp/);
    await expect(page.getByRole("banner").getByRole("searchbox", { name: "Search products" })).toHaveValue("lam");
    await expect(page.getByLabel("Sort by")).toHaveValue("");
    await expect(page.getByLabel("Sort by").locator("option:checked")).toHaveText("Best match");
    await checkA11y();

    await cards(page).first().getByRole("link").click();
    await expect(page).toHaveURL(/\/products\/\d+\/details$/);
  });

  test("finds a product by its code; no match shows an empty state", async ({ page, checkA11y }) => {
    await page.goto("/products?search=BZ-000123");
    await expect(count(page)).toHaveText("1 product found");
    await page.goto("/products?search=qwertyuiop");
    await expect(count(page)).toHaveText("0 products found");
    await expect(page.getByText("No products found")).toBeVisible();
    await expect(page.getByRole("link", { name: "Browse all products" })).toHaveAttribute("href", "/products");
    await checkA11y();
  });

  test("injection attempts are only words", async ({ page }) => {
    for (const attempt of [`'; DROP TABLE products; --`, `"a" OR 1`, `*`]) {
      const response = await page.goto(`/products?search=${encodeURIComponent(attempt)}`);
      expect(response?.status()).toBe(200);
      await expect(count(page)).toBeVisible();
    }
    await page.goto("/products");
    await expect(count(page)).toHaveText(/^[\d,]+ products found$/);
    await expect(cards(page)).toHaveCount(10);
  });

});

test.describe("filters, sort and pages", () => {
  test("combine in the URL and survive a reload", async ({ page, jsEnabled, checkA11y }) => {
    await page.goto("/products");
    await expect(page).toHaveTitle("All Products - Bazaar");
    await expect(page.getByRole("heading", { level: 1, name: "All Products" })).toBeVisible();

    const choose = async (label: string, option: string, param: RegExp) => {
      await page.getByLabel(label, { exact: true }).selectOption({ label: option });
      // With JS a changed choice applies at once.
      if (jsEnabled) await expect(page).toHaveURL(param);
    };
    await choose("Category", "Fashion", /category_id=1/);
    await choose("Colour", "Black", /color_id=1/);
    // Without JS the filters and the sort are two forms (every control inside its own form): each keeps the other.
    if (!jsEnabled) await page.getByRole("button", { name: "Apply filters" }).click();
    await choose("Sort by", "Price: low to high", /sort=price_low_high/);
    if (!jsEnabled) await page.getByRole("button", { name: "Sort", exact: true }).click();
    await expect(page).toHaveURL(/category_id=1/);
    await expect(page).toHaveURL(/color_id=1/);
    await expect(page).toHaveURL(/sort=price_low_high/);
    await expect(count(page)).toHaveText("17 products found");

    const prices = async () =>
      (await cards(page).locator("p.card-prices > span:first-child span:last-child").allTextContents()).map((p) => Number(p.replace(/[$,]/g, "")));
    const firstPage = await prices();
    expect(firstPage).toEqual([...firstPage].sort((a, b) => a - b));

    const pagination = page.getByRole("navigation", { name: "Pagination" });
    await pagination.getByRole("link", { name: "Next page" }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page).toHaveURL(/category_id=1.*color_id=1.*sort=price_low_high|sort=price_low_high.*category_id=1/);
    await expect(pagination.locator("[aria-current=page]")).toHaveText("Page 2");
    await expect(cards(page)).toHaveCount(7);
    const secondPage = await prices();
    expect(secondPage[0]).toBeGreaterThanOrEqual(firstPage[firstPage.length - 1]);

    await page.reload();
    await expect(page.getByLabel("Category", { exact: true })).toHaveValue("1");
    await expect(page.getByLabel("Colour", { exact: true })).toHaveValue("1");
    await expect(page.getByLabel("Sort by")).toHaveValue("price_low_high");
    await expect(pagination.locator("[aria-current=page]")).toHaveText("Page 2");
    await expect(cards(page)).toHaveCount(7);
    await checkA11y();

    await page.getByRole("link", { name: "Clear all", exact: true }).click();
    await expect(page).toHaveURL(/\/products$/);
    await expect(page.getByLabel("Category", { exact: true })).toHaveValue("");
  });

  test("a price range and a rating apply to the price paid and [r, r+1)", async ({ page }) => {
    await page.goto("/products?min_price=10&max_price=20&rating=4&per_page=60");
    const total = Number((await count(page).textContent())!.replace(/\D/g, ""));
    expect(total).toBeGreaterThan(0);
    await expect(page.getByLabel("From ($)")).toHaveValue("10");
    await expect(page.getByLabel("Rating")).toHaveValue("4");
    const shown = await cards(page).locator("p.card-prices > span:first-child span:last-child").allTextContents();
    for (const price of shown) {
      const value = Number(price.replace(/[$,]/g, ""));
      expect(value).toBeGreaterThanOrEqual(10);
      expect(value).toBeLessThanOrEqual(20);
    }
    for (const rating of await cards(page).locator("span[aria-hidden=true]").allTextContents()) {
      expect(Number(rating.split(" ")[0])).toBeGreaterThanOrEqual(4);
      expect(Number(rating.split(" ")[0])).toBeLessThan(5);
    }
  });

  test("bad values are ignored, never an error", async ({ page }) => {
    const response = await page.goto("/products?brand_id=abc&rating=9&min_price=-1&sort=zzz&page=-4&per_page=1e9&is_digital=maybe&category_id=0x1");
    expect(response?.status()).toBe(200);
    await expect(count(page)).toHaveText(/^[\d,]+ products found$/);
    await expect(cards(page)).toHaveCount(10);
    const beyond = await page.goto("/products?page=999999");
    expect(beyond?.status()).toBe(200);
    await expect(cards(page).first()).toBeVisible();
  });
});

test.describe("categories", () => {
  test("the categories page leads to a category and its sub-category", async ({ page, checkA11y }) => {
    await page.goto("/categories");
    await expect(page).toHaveTitle("Categories - Bazaar");
    await expect(page.getByRole("heading", { level: 1, name: "Categories" })).toBeVisible();
    await checkA11y();

    await page.getByRole("link", { name: "Fashion", exact: true }).click();
    await expect(page).toHaveURL(/\/categories\/fashion$/);
    await expect(page).toHaveTitle("Fashion - Bazaar");
    await expect(page.getByRole("heading", { level: 1, name: "Fashion" })).toBeVisible();
    const subs = page.getByRole("navigation", { name: "Sub-categories" });
    await expect(subs.getByRole("link", { name: "All" })).toHaveAttribute("aria-current", "page");

    await subs.getByRole("link", { name: "Women's Clothing" }).click();
    await expect(page).toHaveURL(/\/categories\/1\?subcategory=2$/);
    await expect(page).toHaveTitle("Women's Clothing - Fashion - Bazaar");
    await expect(page.getByRole("heading", { level: 1, name: "Women's Clothing" })).toBeVisible();
    await expect(subs.getByRole("link", { name: "Women's Clothing" })).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "Fashion" })).toHaveAttribute("href", "/categories/1");
    const total = Number((await count(page).textContent())!.replace(/\D/g, ""));
    expect(total).toBeGreaterThan(0);
    await checkA11y();

    // A filter keeps the sub-category.
    await page.getByLabel("Sort by").selectOption({ label: "Price: high to low" });
    await page.getByRole("button", { name: "Sort", exact: true }).click();
    await expect(page).toHaveURL(/subcategory=2/);
    await expect(page).toHaveURL(/sort=price_high_low/);
    await expect(count(page)).toHaveText(`${total} products found`);
  });

  test("the menu's /categories/{id}?subcategory={subId} reading works; unknown categories are 404", async ({ page }) => {
    await page.goto("/categories/1?subcategory=4");
    await expect(page.getByRole("heading", { level: 1, name: "Shoes" })).toBeVisible();
    await page.goto("/categories/1?subcategory=999");
    await expect(page.getByRole("heading", { level: 1, name: "Fashion" })).toBeVisible();
    const missing = await page.goto("/categories/no-such-category");
    expect(missing?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Page Not Found" })).toBeVisible();
    expect((await page.goto("/categories/99999"))?.status()).toBe(404);
  });

});

test.describe("product lists", () => {
  test("digital products are all digital", async ({ page, checkA11y }) => {
    await page.goto("/digital-products");
    await expect(page).toHaveTitle("Digital Products - Bazaar");
    await expect(page.getByRole("heading", { level: 1, name: "Digital Products" })).toBeVisible();
    await expect(cards(page)).toHaveCount(10);
    for (const card of await cards(page).all()) await expect(card.getByText("Digital", { exact: true })).toBeVisible();
    await checkA11y();
  });

  test("most popular starts with the most viewed and can be re-sorted", async ({ page, checkA11y }) => {
    await page.goto("/most-popular");
    await expect(page).toHaveTitle("Most Popular - Bazaar");
    await expect(page.getByLabel("Sort by").locator("option:checked")).toHaveText("Most popular");
    await expect(cards(page)).toHaveCount(10);
    await checkA11y();
    await page.goto("/most-popular?sort=newest");
    await expect(page.getByLabel("Sort by")).toHaveValue("newest");
  });

  test("best deals are all below their list price", async ({ page, checkA11y }) => {
    await page.goto("/best-deal");
    await expect(page).toHaveTitle("Best Deal - Bazaar");
    await expect(cards(page)).toHaveCount(10);
    for (const card of await cards(page).all()) {
      await expect(card.getByText(/^\d+% off$/)).toBeVisible();
      await expect(card.locator("del")).toBeVisible();
    }
    await checkA11y();
  });

});

test.describe("flash sales", () => {
  test("a running flash sale shows sale prices and a countdown", async ({ page, jsEnabled, checkA11y }) => {
    await page.goto("/flash-sale/1");
    await expect(page).toHaveTitle("Mega Flash Sale - Bazaar");
    await expect(page.getByRole("heading", { level: 1, name: "Mega Flash Sale" })).toBeVisible();
    await expect(page.getByText("Ends in")).toBeVisible();
    const countdown = page.locator("main time").first();
    await expect(countdown).toHaveText(/^\d+d \d{2}h \d{2}m \d{2}s$/);
    const shown = await cards(page).count();
    expect(shown).toBeGreaterThan(0);
    expect(shown).toBeLessThanOrEqual(18);
    for (const card of await cards(page).all()) {
      await expect(card.getByText("20% off")).toBeVisible();
      await expect(card.locator("del")).toBeVisible();
    }
    if (jsEnabled) {
      const before = await countdown.textContent();
      await expect(countdown).not.toHaveText(before!, { timeout: 3_000 });
    }
    await checkA11y();
  });

  test("an upcoming sale counts down to its start; an unknown one is 404", async ({ page }) => {
    await page.goto("/flash-sale/2");
    await expect(page.getByText("Starts in")).toBeVisible();
    const missing = await page.goto("/flash-sale/999");
    expect(missing?.status()).toBe(404);
    expect((await page.goto("/flash-sale/abc"))?.status()).toBe(404);
  });
});

// A first visit honours Accept-Language, as a shopper whose browser speaks Arabic would arrive.
test.describe("in Arabic", () => {
  test.use({ locale: "ar-SA" });

  test("Arabic search results, right to left", async ({ page, checkA11y }) => {
    await page.goto("/products?search=lamp");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page).toHaveTitle("نتائج البحث عن «lamp» - Bazaar");
    await expect(count(page)).toHaveText("تم العثور على منتجين");
    await expect(page.getByRole("heading", { name: "عوامل التصفية" })).toBeVisible();
    await checkA11y();
  });

  test("Arabic category page", async ({ page, checkA11y }) => {
    await page.goto("/categories/fashion");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.getByRole("navigation", { name: "الفئات الفرعية" }).getByRole("link", { name: "الكل" })).toBeVisible();
    await expect(page.getByLabel("ترتيب حسب")).toBeVisible();
    await checkA11y();
    await page.goto("/categories");
    await expect(page).toHaveTitle("الفئات - Bazaar");
    await checkA11y();
  });

  test("Arabic lists", async ({ page, checkA11y }) => {
    for (const [path, title] of [["/digital-products", "المنتجات الرقمية"], ["/most-popular", "الأكثر رواجًا"], ["/best-deal", "أفضل العروض"]]) {
      await page.goto(path);
      await expect(page).toHaveTitle(`${title} - Bazaar`);
      await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
      await checkA11y();
    }
  });

  test("Arabic flash sale", async ({ page, checkA11y }) => {
    await page.goto("/flash-sale/1");
    await expect(page.getByText("ينتهي خلال")).toBeVisible();
    await checkA11y();
  });
});
