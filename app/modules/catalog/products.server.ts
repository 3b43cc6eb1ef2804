import type { Db } from "~/lib/db.server";

/** What a product card shows. Prices are minor units of the default currency. */
export interface ProductCard {
  id: number;
  name: string;
  thumbnail: string | null;
  thumbnail_alt: string | null;
  price: number;
  discount_price: number;
  rating: number;
  total_reviews: number;
  is_digital: boolean;
  shop_name: string;
}

/** Most viewed active products, best sellers first among equals. */
export async function listPopularProducts(db: Db, limit: number): Promise<ProductCard[]> {
  const rows = await db
    .selectFrom("products as p")
    .innerJoin("shops as s", "s.id", "p.shop_id")
    .select((eb) => [
      "p.id", "p.name", "p.price", "p.discount_price", "p.rating", "p.total_reviews", "p.is_digital",
      "s.name as shop_name",
      eb.selectFrom("product_images as i").select("i.path").whereRef("i.product_id", "=", "p.id")
        .orderBy("i.sort").limit(1).as("thumbnail"),
      eb.selectFrom("product_images as i").select("i.alt").whereRef("i.product_id", "=", "p.id")
        .orderBy("i.sort").limit(1).as("thumbnail_alt"),
    ])
    .where("p.is_active", "=", 1)
    .where("s.is_active", "=", 1)
    .orderBy("p.total_views", "desc")
    .orderBy("p.total_sold", "desc")
    .orderBy("p.id")
    .limit(limit)
    .execute();
  return rows.map((r) => ({ ...r, is_digital: r.is_digital === 1 }));
}
