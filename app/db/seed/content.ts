import type { Insertable } from "kysely";
import type { Database, FooterItemType } from "../schema";
import { BLOG_CATEGORIES, BLOG_CLOSING, BLOGS, CATEGORIES, COUNTRIES, LEGAL_PAGES } from "./data";
import type { ProductSummary, SeededShop } from "./catalogue";
import { insertRows, type Executor } from "./insert";
import { Random, daysFrom, slugify } from "./random";
import { ISSUE_TYPE_CODES } from "~/modules/tickets/ticket-status";

type New<T extends keyof Database> = Insertable<Database[T]>;

export const DEMO_PASSWORD = "secret123";
export const DEMO_CUSTOMERS = [
  { name: "Demo Customer", email: "customer@example.com", phone: "5550100001" },
  { name: "Second Customer", email: "customer2@example.com", phone: "5550100002" },
] as const;
/** The demo shop staff (of the first and second shop listed on /shops) and the platform admin. */
export const DEMO_STAFF = [
  { name: "Demo Seller", email: "seller@example.com", phone: "5550100011", role: "seller", shopRank: 0 },
  { name: "Second Seller", email: "seller2@example.com", phone: "5550100012", role: "seller", shopRank: 1 },
  { name: "Platform Admin", email: "admin@example.com", phone: "5550100013", role: "admin", shopRank: null },
] as const;

export const SITE = {
  appName: "Bazaar",
  mobile: "+1 555 0100",
  email: "support@bazaar.example",
  address: "350 Market Street, Suite 12, San Francisco, CA 94105, USA",
  whatsapp: "+1 555 0100",
  messenger: "https://m.me/bazaar.example",
  footerText: "Bazaar Marketplace",
  footerDescription: "Bazaar brings independent shops together: fashion, electronics, books, groceries and instant digital downloads, all in one place.",
  appStoreLink: "https://apps.apple.com/app/bazaar-marketplace/id0000000000",
  playStoreLink: "https://play.google.com/store/apps/details?id=example.bazaar.app",
} as const;

/**
 * Indigo palette (Tailwind's indigo scale). White text reaches WCAG AA (≥ 4.5:1) on primary
 * (#4338ca, 7.9:1), 600 (#4f46e5, 6.3:1) and 700 (#4338ca, 7.9:1).
 */
export const THEME = {
  primary: "#4338ca",
  "50": "#eef2ff",
  "100": "#e0e7ff",
  "200": "#c7d2fe",
  "300": "#a5b4fc",
  "400": "#818cf8",
  "500": "#6366f1",
  "600": "#4f46e5",
  "700": "#4338ca",
  "800": "#3730a3",
  "900": "#312e81",
  "950": "#1e1b4b",
} as const;

export async function seedLocales(db: Executor) {
  await insertRows(db, "languages", [
    { id: 1, name: "en", title: "English", direction: "ltr", is_default: 1, is_active: 1, sort: 1 },
    { id: 2, name: "ar", title: "العربية", direction: "rtl", is_default: 0, is_active: 1, sort: 2 },
    { id: 3, name: "fr", title: "Français", direction: "ltr", is_default: 0, is_active: 1, sort: 3 },
  ]);
  await insertRows(db, "currencies", [
    { id: 1, name: "USD", symbol: "$", rate_from_default: 1, is_default: 1, is_active: 1, sort: 1 },
    { id: 2, name: "EUR", symbol: "€", rate_from_default: 0.92, is_default: 0, is_active: 1, sort: 2 },
    { id: 3, name: "SAR", symbol: "ر.س", rate_from_default: 3.75, is_default: 0, is_active: 1, sort: 3 },
  ]);
  await insertRows(db, "countries", COUNTRIES.map(([name, iso2, phone_code], index) => ({ id: index + 1, name, iso2, phone_code })));
}

/** A demo account: verified, active, a US phone and a drawn avatar; `passwordHash` is computed once (scrypt is slow). */
function demoUser(
  account: { id: number; name: string; email: string; phone: string; role: string; shop_id?: number | null },
  passwordHash: string,
  createdAt: string,
): New<"users"> {
  return {
    ...account,
    shop_id: account.shop_id ?? null,
    phone_code: "+1",
    country_id: COUNTRIES.findIndex(([, iso2]) => iso2 === "US") + 1,
    password_hash: passwordHash,
    profile_photo: `/media/seed/avatar/${slugify(account.name)}.svg`,
    gender: null,
    date_of_birth: null,
    email_verified_at: createdAt,
    phone_verified_at: createdAt,
    is_active: 1,
    last_seen_at: null,
    created_at: createdAt,
    updated_at: createdAt,
  };
}

/** The two demo customers. */
export async function seedUsers(db: Executor, passwordHash: string, now: number) {
  const createdAt = daysFrom(now, -90);
  await insertRows(
    db,
    "users",
    DEMO_CUSTOMERS.map((customer, index) => demoUser({ id: index + 1, ...customer, role: "customer" }, passwordHash, createdAt)),
  );
}

/** The demo staff, once the shops have their ratings: /shops lists by rating, then reviews, then id. */
export async function seedStaff(db: Executor, passwordHash: string, now: number) {
  const listed = await db.selectFrom("shops").select("id").where("is_active", "=", 1).orderBy("rating", "desc").orderBy("total_reviews", "desc").orderBy("id").limit(2).execute();
  const createdAt = daysFrom(now, -120);
  await insertRows(
    db,
    "users",
    DEMO_STAFF.map(({ shopRank, ...staff }, index) =>
      demoUser(
        { id: DEMO_CUSTOMERS.length + index + 1, ...staff, shop_id: shopRank === null ? null : (listed[shopRank]?.id ?? null) },
        passwordHash,
        createdAt,
      ),
    ),
  );
}

/**
 * The issue types a ticket is opened with. Migration 0015 gives a database these rows already; after resetDatabase
 * the seed gives them again (a code already there is left as it is).
 */
export async function seedTicketIssueTypes(db: Executor) {
  await db
    .insertInto("ticket_issue_types")
    .values(ISSUE_TYPE_CODES.map((code, index) => ({ code, sort: index + 1 })))
    .onConflict((conflict) => conflict.column("code").doNothing())
    .execute();
}

export async function seedNavigation(db: Executor) {
  const menus: Array<[string, string]> = [
    ["Home", "/"], ["Shops", "/shops"], ["Most Popular", "/most-popular"], ["Best Deal", "/best-deal"],
    ["Digital Products", "/digital-products"], ["Blogs", "/blogs"], ["Contact Us", "/contact-us"],
  ];
  await insertRows(db, "menus", [
    ...menus.map(([name, url], index) => ({ id: index + 1, name, url, target: "_self", is_external: 0 as const, sort: index + 1 })),
    { id: menus.length + 1, name: "Seller Guide", url: "https://sellers.bazaar.example/guide", target: "_blank", is_external: 1, sort: menus.length + 1 },
  ]);

  await insertRows(db, "footers", [
    { id: 1, title: "Bazaar", sort: 1 },
    { id: 2, title: "Contact", sort: 2 },
    { id: 3, title: "Quick Links", sort: 3 },
    { id: 4, title: "Follow Us", sort: 4 },
  ]);
  const items: Array<[number, FooterItemType, string, string | null, string?]> = [
    [1, "logo", SITE.appName, "/"],
    [1, "text", SITE.footerDescription, null],
    [1, "app_store", "App Store", SITE.appStoreLink, "_blank"],
    [1, "app_store", "Google Play", SITE.playStoreLink, "_blank"],
    [2, "email", SITE.email, `mailto:${SITE.email}`],
    [2, "phone", SITE.mobile, `tel:${SITE.mobile.replace(/\s+/g, "")}`],
    [2, "text", SITE.address, null],
    [3, "link", "About Us", "/about-us"],
    [3, "link", "Terms & Conditions", "/terms-and-conditions"],
    [3, "link", "Privacy Policy", "/privacy-policy"],
    [3, "link", "Return Policy", "/return-policy"],
    [3, "link", "Shipping Policy", "/page/shipping-policy"],
    [3, "link", "Blogs", "/blogs"],
    [3, "link", "Support", "/support"],
    [4, "social_links", "Follow Us", null],
  ];
  await insertRows(
    db,
    "footer_items",
    items.map(([footer_id, type, title, url, target], index) => ({ id: index + 1, footer_id, type, title, url, target: target ?? "_self", sort: index + 1 })),
  );

  await insertRows(db, "social_links", [
    { id: 1, name: "Facebook", link: "https://www.facebook.com/bazaar.example", logo: "/media/seed/social/facebook.svg", sort: 1 },
    { id: 2, name: "X", link: "https://x.com/bazaar_example", logo: "/media/seed/social/x.svg", sort: 2 },
    { id: 3, name: "Instagram", link: "https://www.instagram.com/bazaar.example", logo: "/media/seed/social/instagram.svg", sort: 3 },
    { id: 4, name: "YouTube", link: "https://www.youtube.com/@bazaar.example", logo: "/media/seed/social/youtube.svg", sort: 4 },
  ]);

  await insertRows(db, "payment_gateways", [
    { id: 1, name: "test", title: "Test Gateway", logo: "/media/seed/brand/test.svg", is_active: 1, sort: 1 },
    { id: 2, name: "stripe", title: "Stripe", logo: "/media/seed/brand/stripe.svg", is_active: 1, sort: 2 },
  ]);

  // Applied to each shop's subtotal after its discount (VAT & Taxes lines at checkout).
  await insertRows(db, "vat_taxes", [{ id: 1, name: "VAT", basis_points: 500, is_active: 1, sort: 1 }]);
}

export async function seedLegalPages(db: Executor, now: number) {
  await insertRows(
    db,
    "legal_pages",
    LEGAL_PAGES.map((page, index) => ({
      id: index + 1, slug: page.slug, title: page.title, description: page.paragraphs.join("\n\n"), updated_at: daysFrom(now, -30),
    })),
  );
}

export async function seedFlashSales(db: Executor, summary: ProductSummary, now: number) {
  const rng = Random.for("flash-sales");
  const candidates = rng.shuffle(summary.flashCandidates);
  const running = candidates.slice(0, 16);
  const upcoming = candidates.slice(16, 30);
  await insertRows(db, "flash_sales", [
    {
      id: 1, name: "Mega Flash Sale", thumbnail: "/media/seed/flash/mega-flash-sale.svg",
      description: "20% off hand-picked favourites for a few days only. While stocks last!",
      discount: 20, starts_at: daysFrom(now, -1), ends_at: daysFrom(now, 3), is_active: 1,
    },
    {
      id: 2, name: "Weekend Flash Deals", thumbnail: "/media/seed/flash/weekend-flash-deals.svg",
      description: "Get ready: 25% off top picks from our best shops, starting soon.",
      discount: 25, starts_at: daysFrom(now, 2), ends_at: daysFrom(now, 5), is_active: 1,
    },
  ]);
  const rows: New<"flash_sale_products">[] = [];
  for (const p of running) {
    const quantity = rng.int(20, 100);
    rows.push({ flash_sale_id: 1, product_id: p.id, price: Math.round(p.price * 0.8), discount: 20, quantity, sale_quantity: rng.int(0, Math.floor(quantity * 0.6)) });
  }
  for (const p of upcoming) {
    rows.push({ flash_sale_id: 2, product_id: p.id, price: Math.round(p.price * 0.75), discount: 25, quantity: rng.int(20, 100), sale_quantity: 0 });
  }
  await insertRows(db, "flash_sale_products", rows);
  return rows.length;
}

export async function seedBanners(db: Executor) {
  await insertRows(db, "banners", [
    { id: 1, kind: "hero", title: "New Season Fashion", image: "/media/seed/hero/new-season-fashion.svg", alt: "New season fashion: fresh styles from independent boutiques", url: "/categories/fashion", sort: 1, is_active: 1 },
    { id: 2, kind: "hero", title: "The Latest Electronics", image: "/media/seed/hero/latest-electronics.svg", alt: "The latest phones, laptops and audio gear", url: "/categories/electronics", sort: 2, is_active: 1 },
    { id: 3, kind: "hero", title: "Best Deals of the Week", image: "/media/seed/hero/best-deals-of-the-week.svg", alt: "Best deals of the week: discounts across every category", url: "/best-deal", sort: 3, is_active: 1 },
    { id: 4, kind: "ad", title: "Instant Digital Downloads", image: "/media/seed/hero/instant-digital-downloads.svg", alt: "Software, e-books and courses delivered instantly", url: "/digital-products", sort: 1, is_active: 1 },
    { id: 5, kind: "ad", title: "Discover Top Rated Shops", image: "/media/seed/hero/top-rated-shops.svg", alt: "Discover top rated independent shops", url: "/shops", sort: 2, is_active: 1 },
  ]);
}

export async function seedBlogs(db: Executor, summary: ProductSummary, now: number) {
  await insertRows(db, "blog_categories", BLOG_CATEGORIES.map((name, index) => ({ id: index + 1, name, slug: slugify(name) })));
  const blogs: New<"blogs">[] = [];
  const links: New<"blog_products">[] = [];
  BLOGS.forEach((blog, index) => {
    const rng = Random.for("blog", index);
    const id = index + 1;
    const slug = slugify(blog.title);
    blogs.push({
      id,
      category_id: blog.category + 1,
      title: blog.title,
      slug,
      thumbnail: `/media/seed/blog/${slug}.svg`,
      author_name: blog.author,
      author_photo: `/media/seed/avatar/${slugify(blog.author)}.svg`,
      summary: blog.summary,
      description: [...blog.paragraphs, BLOG_CLOSING[index % BLOG_CLOSING.length]].join("\n\n"),
      tags: blog.tags.join(","),
      total_views: rng.int(40, 4000),
      is_active: 1,
      // The newest posts are a couple of days old (so "new" badges show), the oldest ~5 months.
      created_at: daysFrom(now, -(index * 12 + rng.int(1, 3))),
    });
    const c = CATEGORIES.findIndex((category) => category.slug === blog.related);
    let pool = summary.byCategory[c] ?? [];
    if (pool.length < 2) pool = summary.byCategory.flat();
    for (const productId of rng.sample(pool, rng.int(2, 4))) links.push({ blog_id: id, product_id: productId });
  });
  await insertRows(db, "blogs", blogs);
  await insertRows(db, "blog_products", links);
  return { blogs: blogs.length, blog_products: links.length };
}

export async function seedCoupons(db: Executor, shops: SeededShop[], now: number) {
  const rows: New<"coupons">[] = [];
  const startsAt = daysFrom(now, -7);
  const expiresAt = daysFrom(now, 60);
  for (const shop of shops) {
    const rng = Random.for("coupons", shop.id);
    const percent = rng.pick([10, 15, 20]);
    rows.push({
      id: rows.length + 1, shop_id: shop.id, code: `SHOP${shop.id}-${percent}OFF`, discount_type: "Percentage", discount: percent,
      min_order_amount: rng.pick([2000, 3000, 5000]), max_discount_amount: rng.pick([1000, 1500, 2500]), limit_for_user: rng.int(1, 3),
      starts_at: startsAt, expires_at: expiresAt, is_active: 1,
    });
    const amount = rng.pick([500, 1000, 1500]);
    rows.push({
      id: rows.length + 1, shop_id: shop.id, code: `SHOP${shop.id}-SAVE${amount / 100}`, discount_type: "Amount", discount: amount,
      min_order_amount: amount * rng.int(4, 6), max_discount_amount: null, limit_for_user: 1,
      starts_at: startsAt, expires_at: expiresAt, is_active: 1,
    });
    if (rng.chance(0.5)) {
      rows.push({
        id: rows.length + 1, shop_id: shop.id, code: `SHOP${shop.id}-WELCOME5`, discount_type: "Percentage", discount: 5,
        min_order_amount: 0, max_discount_amount: 500, limit_for_user: 1,
        starts_at: startsAt, expires_at: daysFrom(now, 30), is_active: 1,
      });
    }
  }
  if (shops.length > 0) {
    rows.push({
      id: rows.length + 1, shop_id: shops[0].id, code: `SHOP${shops[0].id}-SPRING25`, discount_type: "Percentage", discount: 25,
      min_order_amount: 3000, max_discount_amount: 2000, limit_for_user: 1,
      starts_at: daysFrom(now, -90), expires_at: daysFrom(now, -30), is_active: 1,
    });
  }
  await insertRows(db, "coupons", rows);
  return rows.length;
}
