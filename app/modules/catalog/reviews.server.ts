import type { Db } from "~/lib/db.server";
import { DomainError } from "~/lib/domain-error";
import { preparedQuery } from "~/lib/prepared-query.server";
import { PER_PAGE } from "~/lib/pagination";
import { touchSettings } from "~/modules/settings/settings.server";
import type { ReviewInput } from "./review.schema";

/** Whose reviews: one product's, or all of one shop's products'. */
export type ReviewTarget = { productId: number } | { shopId: number };

export interface RatingSummary {
  /** Average stars, one decimal; 0 without reviews. */
  average: number;
  total: number;
  /** Whole percent of the reviews giving 1 … 5 stars. */
  percentages: Record<1 | 2 | 3 | 4 | 5, number>;
}

export interface Review {
  id: number;
  customer_name: string;
  rating: number;
  description: string;
  created_at: string;
}

type TargetColumn = "product_id" | "shop_id";

const targetOf = (target: ReviewTarget): [TargetColumn, number] =>
  "productId" in target ? ["product_id", target.productId] : ["shop_id", target.shopId];

function activeReviews(db: Db, column: TargetColumn, id: number) {
  return db.selectFrom("reviews").where("is_active", "=", 1).where(column, "=", id);
}

const starCountsBy = (column: TargetColumn) =>
  preparedQuery((db, id: number) =>
    activeReviews(db, column, id).select((eb) => ["rating", eb.fn.countAll<number>().as("count")]).groupBy("rating"));
const starCounts = { product_id: starCountsBy("product_id"), shop_id: starCountsBy("shop_id") };

const reviewPageQuery = (column: TargetColumn, size: number) =>
  preparedQuery((db, id: number, offset: number) =>
    activeReviews(db, column, id)
      .select(["id", "customer_name", "rating", "description", "created_at"])
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(size)
      .offset(offset));
/** One prepared query per target and page size (a size is part of the SQL: ADR 0034); sizes come from the code. */
const reviewPageQueries = new Map<string, ReturnType<typeof reviewPageQuery>>();

/** Average, total and the share of each star count, from the active reviews. */
export async function ratingSummary(db: Db, target: ReviewTarget): Promise<RatingSummary> {
  const [column, id] = targetOf(target);
  const rows = await starCounts[column](db, id);
  const counts = new Map(rows.map((row) => [Number(row.rating), Number(row.count)]));
  const total = [...counts.values()].reduce((sum, count) => sum + count, 0);
  const stars = [...counts.entries()].reduce((sum, [rating, count]) => sum + rating * count, 0);
  const percent = (rating: number) => (total > 0 ? Math.round(((counts.get(rating) ?? 0) / total) * 100) : 0);
  return {
    average: total > 0 ? Math.round((stars / total) * 10) / 10 : 0,
    total,
    percentages: { 1: percent(1), 2: percent(2), 3: percent(3), 4: percent(4), 5: percent(5) },
  };
}

/** What a reviews section shows: the summary and one page of reviews. */
export interface ReviewsPage {
  summary: RatingSummary;
  reviews: Review[];
  page: number;
}

export async function reviewsPage(db: Db, target: ReviewTarget, page: number): Promise<ReviewsPage> {
  const [summary, reviews] = await Promise.all([ratingSummary(db, target), listReviews(db, target, { page, perPage: PER_PAGE })]);
  return { summary, reviews, page };
}

/** One page of active reviews, newest first; the count is the summary's `total`. */
export async function listReviews(db: Db, target: ReviewTarget, { page, perPage }: { page: number; perPage: number }): Promise<Review[]> {
  const size = Math.max(1, Math.floor(perPage));
  const offset = (Math.max(1, Math.floor(page)) - 1) * size;
  const [column, id] = targetOf(target);
  let query = reviewPageQueries.get(`${column} ${size}`);
  if (!query) reviewPageQueries.set(`${column} ${size}`, (query = reviewPageQuery(column, size)));
  return query(db, id, offset);
}

/** A delivered item the shopper may review, and whether they did. */
export interface ReviewableItem {
  order_id: number;
  item_id: number;
  product_id: number;
  name: string;
  thumbnail: string | null;
  /** The order is Delivered: only then may its items be reviewed. */
  delivered: boolean;
  reviewed: boolean;
}

/** One item of one of the shopper's orders; null for anyone else's or none. */
export async function findReviewableItem(db: Db, userId: number, orderId: number, itemId: number): Promise<ReviewableItem | null> {
  const row = await db
    .selectFrom("order_items as i")
    .innerJoin("orders as o", "o.id", "i.order_id")
    .leftJoin("reviews as r", "r.order_item_id", "i.id")
    .select(["o.id as order_id", "i.id as item_id", "i.product_id", "i.name", "i.thumbnail", "o.status", "r.id as review_id"])
    .where("i.id", "=", itemId)
    .where("o.id", "=", orderId)
    .where("o.user_id", "=", userId)
    .executeTakeFirst();
  if (!row) return null;
  const { status, review_id, ...item } = row;
  return { ...item, delivered: status === "Delivered", reviewed: review_id !== null };
}

/**
 * Writes the shopper's review of a delivered item, once per item (the unique index refuses a second even when two
 * posts race), and brings the product's and the shop's rating and review count up to date in the same transaction.
 * The settings' version stamp also keys the guest page cache (ADR 0007): touching it drops every cached page on every
 * process, so no guest sees the old rating.
 */
export async function writeReview(db: Db, user: { id: number; name: string }, orderId: number, itemId: number, input: ReviewInput, now = new Date()) {
  const item = await findReviewableItem(db, user.id, orderId, itemId);
  if (!item) throw new ReviewItemNotFoundError();
  if (!item.delivered) throw new DomainError("orders:review.errors.notDelivered");
  if (item.reviewed) throw new DomainError("orders:review.errors.already");
  await db.transaction().execute(async (tx) => {
    const product = await tx.selectFrom("products").select("shop_id").where("id", "=", item.product_id).executeTakeFirstOrThrow();
    const inserted = await tx
      .insertInto("reviews")
      .values({
        product_id: item.product_id,
        shop_id: product.shop_id,
        user_id: user.id,
        customer_name: user.name,
        rating: input.rating,
        description: input.description,
        order_item_id: item.item_id,
        created_at: now.toISOString(),
      })
      .onConflict((conflict) => conflict.column("order_item_id").doNothing())
      .returning("id")
      .executeTakeFirst();
    if (!inserted) throw new DomainError("orders:review.errors.already");
    const forProduct = await ratingSummary(tx, { productId: item.product_id });
    await tx.updateTable("products").set({ rating: forProduct.average, total_reviews: forProduct.total }).where("id", "=", item.product_id).execute();
    const forShop = await ratingSummary(tx, { shopId: product.shop_id });
    await tx.updateTable("shops").set({ rating: forShop.average, total_reviews: forShop.total }).where("id", "=", product.shop_id).execute();
  });
  await touchSettings(db);
  return { product_id: item.product_id };
}

/** Not the shopper's order item (or none): Page Not Found, like any foreign order. */
export class ReviewItemNotFoundError extends DomainError {
  constructor() {
    super("orders:errors.notFound");
    this.name = "ReviewItemNotFoundError";
  }
}
