import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { signInAs } from "./session";

/**
 * Picks a language from the header's language menu (a plain form post, so it works with JS off too). The menu
 * closes itself when the page hydrates, so a click that lands just before is repeated.
 */
async function chooseLanguage(page: Page, current: string, next: string) {
  const choice = page.getByRole("button", { name: next });
  await expect(async () => {
    if (!(await choice.isVisible())) await page.locator("summary", { hasText: current }).first().click();
    await expect(choice).toBeVisible({ timeout: 1_000 });
  }).toPass();
  await choice.click();
}

test.describe("blogs", () => {
  test("list → category → page 2 → a post with its author, date and products → in Arabic", async ({ page, checkA11y }) => {
    // Five pages, each checked with axe: more than the default 30 s on a 2-core machine under load.
    test.slow();
    await page.goto("/blogs");
    await expect(page).toHaveTitle("Blogs - Bazaar");
    await expect(page.getByRole("heading", { level: 1, name: "Blogs" })).toBeVisible();
    await expect(page.getByText("12 posts")).toBeVisible();
    await expect(page.getByRole("article")).toHaveCount(10);
    await checkA11y();

    const categories = page.getByRole("navigation", { name: "Blog categories" });
    await expect(categories.getByRole("link", { name: "All posts (12)" })).toHaveAttribute("aria-current", "page");
    await categories.getByRole("link", { name: "Tech Talk (3)" }).click();
    await expect(page).toHaveURL(/\/blogs\?category=tech-talk$/);
    await expect(page).toHaveTitle("Tech Talk · Blogs - Bazaar");
    await expect(categories.getByRole("link", { name: "Tech Talk (3)" })).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("article")).toHaveCount(3);
    for (const label of await page.getByRole("article").locator("p.uppercase").allTextContents()) expect(label).toBe("Tech Talk");
    await checkA11y();

    await categories.getByRole("link", { name: "All posts (12)" }).click();
    await expect(page).toHaveURL(/\/blogs$/);
    await page.getByRole("navigation", { name: "Pagination" }).getByRole("link", { name: "Page 2" }).click();
    await expect(page).toHaveURL(/\/blogs\?page=2$/);
    await expect(page.getByRole("article")).toHaveCount(2);
    await expect(page.getByRole("navigation", { name: "Pagination" }).locator('[aria-current="page"]')).toHaveText("Page 2");
    await checkA11y();

    await page.getByRole("link", { name: "Eating Well on a Budget" }).click();
    await expect(page).toHaveURL(/\/blog\/eating-well-on-a-budget$/);
    await expect(page).toHaveTitle("Eating Well on a Budget - Bazaar");
    const post = page.getByRole("article").first();
    await expect(post.getByRole("heading", { level: 1, name: "Eating Well on a Budget" })).toBeVisible();
    await expect(post.getByText("By Omar Haddad")).toBeVisible();
    await expect(post.locator("header time")).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);
    const views = await post.locator("header").getByText(/^\d+ views?$/).textContent();
    const products = page.getByRole("region", { name: "Products in this post" });
    await expect(products.getByRole("link").first()).toHaveAttribute("href", /^\/products\/\d+\/details$/);
    await expect(page.getByRole("region", { name: "Related posts" }).getByRole("article").first()).toBeVisible();
    await expect(page.getByRole("complementary", { name: "Popular posts" }).getByRole("link")).toHaveCount(4);
    await checkA11y();

    // A second look by the same visitor on the same day is not another view.
    await page.reload();
    await expect(post.locator("header").getByText(/^\d+ views?$/)).toHaveText(views!);

    await chooseLanguage(page, "English", "العربية");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page).toHaveURL(/\/blog\/eating-well-on-a-budget$/);
    await expect(page.getByRole("heading", { name: "منتجات في هذا المقال" })).toBeVisible();
    await expect(page.getByRole("complementary", { name: "المقالات الأكثر قراءة" })).toBeVisible();
    await expect(post.getByText("بقلم Omar Haddad")).toBeVisible();
    await checkA11y();
    await page.goto("/blogs");
    await expect(page).toHaveTitle("المدونة - Bazaar");
    await expect(page.getByRole("navigation", { name: "تصنيفات المدونة" }).getByRole("link", { name: "كل المقالات (12)" })).toBeVisible();
    await checkA11y();
  });

  test("a post tells search engines and link previews about itself", async ({ page, baseURL }) => {
    await page.goto("/blog/how-to-spot-a-great-deal-online");
    const head = page.locator("head");
    await expect(head.locator('meta[name="description"]')).toHaveAttribute(
      "content",
      "Five simple habits that help you pay less without buying things you do not need.",
    );
    await expect(head.locator('link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}/blog/how-to-spot-a-great-deal-online`);
    await expect(head.locator('meta[property="og:title"]')).toHaveAttribute("content", "How to Spot a Great Deal Online");
    await expect(head.locator('meta[property="og:type"]')).toHaveAttribute("content", "article");
    await expect(head.locator('meta[property="og:url"]')).toHaveAttribute("content", `${baseURL}/blog/how-to-spot-a-great-deal-online`);
    await expect(head.locator('meta[property="og:image"]')).toHaveAttribute("content", `${baseURL}/media/seed/blog/how-to-spot-a-great-deal-online.svg`);
    await expect(head.locator('meta[property="og:site_name"]')).toHaveAttribute("content", "Bazaar");
    await expect(head.locator('meta[name="twitter:card"]')).toHaveAttribute("content", "summary_large_image");
  });

  test("an unknown post answers 404", async ({ page, checkA11y }) => {
    const response = await page.goto("/blog/no-such-post");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Page Not Found" })).toBeVisible();
    await expect(page).toHaveTitle("Page Not Found - Bazaar");
    await checkA11y();
  });
});

test.describe("policy pages", () => {
  const pages = [
    ["/terms-and-conditions", "Terms & Conditions"],
    ["/privacy-policy", "Privacy Policy"],
    ["/return-policy", "Return Policy"],
    ["/about-us", "About Us"],
    ["/page/shipping-policy", "Shipping Policy"],
  ] as const;

  test("each page shows its title and text, with a canonical address", async ({ page, baseURL, checkA11y }) => {
    // Every policy page, each checked with axe.
    test.slow();
    for (const [path, title] of pages) {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page).toHaveTitle(`${title} - Bazaar`);
      await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
      await expect(page.getByText(/^Last updated: /)).toBeVisible();
      expect(await page.locator("main article p").count()).toBeGreaterThan(2);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}${path}`);
      await checkA11y();
    }
    await page.goto("/page/return-policy");
    await expect(page).toHaveURL(/\/return-policy$/);

    await chooseLanguage(page, "English", "العربية");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.getByText(/^آخر تحديث: /)).toBeVisible();
    await checkA11y();
  });

  test("an unknown page answers 404", async ({ page, checkA11y }) => {
    const response = await page.goto("/page/no-such-page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Page Not Found" })).toBeVisible();
    await checkA11y();
  });
});

test.describe("contact and support", () => {
  test("the contact form explains a mistake under the field, keeps the values, then sends", async ({ page, jsEnabled, checkA11y }) => {
    await page.goto("/contact-us");
    await expect(page).toHaveTitle("Contact Us - Bazaar");
    await expect(page.getByRole("heading", { level: 1, name: "Contact Us" })).toBeVisible();
    const details = page.getByRole("region", { name: "Get in touch" });
    await expect(details.getByRole("link", { name: "+1 555 0100" })).toHaveAttribute("href", "tel:+15550100");
    await expect(details.getByRole("link", { name: "support@bazaar.example" })).toHaveAttribute("href", "mailto:support@bazaar.example");
    await expect(details.getByRole("link", { name: /Chat on WhatsApp/ })).toHaveAttribute("href", "https://wa.me/15550100");
    await checkA11y();

    const form = page.getByRole("region", { name: "Send us a message" });
    await form.getByLabel("Your name").fill("Amina Haddad");
    await form.getByLabel("Phone number").fill("555-CALL-NOW");
    await form.getByLabel("Subject").fill("Late parcel");
    await form.getByLabel("Message").fill("My parcel is three days late. Can you help?");
    const answer = page.waitForResponse((r) => r.url().includes("/contact-us") && r.request().method() === "POST", { timeout: 2_000 }).catch(() => null);
    await form.getByRole("button", { name: "Send Message" }).click();

    const phone = form.getByLabel("Phone number");
    await expect(form.getByText("Enter a phone number of 7 to 15 digits, optionally starting with +.")).toBeVisible();
    await expect(phone).toHaveAttribute("aria-invalid", "true");
    await expect(phone).toHaveAccessibleDescription(/Enter a phone number of 7 to 15 digits/);
    await expect(form.getByLabel("Your name")).toHaveValue("Amina Haddad");
    await expect(form.getByLabel("Message")).toHaveValue("My parcel is three days late. Can you help?");
    // Without JS the server answers 400 with the form; with JS the same rule runs before anything is sent.
    if (!jsEnabled) expect((await answer)?.status()).toBe(400);
    await checkA11y();

    await phone.fill("+1 555 0100 200");
    await form.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByRole("status")).toContainText("Thank you! Your message has been sent. We will reply soon.");
    await expect(page).toHaveURL(/\/contact-us$/);
    await expect(form.getByLabel("Your name")).toHaveValue("");
    await expect(form.getByText("Enter a phone number")).toHaveCount(0);
  });

  test("the contact form answers in Arabic", async ({ page, checkA11y }) => {
    await page.goto("/contact-us");
    await chooseLanguage(page, "English", "العربية");
    await expect(page.getByRole("heading", { level: 1, name: "اتصل بنا" })).toBeVisible();
    await page.getByRole("button", { name: "إرسال الرسالة" }).click();
    await expect(page.getByText("يرجى إدخال اسمك.")).toBeVisible();
    await expect(page.getByText("يرجى كتابة رسالتك.")).toBeVisible();
    await checkA11y();
  });

  test("/support lists help topics and every way to reach the shop", async ({ page, context, baseURL, checkA11y }) => {
    await page.goto("/support");
    await expect(page).toHaveTitle("Support - Bazaar");
    await expect(page.getByRole("heading", { level: 1, name: "Support" })).toBeVisible();
    const topics = page.getByRole("region", { name: "Help topics" });
    for (const topic of ["Orders and delivery", "Returns and refunds", "Payments", "Your account"]) {
      await expect(topics.getByRole("heading", { name: topic })).toBeVisible();
    }
    await expect(topics.getByRole("link", { name: "Read the return policy" })).toHaveAttribute("href", "/return-policy");
    const contact = page.getByRole("region", { name: "Contact us" });
    await expect(contact.getByRole("link", { name: "Send us a message" })).toHaveAttribute("href", "/contact-us");
    await expect(contact.getByRole("link", { name: "+1 555 0100" })).toBeVisible();
    await expect(page.getByText("Signed-in shoppers can open and follow support tickets from their account.")).toBeVisible();
    await checkA11y();

    await signInAs(context, baseURL!, 1);
    await page.reload();
    await expect(page.getByRole("link", { name: "My support tickets" })).toHaveAttribute("href", "/support-tickets");

    await chooseLanguage(page, "English", "العربية");
    await expect(page.getByRole("heading", { level: 1, name: "الدعم" })).toBeVisible();
    await checkA11y();
  });
});

test.describe("for search engines", () => {
  test("sitemap.xml indexes absolute sitemaps of pages and products", async ({ request, baseURL }) => {
    const index = await request.get("/sitemap.xml");
    expect(index.status()).toBe(200);
    expect(index.headers()["content-type"]).toContain("application/xml");
    const indexXml = await index.text();
    expect(indexXml).toContain("<sitemapindex");
    expect(indexXml).toContain(`<loc>${baseURL}/sitemaps/pages.xml</loc>`);
    expect(indexXml).toContain(`<loc>${baseURL}/sitemaps/products-1.xml</loc>`);

    const pages = await (await request.get("/sitemaps/pages.xml")).text();
    for (const path of ["/", "/blogs", "/blog/how-to-spot-a-great-deal-online", "/shops/1", "/categories/1", "/about-us", "/page/shipping-policy"]) {
      expect(pages).toContain(`<loc>${baseURL}${path}</loc>`);
    }
    const products = await (await request.get("/sitemaps/products-1.xml")).text();
    expect(products).toContain("<urlset");
    expect(products).toMatch(new RegExp(`<loc>${baseURL}/products/\\d+/details</loc>`));
    expect((await request.get("/sitemaps/products-2.xml")).status()).toBe(404);
  });

  test("robots.txt keeps crawlers out of personal pages and points to the sitemap", async ({ request, baseURL }) => {
    const robots = await request.get("/robots.txt");
    expect(robots.status()).toBe(200);
    const text = await robots.text();
    for (const path of ["/dashboard", "/order-history", "/wishlist", "/profile", "/checkout", "/buynow", "/cart", "/preferences", "/logout"]) {
      expect(text).toContain(`Disallow: ${path}\n`);
    }
    expect(text).toContain("User-agent: *");
    expect(text).not.toMatch(/^Disallow: \/$/m);
    expect(text).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  });
});

test.describe("caching", () => {
  test("a page the browser revalidates still runs its scripts", async ({ page, jsEnabled }) => {
    test.skip(!jsEnabled, "scripts run only with JavaScript");
    for (let visit = 0; visit < 3; visit++) {
      await page.goto("/blogs");
      await expect.poll(() => page.evaluate(() => "__remixRouter" in window)).toBe(true);
    }
  });
});
