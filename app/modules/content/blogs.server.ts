import type { Db } from "~/lib/db.server";

export interface BlogSummary {
  id: number;
  title: string;
  slug: string;
  thumbnail: string;
  author_name: string;
  summary: string;
  created_at: string;
  category_name: string;
}

/** Newest active posts first. */
export async function listBlogs(db: Db, { limit }: { limit: number }): Promise<BlogSummary[]> {
  return db
    .selectFrom("blogs as b")
    .innerJoin("blog_categories as c", "c.id", "b.category_id")
    .select(["b.id", "b.title", "b.slug", "b.thumbnail", "b.author_name", "b.summary", "b.created_at", "c.name as category_name"])
    .where("b.is_active", "=", 1)
    .orderBy("b.created_at", "desc")
    .orderBy("b.id", "desc")
    .limit(limit)
    .execute();
}
