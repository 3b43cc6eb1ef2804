import type { Db } from "~/lib/db.server";
import { PER_PAGE } from "~/lib/pagination";

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

function activeReviews(db: Db, target: ReviewTarget) {
  const query = db.selectFrom("reviews").where("is_active", "=", 1);
  return "productId" in target ? query.where("product_id", "=", target.productId) : query.where("shop_id", "=", target.shopId);
}

/** Average, total and the share of each star count, from the active reviews. */
export async function ratingSummary(db: Db, target: ReviewTarget): Promise<RatingSummary> {
  const rows = await activeReviews(db, target)
    .select((eb) => ["rating", eb.fn.countAll<number>().as("count")])
    .groupBy("rating")
    .execute();
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
  return activeReviews(db, target)
    .select(["id", "customer_name", "rating", "description", "created_at"])
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(size)
    .offset(offset)
    .execute();
}
