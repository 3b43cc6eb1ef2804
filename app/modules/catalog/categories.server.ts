import type { Db } from "~/lib/db.server";

export interface SubCategory { id: number; name: string; slug: string; thumbnail: string }
export interface Category extends SubCategory { sub_categories: SubCategory[] }

/** Active categories with their active sub-categories, in display order. */
export async function listCategories(db: Db): Promise<Category[]> {
  const [categories, subs] = await Promise.all([
    db.selectFrom("categories").select(["id", "name", "slug", "thumbnail"]).where("is_active", "=", 1)
      .orderBy("sort").orderBy("id").execute(),
    db.selectFrom("sub_categories").select(["id", "category_id", "name", "slug", "thumbnail"]).where("is_active", "=", 1)
      .orderBy("sort").orderBy("id").execute(),
  ]);
  return categories.map((c) => ({
    ...c,
    sub_categories: subs.filter((s) => s.category_id === c.id).map(({ category_id: _, ...s }) => s),
  }));
}
