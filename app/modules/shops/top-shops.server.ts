import type { Db } from "~/lib/db.server";

export interface TopShop {
  id: number;
  name: string;
  logo: string;
  rating: number;
  total_reviews: number;
}

/** Not-shown facts: the home page shows 8 shops (multi-vendor mode only). */
export const TOP_SHOPS = 8;

/** Active shops with the best rating, the most reviewed first among equals. */
export async function listTopRatedShops(db: Db, limit = TOP_SHOPS): Promise<TopShop[]> {
  const rows = await db
    .selectFrom("shops")
    .select(["id", "name", "logo", "rating", "total_reviews"])
    .where("is_active", "=", 1)
    .orderBy("rating", "desc")
    .orderBy("total_reviews", "desc")
    .orderBy("id")
    .limit(limit)
    .execute();
  return rows.map((shop) => ({ ...shop, rating: Number(shop.rating) }));
}
