import type { Db } from "~/lib/db.server";
import { legalPagePath } from "./pages.server";

/** The sitemaps protocol allows at most 50,000 URLs per file. */
export const URLS_PER_SITEMAP = 50_000;

export interface SitemapEntry {
  /** Path from the site root, already URL-safe (ids and slugs). */
  path: string;
  /** ISO-8601 date-time of the last change, when known. */
  lastmod?: string;
}

/** The pages that are the same for every shopper and worth finding from a search engine. */
const FIXED_PATHS = [
  "/", "/products", "/digital-products", "/most-popular", "/best-deal", "/categories", "/shops", "/blogs",
  "/contact-us", "/support",
];

/** How many product sitemaps there are (products-1.xml …), so each stays within the protocol's limit. */
export async function countProductSitemaps(db: Db): Promise<number> {
  const row = await db
    .selectFrom("products as p")
    .innerJoin("shops as s", "s.id", "p.shop_id")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("p.is_active", "=", 1)
    .where("s.is_active", "=", 1)
    .executeTakeFirstOrThrow();
  return Math.ceil(Number(row.n) / URLS_PER_SITEMAP);
}

/** Every public page except products: lists, categories, shops, running and coming flash sales, blogs, policies. */
export async function listPageEntries(db: Db, now = new Date()): Promise<SitemapEntry[]> {
  const [categories, subCategories, shops, flashSales, blogs, pages] = await Promise.all([
    db.selectFrom("categories").select("id").where("is_active", "=", 1).orderBy("sort").orderBy("id").execute(),
    db.selectFrom("sub_categories as sc")
      .innerJoin("categories as c", "c.id", "sc.category_id")
      .select(["sc.id", "sc.category_id"])
      .where("sc.is_active", "=", 1)
      .where("c.is_active", "=", 1)
      .orderBy("sc.category_id").orderBy("sc.sort").orderBy("sc.id")
      .execute(),
    db.selectFrom("shops").select("id").where("is_active", "=", 1).orderBy("id").execute(),
    db.selectFrom("flash_sales").select("id").where("is_active", "=", 1).where("ends_at", ">", now.toISOString()).orderBy("id").execute(),
    db.selectFrom("blogs").select(["slug", "created_at"]).where("is_active", "=", 1).orderBy("created_at", "desc").orderBy("id", "desc").execute(),
    db.selectFrom("legal_pages").select(["slug", "updated_at"]).orderBy("id").execute(),
  ]);
  return [
    ...FIXED_PATHS.map((path) => ({ path })),
    ...categories.map((c) => ({ path: `/categories/${c.id}` })),
    ...subCategories.map((s) => ({ path: `/categories/${s.category_id}?subcategory=${s.id}` })),
    ...shops.map((s) => ({ path: `/shops/${s.id}` })),
    ...flashSales.map((f) => ({ path: `/flash-sale/${f.id}` })),
    ...blogs.map((b) => ({ path: `/blog/${encodeURIComponent(b.slug)}`, lastmod: b.created_at })),
    ...pages.map((p) => ({ path: legalPagePath(p.slug), lastmod: p.updated_at })),
  ];
}

/** The active products of product sitemap `n` (1-based), in id order; empty past the last one. */
export async function listProductEntries(db: Db, n: number): Promise<SitemapEntry[]> {
  if (!Number.isSafeInteger(n) || n < 1) return [];
  const rows = await db
    .selectFrom("products as p")
    .innerJoin("shops as s", "s.id", "p.shop_id")
    .select(["p.id", "p.updated_at"])
    .where("p.is_active", "=", 1)
    .where("s.is_active", "=", 1)
    .orderBy("p.id")
    .limit(URLS_PER_SITEMAP)
    .offset((n - 1) * URLS_PER_SITEMAP)
    .execute();
  return rows.map((p) => ({ path: `/products/${p.id}/details`, lastmod: p.updated_at }));
}

const XML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };
export const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => XML_ESCAPES[c]);

function locations(origin: string, entries: SitemapEntry[], tag: "url" | "sitemap") {
  return entries
    .map((e) => `<${tag}><loc>${escapeXml(origin + e.path)}</loc>${e.lastmod ? `<lastmod>${escapeXml(e.lastmod)}</lastmod>` : ""}</${tag}>`)
    .join("\n");
}

/** A <urlset> sitemap with absolute, XML-escaped URLs. */
export function renderUrlSet(origin: string, entries: SitemapEntry[]): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${locations(origin, entries, "url")}\n</urlset>\n`;
}

/** A <sitemapindex> pointing at the individual sitemaps. */
export function renderSitemapIndex(origin: string, sitemaps: SitemapEntry[]): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${locations(origin, sitemaps, "sitemap")}\n</sitemapindex>\n`;
}

/** The files the index lists: the pages sitemap, then one per 50,000 products. */
export function sitemapFiles(productSitemaps: number): SitemapEntry[] {
  return [
    { path: "/sitemaps/pages.xml" },
    ...Array.from({ length: productSitemaps }, (_, i) => ({ path: `/sitemaps/products-${i + 1}.xml` })),
  ];
}
