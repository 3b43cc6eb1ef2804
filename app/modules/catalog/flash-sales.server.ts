import type { Db } from "~/lib/db.server";
import { listProducts, type ProductFilters, type ProductList } from "./products.server";

/** Not-shown facts: a flash sale's page lists 18 products at a time. */
export const FLASH_SALE_PER_PAGE = 18;

export type FlashSaleState = "upcoming" | "running" | "ended";

export interface FlashSale {
  id: number;
  name: string;
  thumbnail: string;
  description: string;
  discount: number;
  starts_at: string;
  ends_at: string;
  state: FlashSaleState;
  /** Seconds until it starts (upcoming) or ends (running); 0 once it has ended. */
  seconds_left: number;
}

type FlashSaleRow = Omit<FlashSale, "state" | "seconds_left">;

function withState(sale: FlashSaleRow, now: Date): FlashSale {
  const at = now.getTime();
  const starts = Date.parse(sale.starts_at);
  const ends = Date.parse(sale.ends_at);
  const state: FlashSaleState = at < starts ? "upcoming" : at < ends ? "running" : "ended";
  const target = state === "upcoming" ? starts : ends;
  return { ...sale, state, seconds_left: Math.max(0, Math.floor((target - at) / 1000)) };
}

const COLUMNS = ["id", "name", "thumbnail", "description", "discount", "starts_at", "ends_at"] as const;

/**
 * The flash sale the home page shows: the one running now (ending soonest), else the next to start;
 * null when there is neither.
 */
export async function currentFlashSale(db: Db, now = new Date()): Promise<FlashSale | null> {
  const at = now.toISOString();
  const running = await db.selectFrom("flash_sales").select(COLUMNS)
    .where("is_active", "=", 1).where("starts_at", "<=", at).where("ends_at", ">", at)
    .orderBy("ends_at").orderBy("id").limit(1).executeTakeFirst();
  if (running) return withState(running, now);
  const upcoming = await db.selectFrom("flash_sales").select(COLUMNS)
    .where("is_active", "=", 1).where("starts_at", ">", at)
    .orderBy("starts_at").orderBy("id").limit(1).executeTakeFirst();
  return upcoming ? withState(upcoming, now) : null;
}

/** An active flash sale by id (running, upcoming or ended), or null. */
export async function findFlashSale(db: Db, id: number, now = new Date()): Promise<FlashSale | null> {
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  const sale = await db.selectFrom("flash_sales").select(COLUMNS).where("id", "=", id).where("is_active", "=", 1).executeTakeFirst();
  return sale ? withState(sale, now) : null;
}

/**
 * One page of a flash sale's products (18 by default) with the list's filters; the cards carry the
 * sale price while the sale runs.
 */
export function listFlashSaleProducts(
  db: Db,
  sale: Pick<FlashSale, "id">,
  filters: ProductFilters = {},
  options: { now?: Date } = {},
): Promise<ProductList> {
  return listProducts(db, { per_page: FLASH_SALE_PER_PAGE, ...filters, flash_sale_id: sale.id }, options);
}
