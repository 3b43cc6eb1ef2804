import type { Db } from "~/lib/db.server";

export interface SubCategory { id: number; name: string; slug: string; thumbnail: string }
export interface Category extends SubCategory { sub_categories: SubCategory[] }
/** What a product list's filters offer of a category: its name and its sub-categories' names. */
export interface CategoryChoice { id: number; name: string; sub_categories: { id: number; name: string }[] }

// One list per settings read: made once, carried by every product list page until the settings change.
const choices = new WeakMap<Category[], CategoryChoice[]>();

/** The categories as a product list's filters offer them. */
export function categoryChoices(categories: Category[]): CategoryChoice[] {
  let list = choices.get(categories);
  if (!list) {
    list = categories.map(({ id, name, sub_categories }) => ({ id, name, sub_categories: sub_categories.map((sub) => ({ id: sub.id, name: sub.name })) }));
    choices.set(categories, list);
  }
  return list;
}

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

/**
 * An active category by id ("12") or slug ("fashion"), with its active sub-categories; null when
 * there is none. Both readings of the category URL (spec §2) land here.
 */
export async function findCategory(db: Db, idOrSlug: string): Promise<Category | null> {
  const key = idOrSlug.trim();
  const byId = /^\d{1,15}$/.test(key);
  if (!byId && !/^[a-z0-9-]{1,120}$/.test(key)) return null;
  const category = await db
    .selectFrom("categories")
    .select(["id", "name", "slug", "thumbnail"])
    .where("is_active", "=", 1)
    .$if(byId, (q) => q.where("id", "=", Number(key)))
    .$if(!byId, (q) => q.where("slug", "=", key))
    .executeTakeFirst();
  if (!category) return null;
  const subs = await db
    .selectFrom("sub_categories")
    .select(["id", "name", "slug", "thumbnail"])
    .where("category_id", "=", category.id)
    .where("is_active", "=", 1)
    .orderBy("sort")
    .orderBy("id")
    .execute();
  return { ...category, sub_categories: subs };
}
