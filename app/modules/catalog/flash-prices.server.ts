import type { Db } from "~/lib/db.server";
import { preparedQuery } from "~/lib/prepared-query.server";

export interface FlashPrice { flash_sale_id: number; price: number; ends_at: string }

/** Sale prices of the given products in flash sales running at `now`, one per product (the lowest). */
export async function runningFlashPrices(db: Db, productIds: number[], now = new Date()): Promise<Map<number, FlashPrice>> {
  const prices = new Map<number, FlashPrice>();
  if (productIds.length === 0) return prices;
  const rows = await runningSalePrices(db, [...new Set(productIds)], now.toISOString());
  for (const row of rows) {
    const known = prices.get(row.product_id);
    if (!known || row.price < known.price) prices.set(row.product_id, { flash_sale_id: row.flash_sale_id, price: row.price, ends_at: row.ends_at });
  }
  return prices;
}

const runningSalePrices = preparedQuery((db, productIds: number[], at: string) =>
  db
    .selectFrom("flash_sale_products as fp")
    .innerJoin("flash_sales as f", "f.id", "fp.flash_sale_id")
    .select(["fp.product_id", "fp.flash_sale_id", "fp.price", "f.ends_at"])
    .where("fp.product_id", "in", productIds)
    .where("f.is_active", "=", 1)
    .where("f.starts_at", "<=", at)
    .where("f.ends_at", ">", at));
