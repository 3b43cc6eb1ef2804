import type { Db } from "~/lib/db.server";
import { PER_PAGE } from "~/lib/pagination";
import { productCardsByIds, type ProductCard } from "~/modules/catalog/products.server";

/** A post is "new" for five days after it is published. */
const NEW_FOR_MS = 5 * 24 * 60 * 60 * 1000;

export interface BlogCategory { id: number; name: string; slug: string }
export interface BlogCategoryCount extends BlogCategory { total: number }

export interface BlogSummary {
  id: number;
  title: string;
  slug: string;
  thumbnail: string;
  author_name: string;
  summary: string;
  total_views: number;
  created_at: string;
  is_new: boolean;
  category: BlogCategory;
}

export interface BlogDetails extends BlogSummary {
  author_photo: string | null;
  /** The text as plain paragraphs (blank lines separate them in the database); never HTML. */
  paragraphs: string[];
  tags: string[];
}

export interface BlogPage {
  total: number;
  /** The page shown: the one asked for, kept within 1 … last page. */
  page: number;
  perPage: number;
  /** The category filter in effect; an unknown slug is ignored (all posts). */
  category: BlogCategory | null;
  blogs: BlogSummary[];
}

type SummaryRow = Omit<BlogSummary, "is_new" | "category"> & { category_id: number; category_name: string; category_slug: string };

function summaryQuery(db: Db) {
  return db
    .selectFrom("blogs as b")
    .innerJoin("blog_categories as c", "c.id", "b.category_id")
    .select([
      "b.id", "b.title", "b.slug", "b.thumbnail", "b.author_name", "b.summary", "b.total_views", "b.created_at",
      "c.id as category_id", "c.name as category_name", "c.slug as category_slug",
    ])
    .where("b.is_active", "=", 1);
}

function toSummary({ category_id, category_name, category_slug, ...row }: SummaryRow, now: number): BlogSummary {
  return {
    ...row,
    is_new: now - new Date(row.created_at).getTime() < NEW_FOR_MS,
    category: { id: category_id, name: category_name, slug: category_slug },
  };
}

/** Blog categories with the number of active posts in each, in name order. */
export async function listBlogCategories(db: Db): Promise<BlogCategoryCount[]> {
  const rows = await db
    .selectFrom("blog_categories as c")
    .leftJoin("blogs as b", (join) => join.onRef("b.category_id", "=", "c.id").on("b.is_active", "=", 1))
    .select((eb) => ["c.id", "c.name", "c.slug", eb.fn.count<number>("b.id").as("total")])
    .groupBy(["c.id", "c.name", "c.slug"])
    .orderBy("c.name")
    .execute();
  return rows.map((row) => ({ ...row, total: Number(row.total) }));
}

/** One page of active posts, newest first, optionally of one category (by slug). */
export async function listBlogPage(
  db: Db,
  { category: categorySlug, page, perPage = PER_PAGE }: { category?: string | null; page: number; perPage?: number },
  now = Date.now(),
): Promise<BlogPage> {
  const category = categorySlug
    ? ((await db.selectFrom("blog_categories").select(["id", "name", "slug"]).where("slug", "=", categorySlug).executeTakeFirst()) ?? null)
    : null;
  let counted = db.selectFrom("blogs").select((eb) => eb.fn.countAll<number>().as("n")).where("is_active", "=", 1);
  if (category) counted = counted.where("category_id", "=", category.id);
  const total = Number((await counted.executeTakeFirstOrThrow()).n);

  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const shown = Math.min(Math.max(1, Math.floor(page) || 1), lastPage);
  let query = summaryQuery(db);
  if (category) query = query.where("b.category_id", "=", category.id);
  const rows = await query
    .orderBy("b.created_at", "desc")
    .orderBy("b.id", "desc")
    .limit(perPage)
    .offset((shown - 1) * perPage)
    .execute();
  return { total, page: shown, perPage, category, blogs: rows.map((row) => toSummary(row, now)) };
}

/** An active post by its slug, or null (the route answers 404). */
export async function findBlog(db: Db, slug: string, now = Date.now()): Promise<BlogDetails | null> {
  const row = await summaryQuery(db)
    .select(["b.author_photo", "b.description", "b.tags"])
    .where("b.slug", "=", slug)
    .executeTakeFirst();
  if (!row) return null;
  const { author_photo, description, tags, ...summary } = row;
  return {
    ...toSummary(summary, now),
    author_photo,
    paragraphs: description.split(/\n\s*\n/).map((p) => p.trim()).filter(Boolean),
    tags: tags.split(",").map((tag) => tag.trim()).filter(Boolean),
  };
}

/** Other active posts of the same category, newest first. */
export async function listRelatedBlogs(db: Db, blog: Pick<BlogSummary, "id" | "category">, limit = 3, now = Date.now()) {
  const rows = await summaryQuery(db)
    .where("b.category_id", "=", blog.category.id)
    .where("b.id", "!=", blog.id)
    .orderBy("b.created_at", "desc")
    .orderBy("b.id", "desc")
    .limit(limit)
    .execute();
  return rows.map((row) => toSummary(row, now));
}

/** The most viewed active posts, leaving out the one being read. */
export async function listPopularBlogs(db: Db, { exceptId, limit = 4 }: { exceptId?: number; limit?: number } = {}, now = Date.now()) {
  let query = summaryQuery(db);
  if (exceptId !== undefined) query = query.where("b.id", "!=", exceptId);
  const rows = await query.orderBy("b.total_views", "desc").orderBy("b.id").limit(limit).execute();
  return rows.map((row) => toSummary(row, now));
}

/** The active products a post links to, as product cards. */
export async function listBlogProducts(db: Db, blogId: number, limit = 8): Promise<ProductCard[]> {
  const links = await db.selectFrom("blog_products").select("product_id").where("blog_id", "=", blogId).orderBy("product_id").execute();
  return (await productCardsByIds(db, links.map((link) => link.product_id))).slice(0, limit);
}

/**
 * Who has read which post today, so a view counts once per visitor (IP), post and day. Kept in memory and
 * bounded: the log is emptied when the day changes, or when it is full (then a reader may count twice that day).
 */
export class DailyReaders {
  private day = "";
  private readonly seen = new Set<string>();

  constructor(private readonly maxEntries = 100_000) {}

  /** True the first time this visitor opens this post today. */
  firstVisit(blogId: number, visitor: string, now = new Date()): boolean {
    const day = now.toISOString().slice(0, 10);
    if (day !== this.day) {
      this.day = day;
      this.seen.clear();
    }
    const key = `${blogId}|${visitor}`;
    if (this.seen.has(key)) return false;
    if (this.seen.size >= this.maxEntries) this.seen.clear();
    this.seen.add(key);
    return true;
  }
}

const dailyReaders = new DailyReaders();

/** Counts a view of a post unless this visitor already viewed it today. Answers whether it was counted. */
export async function recordBlogView(
  db: Db,
  { blogId, visitor }: { blogId: number; visitor: string },
  readers: DailyReaders = dailyReaders,
): Promise<boolean> {
  if (!readers.firstVisit(blogId, visitor)) return false;
  await db.updateTable("blogs").set((eb) => ({ total_views: eb("total_views", "+", 1) })).where("id", "=", blogId).execute();
  return true;
}
