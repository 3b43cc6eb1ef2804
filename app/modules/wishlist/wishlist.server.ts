import type { Db } from "~/lib/db.server";
import { preparedQuery } from "~/lib/prepared-query.server";
import { DomainError } from "~/lib/domain-error";
import { PER_PAGE } from "~/lib/pagination";
import { productCardsByIds, type ProductCard } from "~/modules/catalog/products.server";

/**
 * The signed-in shopper's wishlist (spec §2: /wishlist and the hearts; not-shown facts: favorite-add-or-remove).
 * A product is in it while its row exists; it is *shown* (listed, counted, its heart filled) while the product and
 * its shop are active, so a product taken off sale leaves the list and comes back with it.
 */

/** A wishlist keeps at most this many products (a script cannot fill the table, every page carries the hearts). */
export const MAX_WISHLIST = 500;

/** The product does not exist (or cannot be added now): a 404 for pages, an error toast for forms. */
export class WishlistProductNotFoundError extends DomainError {
  constructor() {
    super("wishlist:errors.productNotFound");
    this.name = "WishlistProductNotFoundError";
  }
}

export interface WishlistChange {
  product: { id: number; name: string };
  /** Whether the product is in the wishlist now. */
  inWishlist: boolean;
  /** False when it already was as asked (a second click, a stale page). */
  changed: boolean;
}

export interface WishlistPage {
  /** Products shown in the wishlist (what the pagination counts). */
  total: number;
  /** The page shown: the one asked for, kept within the pages there are. */
  page: number;
  perPage: number;
  /** Newest first. */
  products: ProductCard[];
}

/** The shopper's rows whose product is shown: active, of an active shop. */
function shownItems(db: Db, userId: number) {
  return db
    .selectFrom("wishlist_items as w")
    .innerJoin("products as p", "p.id", "w.product_id")
    .innerJoin("shops as s", "s.id", "p.shop_id")
    .where("w.user_id", "=", userId)
    .where("p.is_active", "=", 1)
    .where("s.is_active", "=", 1);
}

async function productNamed(db: Db, productId: number, { onSaleOnly }: { onSaleOnly: boolean }) {
  const product = await db
    .selectFrom("products as p")
    .innerJoin("shops as s", "s.id", "p.shop_id")
    .select(["p.id", "p.name", "p.is_active", "s.is_active as shop_active"])
    .where("p.id", "=", productId)
    .executeTakeFirst();
  if (!product || (onSaleOnly && (product.is_active !== 1 || product.shop_active !== 1))) throw new WishlistProductNotFoundError();
  return { id: product.id, name: product.name };
}

const validId = (id: number) => Number.isSafeInteger(id) && id > 0;

/** Adds a product on sale to the wishlist; adding it again changes nothing. */
export async function addToWishlist(db: Db, userId: number, productId: number, now = new Date()): Promise<WishlistChange> {
  if (!validId(productId)) throw new WishlistProductNotFoundError();
  const product = await productNamed(db, productId, { onSaleOnly: true });
  const { count } = await db
    .selectFrom("wishlist_items")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("user_id", "=", userId)
    .where("product_id", "!=", product.id)
    .executeTakeFirstOrThrow();
  if (Number(count) >= MAX_WISHLIST) throw new DomainError("wishlist:errors.full", undefined, { count: MAX_WISHLIST });
  const result = await db
    .insertInto("wishlist_items")
    .values({ user_id: userId, product_id: product.id, created_at: now.toISOString() })
    .onConflict((oc) => oc.columns(["user_id", "product_id"]).doNothing())
    .executeTakeFirst();
  return { product, inWishlist: true, changed: Number(result.numInsertedOrUpdatedRows ?? 0) > 0 };
}

/** Takes a product out of the wishlist, on sale or not (a hidden row can always go); taking it out again changes nothing. */
export async function removeFromWishlist(db: Db, userId: number, productId: number): Promise<WishlistChange> {
  if (!validId(productId)) throw new WishlistProductNotFoundError();
  const product = await productNamed(db, productId, { onSaleOnly: false });
  const result = await db.deleteFrom("wishlist_items").where("user_id", "=", userId).where("product_id", "=", product.id).executeTakeFirst();
  return { product, inWishlist: false, changed: Number(result.numDeletedRows) > 0 };
}

/** The heart: out of the wishlist when it is in, else in (API favorite-add-or-remove). */
export async function toggleWishlist(db: Db, userId: number, productId: number, now = new Date()): Promise<WishlistChange> {
  if (!validId(productId)) throw new WishlistProductNotFoundError();
  const row = await db
    .selectFrom("wishlist_items")
    .select("product_id")
    .where("user_id", "=", userId)
    .where("product_id", "=", productId)
    .executeTakeFirst();
  return row ? removeFromWishlist(db, userId, productId) : addToWishlist(db, userId, productId, now);
}

/** How many products the wishlist shows (the header heart's count, the dashboard's counter). */
export async function countWishlist(db: Db, userId: number): Promise<number> {
  const { count } = await shownItems(db, userId).select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirstOrThrow();
  return Number(count);
}

/** One page of the wishlist, newest first, as product cards. */
export async function listWishlist(db: Db, userId: number, { page = 1, perPage = PER_PAGE }: { page?: number; perPage?: number } = {}): Promise<WishlistPage> {
  const total = await countWishlist(db, userId);
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const shown = Math.min(Math.max(1, Math.floor(page) || 1), lastPage);
  if (total === 0) return { total, page: shown, perPage, products: [] };
  const rows = await shownItems(db, userId)
    .select("w.product_id")
    .orderBy("w.created_at", "desc")
    .orderBy("w.product_id", "desc")
    .limit(perPage)
    .offset((shown - 1) * perPage)
    .execute();
  return { total, page: shown, perPage, products: await productCardsByIds(db, rows.map((row) => row.product_id)) };
}

/** Every product id the wishlist shows, newest first: the hearts of whatever page the shopper opens. */
const wishlistRows = preparedQuery((db, userId: number) =>
  shownItems(db, userId).select("w.product_id").orderBy("w.created_at", "desc").orderBy("w.product_id", "desc"));

export async function wishlistIds(db: Db, userId: number): Promise<number[]> {
  return (await wishlistRows(db, userId)).map((row) => row.product_id);
}

/** Which of these products are in the shopper's wishlist (the hearts of one list of products). */
export async function wishlistedAmong(db: Db, userId: number, productIds: number[]): Promise<number[]> {
  const wanted = [...new Set(productIds.filter(validId))];
  if (wanted.length === 0) return [];
  const rows = await shownItems(db, userId).select("w.product_id").where("w.product_id", "in", wanted).execute();
  const found = new Set(rows.map((row) => row.product_id));
  return wanted.filter((id) => found.has(id));
}
