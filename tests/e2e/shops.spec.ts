import { expect, setSetting, test } from "./fixtures";

test.describe("shops", () => {
  test("the shop list shows cards with item counts and leads to a shop", async ({ page, checkA11y }) => {
    await page.goto("/shops");
    await expect(page).toHaveTitle("Shops - Bazaar");
    await expect(page.getByRole("heading", { level: 1, name: "Shops" })).toBeVisible();
    await expect(page.getByText("12 shops sell on our marketplace.")).toBeVisible();
    const cards = page.getByRole("article");
    await expect(cards).toHaveCount(12);
    await expect(cards.first().getByText(/^\d+ items? · \d+ categor(y|ies)$/)).toBeVisible();
    await checkA11y();

    const name = await cards.first().getByRole("heading").innerText();
    await cards.first().getByRole("link", { name: /^Visit Store/ }).click();
    await expect(page).toHaveURL(/\/shops\/\d+$/);
    // With JS the new page shows once its below-the-fold code has loaded (React keeps the old one meanwhile),
    // which on a busy CI machine can take longer than an expectation's default 5 s.
    await expect(page).toHaveTitle(`${name} - Bazaar`, { timeout: 15_000 });
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  });

  test("a shop page shows its products, searches within them and pages its reviews", async ({ page, checkA11y }) => {
    await page.goto("/shops/2");
    const name = await page.getByRole("heading", { level: 1 }).innerText();
    await expect(page.getByRole("link", { name: "Chat with shop" })).toHaveAttribute("href", "/massages?shop=2");
    const products = page.getByRole("region", { name: "All Products" });
    await expect(products.getByRole("article")).toHaveCount(12);
    await expect(products.getByText(/^\d+ products$/)).toBeVisible();
    await checkA11y();

    // Page 2 of the products keeps the shop.
    await products.getByRole("navigation", { name: "Pagination" }).getByRole("link", { name: "Page 2" }).click();
    await expect(page).toHaveURL(/\/shops\/2\?page=2$/);
    await expect(products.getByRole("article").first()).toBeVisible();

    const first = await products.getByRole("article").first().getByRole("heading").innerText();
    const word = first.split(" ").at(-1)!;
    await page.getByRole("searchbox", { name: "Search this shop's products" }).fill(word.toLowerCase());
    await products.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(new RegExp(`/shops/2\\?search=${word.toLowerCase()}$`));
    await expect(products.getByText(new RegExp(`^\\d+ products? for “${word.toLowerCase()}”$`))).toBeVisible();
    for (const heading of await products.getByRole("article").getByRole("heading").allInnerTexts()) {
      expect(heading.toLowerCase()).toContain(word.toLowerCase());
    }
    await expect(page.getByRole("searchbox", { name: "Search this shop's products" })).toHaveValue(word.toLowerCase());

    await page.getByRole("searchbox", { name: "Search this shop's products" }).fill("%_no such thing_%");
    await products.getByRole("button", { name: "Search" }).click();
    await expect(products.getByText("No products found.")).toBeVisible();

    const reviews = page.getByRole("region", { name: "Rating and Review" });
    await expect(reviews.getByText(/^Based on \d+ reviews$/)).toBeVisible();
    await expect(reviews.getByRole("article")).toHaveCount(10);
    await reviews.getByRole("link", { name: "Page 2" }).click();
    await expect(page).toHaveURL(/reviews_page=2#shop-reviews$/);
    await expect(page).toHaveTitle(`${name} - Bazaar`);
  });

  test("unknown or malformed shop ids answer 404", async ({ page }) => {
    for (const path of ["/shops/9999", "/shops/abc", "/shops/-1"]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await expect(page.getByRole("heading", { level: 1, name: "Page Not Found" })).toBeVisible();
    }
  });

  test("the shop pages still answer in single-vendor mode", async ({ page }) => {
    setSetting("multiVendor", "false");
    try {
      expect((await page.goto("/shops"))?.status()).toBe(200);
      expect((await page.goto("/shops/1"))?.status()).toBe(200);
    } finally {
      setSetting("multiVendor", "true");
    }
  });
});

test.describe("shops in Arabic", () => {
  test.use({ locale: "ar-SA" });

  test("both pages open in Arabic, right to left", async ({ page, checkA11y }) => {
    await page.goto("/shops");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page).toHaveTitle("المتاجر - Bazaar");
    await expect(page.getByRole("link", { name: /^زيارة المتجر/ }).first()).toBeVisible();
    await checkA11y();

    await page.goto("/shops/1");
    await expect(page.getByRole("heading", { name: "جميع المنتجات" })).toBeVisible();
    await expect(page.getByRole("link", { name: "الدردشة مع المتجر" })).toBeVisible();
    await checkA11y();
  });
});
