import type { LoaderFunctionArgs } from "@remix-run/node";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, describeEachDatabase, type TestDatabase } from "../../../tests/integration/support/databases";
import { escapeXml, renderSeedArt } from "~/lib/seed-art.server";
import { verifyPassword } from "~/modules/auth/password.server";
import { storedFileSize } from "~/modules/digital/digital-files.server";
import { getSettings } from "~/modules/settings/settings.server";
import { listShops } from "~/modules/shops/shops.server";
import { loader as mediaLoader } from "~/routes/media.seed.$kind.$file";
import { isSeeded, resetDatabase, seedDatabase } from "./index";

const PRODUCTS = 400;

function luminance(hex: string) {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
const contrastWithWhite = (hex: string) => 1.05 / (luminance(hex) + 0.05);

describeEachDatabase("demo marketplace seed", (kind) => {
  let test: TestDatabase;
  const steps = new Set<string>();

  beforeAll(async () => {
    test = await createTestDatabase(kind);
    expect(await isSeeded(test.db)).toBe(false);
    await seedDatabase(test.db, { products: PRODUCTS, onProgress: (step) => steps.add(step) });
  });
  afterAll(() => test?.drop());

  it("reports progress and marks the shop as seeded", async () => {
    expect(await isSeeded(test.db)).toBe(true);
    expect([...steps]).toEqual(expect.arrayContaining(["site", "shops", "products", "content"]));
    await expect(seedDatabase(test.db)).rejects.toThrow(/already/);
  });

  it("opens at least twelve active shops, each with logo, banner and a rating from its reviews", async () => {
    const shops = await test.db.selectFrom("shops").selectAll().where("is_active", "=", 1).execute();
    expect(shops.length).toBeGreaterThanOrEqual(12);
    for (const shop of shops) {
      expect(shop.logo).toMatch(/^\/media\/seed\/logo\/[a-z0-9-]+\.svg$/);
      expect(shop.banner).toMatch(/^\/media\/seed\/banner\/[a-z0-9-]+\.svg$/);
      expect(shop.short_description.length).toBeGreaterThan(10);
      expect(Number(shop.rating)).toBeGreaterThan(0);
      expect(Number(shop.rating)).toBeLessThanOrEqual(5);
      expect(shop.total_reviews).toBeGreaterThan(0);
    }
    const agg = await test.db
      .selectFrom("reviews")
      .select(["shop_id", sql<number>`COUNT(*)`.as("n"), sql<number>`AVG(rating)`.as("avg")])
      .groupBy("shop_id")
      .execute();
    for (const row of agg) {
      const shop = shops.find((s) => s.id === row.shop_id)!;
      expect(shop.total_reviews).toBe(Number(row.n));
      expect(Number(shop.rating)).toBeCloseTo(Number(row.avg), 1);
    }
  });

  it("lists exactly the requested number of products, with unique slugs and codes", async () => {
    const products = await test.db.selectFrom("products").select(["slug", "code", "price", "quantity", "rating", "total_reviews", "id"]).execute();
    expect(products).toHaveLength(PRODUCTS);
    expect(new Set(products.map((p) => p.slug)).size).toBe(PRODUCTS);
    expect(products[0].code).toMatch(/^BZ-\d{6}$/);
    expect(products.every((p) => p.price > 0)).toBe(true);
    expect(products.some((p) => p.quantity === 0)).toBe(true);
    const reviews = await test.db
      .selectFrom("reviews")
      .select(["product_id", sql<number>`COUNT(*)`.as("n"), sql<number>`AVG(rating)`.as("avg")])
      .groupBy("product_id")
      .execute();
    for (const row of reviews) {
      const product = products.find((p) => p.id === row.product_id)!;
      expect(product.total_reviews).toBe(Number(row.n));
      expect(Number(product.rating)).toBeCloseTo(Number(row.avg), 1);
    }
  });

  it("has at least ten categories, each with sub-categories", async () => {
    const categories = await test.db.selectFrom("categories").selectAll().execute();
    const subs = await test.db.selectFrom("sub_categories").selectAll().execute();
    expect(categories.length).toBeGreaterThanOrEqual(10);
    for (const category of categories) {
      expect(subs.filter((s) => s.category_id === category.id).length).toBeGreaterThanOrEqual(3);
    }
    expect(categories.map((c) => c.name)).toEqual(expect.arrayContaining(["Fashion", "Electronics", "Books", "Software & Apps"]));
  });

  it("discounts some products below their price", async () => {
    const discounted = await test.db.selectFrom("products").select(["price", "discount_price"]).where("discount_price", ">", 0).execute();
    expect(discounted.length).toBeGreaterThan(PRODUCTS * 0.25);
    for (const p of discounted) expect(p.discount_price).toBeLessThan(p.price);
  });

  it("sells digital products with a file and licence keys, only in digital categories", async () => {
    const digital = await test.db
      .selectFrom("products")
      .innerJoin("categories", "categories.id", "products.category_id")
      .select(["products.id", "products.slug", "categories.slug as category"])
      .where("products.is_digital", "=", 1)
      .execute();
    expect(digital.length).toBeGreaterThan(0);
    for (const p of digital) expect(["software-apps", "music-media"]).toContain(p.category);
    const ids = digital.map((p) => p.id);
    const files = await test.db.selectFrom("digital_product_files").selectAll().where("product_id", "in", ids).execute();
    const keys = await test.db.selectFrom("product_licenses").selectAll().where("product_id", "in", ids).execute();
    expect(files).toHaveLength(digital.length * 2);
    expect(files.map((file) => file.file_name.slice(-4)).sort()).toEqual([...Array(digital.length).fill(".pdf"), ...Array(digital.length).fill(".zip")]);
    for (const file of files) expect(await storedFileSize(file.path)).toBe(file.size_bytes);
    expect(keys).toHaveLength(digital.length * 5);
    for (const key of keys) expect(key.license_key).toMatch(/^BZ-[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}$/);
    const options = await test.db.selectFrom("product_sizes").select("product_id").where("product_id", "in", ids).execute();
    expect(options).toHaveLength(0);
    const physical = await test.db
      .selectFrom("products")
      .innerJoin("categories", "categories.id", "products.category_id")
      .select("products.id")
      .where("products.is_digital", "=", 0)
      .where("categories.slug", "in", ["software-apps", "music-media"])
      .execute();
    expect(physical).toHaveLength(0);
  });

  it("offers sizes and colours on fashion products", async () => {
    const sized = await test.db
      .selectFrom("product_sizes")
      .innerJoin("sizes", "sizes.id", "product_sizes.size_id")
      .select(["sizes.name", "product_sizes.price"])
      .execute();
    expect(sized.length).toBeGreaterThan(0);
    expect(sized.filter((s) => ["S", "M", "L"].includes(s.name)).every((s) => s.price === 0)).toBe(true);
    expect(sized.some((s) => s.name === "XXL" && s.price > 0)).toBe(true);
    const colors = await test.db.selectFrom("product_colors").select("price").execute();
    expect(colors.length).toBeGreaterThan(0);
    expect(colors.every((c) => c.price >= 0 && c.price <= 300)).toBe(true);
  });

  it("runs one flash sale now and announces one upcoming", async () => {
    const now = Date.now();
    const sales = await test.db.selectFrom("flash_sales").selectAll().execute();
    const running = sales.filter((s) => Date.parse(s.starts_at) <= now && Date.parse(s.ends_at) > now);
    const upcoming = sales.filter((s) => Date.parse(s.starts_at) > now);
    expect(running).toHaveLength(1);
    expect(upcoming).toHaveLength(1);
    expect(running[0].thumbnail).toMatch(/^\/media\/seed\/flash\//);
    const items = await test.db
      .selectFrom("flash_sale_products")
      .innerJoin("products", "products.id", "flash_sale_products.product_id")
      .select(["flash_sale_products.flash_sale_id", "flash_sale_products.price as sale", "products.price", "flash_sale_products.quantity", "flash_sale_products.sale_quantity"])
      .execute();
    const runningItems = items.filter((i) => i.flash_sale_id === running[0].id);
    expect(runningItems.length).toBeGreaterThanOrEqual(12);
    for (const item of runningItems) {
      expect(item.sale).toBe(Math.round(item.price * 0.8));
      expect(item.sale_quantity).toBeLessThanOrEqual(item.quantity);
    }
    expect(items.some((i) => i.flash_sale_id === upcoming[0].id)).toBe(true);
  });

  it("publishes blogs with related products", async () => {
    const blogs = await test.db.selectFrom("blogs").selectAll().execute();
    expect(blogs.length).toBeGreaterThanOrEqual(8);
    expect(new Set(blogs.map((b) => b.slug)).size).toBe(blogs.length);
    const links = await test.db.selectFrom("blog_products").selectAll().execute();
    for (const blog of blogs) {
      expect(blog.description.split("\n\n").length).toBeGreaterThanOrEqual(3);
      const related = links.filter((l) => l.blog_id === blog.id).length;
      expect(related).toBeGreaterThanOrEqual(2);
      expect(related).toBeLessThanOrEqual(4);
    }
  });

  it("gives every shop valid coupons, and keeps one expired coupon", async () => {
    const now = Date.now();
    const shops = await test.db.selectFrom("shops").select("id").execute();
    const coupons = await test.db.selectFrom("coupons").selectAll().execute();
    for (const shop of shops) {
      const valid = coupons.filter((c) => c.shop_id === shop.id && Date.parse(c.starts_at) <= now && Date.parse(c.expires_at) > now);
      expect(valid.length).toBeGreaterThanOrEqual(2);
    }
    expect(coupons.filter((c) => Date.parse(c.expires_at) < now)).toHaveLength(1);
    for (const c of coupons.filter((c) => c.discount_type === "Percentage")) {
      expect(c.discount).toBeLessThanOrEqual(100);
      expect(c.max_discount_amount).toBeGreaterThan(0);
    }
    expect(coupons.some((c) => c.discount_type === "Amount")).toBe(true);
  });

  it("has the legal pages, menus and a footer using every item type", async () => {
    const pages = await test.db.selectFrom("legal_pages").select(["slug", "title", "description"]).execute();
    expect(pages.map((p) => p.slug)).toEqual(
      expect.arrayContaining(["terms-and-conditions", "privacy-policy", "return-policy", "about-us", "shipping-policy"]),
    );
    for (const page of pages) expect(page.description.length).toBeGreaterThan(100);

    const settings = await getSettings(test.db);
    expect(settings.menus.map((m) => m.url)).toEqual(["/", "/shops", "/most-popular", "/best-deal", "/digital-products", "/blogs", "/contact-us", "https://sellers.bazaar.example/guide"]);
    expect(settings.menus.at(-1)).toMatchObject({ is_external: true, target: "_blank" });
    expect(settings.footers).toHaveLength(4);
    const types = new Set(settings.footers.flatMap((f) => f.items.map((i) => i.type)));
    expect([...types].sort()).toEqual(["app_store", "email", "link", "logo", "phone", "social_links", "text"]);
    expect(settings.socialLinks.map((s) => s.name)).toEqual(["Facebook", "X", "Instagram", "YouTube"]);
    expect(settings.paymentGateways.map((g) => g.name)).toEqual(["test", "stripe"]);
  });

  it("configures the shop: name, contact, languages, currencies and an accessible theme", async () => {
    const settings = await getSettings(test.db);
    expect(settings).toMatchObject({
      appName: "Bazaar", mobile: "+1 555 0100", email: "support@bazaar.example", footerText: "Bazaar Marketplace",
      multiVendor: true, cashOnDelivery: true, onlinePayment: true, showDownloadApp: true, defaultLocale: "en",
      currency: { name: "USD", symbol: "$", position: "prefix" },
    });
    expect(settings.appStoreLink).toMatch(/^https:\/\/apps\.apple\.com\//);
    expect(settings.playStoreLink).toMatch(/^https:\/\/play\.google\.com\//);
    expect(settings.languages.map((l) => [l.name, l.direction])).toEqual([["en", "ltr"], ["ar", "rtl"], ["fr", "ltr"]]);
    expect(settings.currencies.map((c) => [c.name, c.rate_from_default])).toEqual([["USD", 1], ["EUR", 0.92], ["SAR", 3.75]]);
    expect(settings.themeColors).not.toBeNull();
    for (const key of ["primary", "600", "700"] as const) {
      expect(contrastWithWhite(settings.themeColors![key])).toBeGreaterThanOrEqual(4.5);
    }
    const countries = await test.db.selectFrom("countries").selectAll().execute();
    expect(countries.length).toBeGreaterThanOrEqual(50);
    expect(countries.find((c) => c.iso2 === "BD")?.phone_code).toBe("+880");
  });

  it("creates the two demo customers with a working password", async () => {
    const users = await test.db.selectFrom("users").selectAll().where("role", "=", "customer").orderBy("id").execute();
    expect(users.map((u) => [u.name, u.email, u.phone_code, u.phone])).toEqual([
      ["Demo Customer", "customer@example.com", "+1", "5550100001"],
      ["Second Customer", "customer2@example.com", "+1", "5550100002"],
    ]);
    for (const user of users) {
      expect(user.email_verified_at).toBeTruthy();
      expect(await verifyPassword("secret123", user.password_hash)).toBe(true);
      expect(await verifyPassword("wrong-password", user.password_hash)).toBe(false);
    }
  });

  it("makes seller@ staff of the first shop on /shops, seller2@ of the second, admin@ the platform admin", async () => {
    const { shops } = await listShops(test.db, { page: 1 });
    const staff = await test.db.selectFrom("users").select(["email", "role", "shop_id", "password_hash"]).where("role", "!=", "customer").orderBy("id").execute();
    expect(staff.map((u) => [u.email, u.role, u.shop_id])).toEqual([
      ["seller@example.com", "seller", shops[0].id],
      ["seller2@example.com", "seller", shops[1].id],
      ["admin@example.com", "admin", null],
    ]);
    for (const user of staff) expect(await verifyPassword("secret123", user.password_hash)).toBe(true);
  });

  it("describes every image with alt text, and every seeded image URL renders", async () => {
    const images = await test.db.selectFrom("product_images").select(["path", "alt"]).execute();
    expect(images.length).toBeGreaterThanOrEqual(PRODUCTS);
    for (const image of images) expect(image.alt.trim()).not.toBe("");
    const banners = await test.db.selectFrom("banners").selectAll().execute();
    expect(banners.filter((b) => b.kind === "hero")).toHaveLength(3);
    expect(banners.filter((b) => b.kind === "ad")).toHaveLength(2);
    for (const banner of banners) expect(banner.alt.trim()).not.toBe("");

    const urls = [
      ...images.map((i) => i.path),
      ...banners.map((b) => b.image),
      ...(await test.db.selectFrom("shops").select(["logo", "banner"]).execute()).flatMap((s) => [s.logo, s.banner]),
      ...(await test.db.selectFrom("categories").select("thumbnail").execute()).map((c) => c.thumbnail),
      ...(await test.db.selectFrom("sub_categories").select("thumbnail").execute()).map((c) => c.thumbnail),
      ...(await test.db.selectFrom("brands").select("logo").execute()).map((b) => b.logo ?? ""),
      ...(await test.db.selectFrom("blogs").select(["thumbnail", "author_photo"]).execute()).flatMap((b) => [b.thumbnail, b.author_photo ?? ""]),
      ...(await test.db.selectFrom("flash_sales").select("thumbnail").execute()).map((f) => f.thumbnail),
      ...(await test.db.selectFrom("social_links").select("logo").execute()).map((s) => s.logo),
      ...(await test.db.selectFrom("payment_gateways").select("logo").execute()).map((g) => g.logo),
      ...(await test.db.selectFrom("users").select("profile_photo").execute()).map((u) => u.profile_photo ?? ""),
    ];
    for (const url of new Set(urls)) {
      const match = /^\/media\/seed\/([a-z]+)\/(.+)\.svg$/.exec(url);
      expect(match, url).not.toBeNull();
      const svg = renderSeedArt(match![1], match![2]);
      expect(svg, url).not.toBeNull();
      expect(svg!.length, url).toBeLessThan(3200);
    }
  });

  it("gives the same catalogue on every run of the same size", async () => {
    const read = () =>
      test.db.selectFrom("products").select(["id", "name", "slug", "price", "discount_price", "shop_id", "category_id"]).orderBy("id").execute();
    const first = await read();
    await resetDatabase(test.db);
    expect(await isSeeded(test.db)).toBe(false);
    expect(await test.db.selectFrom("products").select("id").limit(1).execute()).toHaveLength(0);
    await seedDatabase(test.db, { products: PRODUCTS });
    expect(await read()).toEqual(first);
    // New rows after the seed get fresh ids (the PostgreSQL sequences were moved past the seeded ids).
    const added = await test.db.insertInto("menus").values({ name: "Extra", url: "/extra" }).returning("id").executeTakeFirstOrThrow();
    expect(added.id).toBeGreaterThan(8);
  });
});

describe("seed artwork route", () => {
  const call = (kind: string, file: string) =>
    mediaLoader({ params: { kind, file }, request: new Request(`http://localhost/media/seed/${kind}/${file}`), context: {} as LoaderFunctionArgs["context"] });

  it("serves an immutable SVG", async () => {
    const response = await call("product", "12-1.svg");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/svg+xml");
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    const body = await response.text();
    expect(body.startsWith("<svg")).toBe(true);
    expect(body).toBe(await (await call("product", "12-1.svg")).text());
  });

  it("answers 404 for an unknown kind, a file that is not .svg, or a malformed key", async () => {
    for (const [kind, file] of [["unknown", "a.svg"], ["product", "12-1.png"], ["product", "..svg"], ["social", "myspace.svg"], ["logo", "A<b>.svg"]]) {
      const response = await call(kind, file);
      expect(response.status, `${kind}/${file}`).toBe(404);
      expect(await response.text()).toBe("Not Found");
    }
  });

  it("escapes text it embeds", async () => {
    expect(renderSeedArt("hero", "tom-and-jerry")).toContain("Tom and Jerry");
    expect(renderSeedArt("logo", "x<y")).toBeNull();
    expect(escapeXml(`<a href="x">Tom & 'Jerry'</a>`)).toBe("&lt;a href=&quot;x&quot;&gt;Tom &amp; &apos;Jerry&apos;&lt;/a&gt;");
  });
});
