import { sql } from "kysely";
import type { Db } from "~/lib/db.server";
import { hashPassword } from "~/modules/auth/password.server";
import { touchSettings, updateSettings } from "~/modules/settings/settings.server";
import { dialectOf } from "../dialect";
import { seedProducts, seedReference, seedShops, updateShopRatings, type Progress } from "./catalogue";
import {
  DEMO_PASSWORD,
  SITE,
  THEME,
  seedBanners,
  seedBlogs,
  seedCoupons,
  seedFlashSales,
  seedLegalPages,
  seedLocales,
  seedNavigation,
  seedStaff,
  seedTicketIssueTypes,
  seedUsers,
} from "./content";
import { syncSequences } from "./insert";

export { DEMO_CUSTOMERS, DEMO_PASSWORD } from "./content";

export interface SeedOptions {
  /** Number of products (default 400). */
  products?: number;
  /** Number of shops (default 12; the first 12 are hand-written, more are generated). */
  shops?: number;
  /** Called as each step advances: (step, done, total). */
  onProgress?: (step: string, done: number, total: number) => void;
}

export const DEFAULT_PRODUCTS = 400;
export const DEFAULT_SHOPS = 12;

/** Tables with a serial `id` the seed writes explicit ids into. */
const ID_TABLES = [
  "languages", "currencies", "countries", "users", "shops", "categories", "sub_categories", "brands", "colors",
  "sizes", "units", "products", "product_images", "digital_product_files", "product_licenses", "flash_sales",
  "banners", "blog_categories", "blogs", "reviews", "coupons", "legal_pages", "menus", "footers", "footer_items",
  "social_links", "payment_gateways", "vat_taxes",
] as const;

/** True when the shop has data (a language exists). */
export async function isSeeded(db: Db): Promise<boolean> {
  const row = await db.selectFrom("languages").select("id").limit(1).executeTakeFirst();
  return row !== undefined;
}

/**
 * Fills an empty, migrated database with the deterministic demo marketplace: settings, languages,
 * currencies, countries, two demo customers, shops, the catalogue with options, stock, digital files
 * and licence keys, reviews and ratings, flash sales, banners, blogs, coupons, legal pages and navigation.
 * The same options always give the same shop (dates are relative to now).
 */
export async function seedDatabase(db: Db, options: SeedOptions = {}): Promise<void> {
  const productCount = Math.max(0, Math.floor(options.products ?? DEFAULT_PRODUCTS));
  const shopCount = Math.max(1, Math.floor(options.shops ?? DEFAULT_SHOPS));
  const report: Progress = options.onProgress ?? (() => {});
  if (await isSeeded(db)) throw new Error("The database already has data; run resetDatabase first.");
  const now = Date.now();

  // scrypt is deliberately slow: hash once, reuse for both demo customers.
  const passwordHash = await hashPassword(DEMO_PASSWORD);

  const siteSteps = 5;
  report("site", 0, siteSteps);
  await db.transaction().execute(async (trx) => {
    await seedLocales(trx);
    report("site", 1, siteSteps);
    await seedUsers(trx, passwordHash, now);
    report("site", 2, siteSteps);
    await seedNavigation(trx);
    report("site", 3, siteSteps);
    await seedLegalPages(trx, now);
    await seedTicketIssueTypes(trx);
  });
  report("site", 4, siteSteps);
  await updateSettings(db, {
    appName: SITE.appName,
    mobile: SITE.mobile,
    email: SITE.email,
    address: SITE.address,
    whatsapp: SITE.whatsapp,
    messenger: SITE.messenger,
    footerText: SITE.footerText,
    footerDescription: SITE.footerDescription,
    appStoreLink: SITE.appStoreLink,
    playStoreLink: SITE.playStoreLink,
    showDownloadApp: true,
    showFooter: true,
    multiVendor: true,
    cashOnDelivery: true,
    onlinePayment: true,
    defaultLocale: "en",
    currencyPosition: "prefix",
    logo: "/brand/logo.svg",
    footerLogo: "/brand/logo-light.svg",
    theme: { ...THEME },
  });
  report("site", siteSteps, siteSteps);

  report("shops", 0, shopCount);
  const { ref, shops } = await db.transaction().execute(async (trx) => {
    const ref = await seedReference(trx);
    const shops = await seedShops(trx, shopCount, now);
    return { ref, shops };
  });
  report("shops", shopCount, shopCount);

  const summary = await seedProducts(db, { count: productCount, shops, ref, now, onProgress: report });
  await updateShopRatings(db, shops, summary, report);

  const contentSteps = 4;
  report("content", 0, contentSteps);
  await db.transaction().execute(async (trx) => {
    await seedFlashSales(trx, summary, now);
    report("content", 1, contentSteps);
    await seedBanners(trx);
    report("content", 2, contentSteps);
    await seedBlogs(trx, summary, now);
    report("content", 3, contentSteps);
    await seedCoupons(trx, shops, now);
    await seedStaff(trx, passwordHash, now);
  });
  await syncSequences(db, ID_TABLES);
  // Fresh statistics: without them SQLite's planner walks the wrong index on large catalogues (16 ms → 0.6 ms).
  await sql`ANALYZE`.execute(db);
  await touchSettings(db);
  report("content", contentSteps, contentSteps);
}

/**
 * Deletes every row of every table (not the migration bookkeeping), children before parents;
 * on PostgreSQL with TRUNCATE … RESTART IDENTITY CASCADE so ids start at 1 again.
 */
export async function resetDatabase(db: Db): Promise<void> {
  if (dialectOf(db) === "postgres") {
    const { rows } = await sql<{ tablename: string }>`
      SELECT tablename FROM pg_tables
      WHERE schemaname = current_schema() AND tablename NOT LIKE 'kysely_migration%'
      ORDER BY tablename`.execute(db);
    if (rows.length === 0) return;
    await sql`TRUNCATE TABLE ${sql.join(rows.map((r) => sql.table(r.tablename)))} RESTART IDENTITY CASCADE`.execute(db);
    return;
  }

  // Plain tables only: the full-text index and its shadow tables follow `products` through their triggers.
  const { rows: tables } = await sql<{ name: string }>`
    SELECT name FROM pragma_table_list
    WHERE schema = 'main' AND type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE 'kysely_migration%'
    ORDER BY name`.execute(db);
  const names = tables.map((t) => t.name);
  const parents = new Map<string, Set<string>>();
  for (const name of names) {
    const { rows } = await sql<{ table: string }>`SELECT "table" FROM pragma_foreign_key_list(${name})`.execute(db);
    parents.set(name, new Set(rows.map((r) => r.table).filter((t) => t !== name)));
  }
  // Children first: a table is deleted once no remaining table references it.
  const order: string[] = [];
  const remaining = new Set(names);
  while (remaining.size > 0) {
    const ready = [...remaining].filter((t) => ![...remaining].some((other) => other !== t && parents.get(other)?.has(t)));
    const batch = ready.length > 0 ? ready : [...remaining]; // a cycle: delete the rest (FKs are checked per statement)
    for (const t of batch) {
      order.push(t);
      remaining.delete(t);
    }
  }
  const hasSequenceTable = (
    await sql<{ n: number }>`SELECT COUNT(*) AS n FROM sqlite_master WHERE type = 'table' AND name = 'sqlite_sequence'`.execute(db)
  ).rows[0]?.n;
  await db.transaction().execute(async (trx) => {
    // Staff and shops refer to each other (users.shop_id, shops.user_id): foreign keys are checked at commit.
    await sql`PRAGMA defer_foreign_keys = ON`.execute(trx);
    for (const table of order) await sql`DELETE FROM ${sql.table(table)}`.execute(trx);
    if (hasSequenceTable) await sql`DELETE FROM sqlite_sequence`.execute(trx);
  });
}
