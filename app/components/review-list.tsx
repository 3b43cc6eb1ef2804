import { useTranslation } from "~/lib/translation";
import { formatDate } from "~/lib/dates";
import type { Review } from "~/modules/catalog/reviews.server";
import { RatingStars } from "./rating-stars";

/** Reviews as written, newest first (the order comes from the query). */
export function ReviewList({ reviews }: { reviews: Review[] }) {
  const { t, i18n } = useTranslation("product");
  if (reviews.length === 0) return <p className="text-slate-600">{t("reviews.empty")}</p>;
  return (
    <ol className="divide-y divide-slate-200">
      {reviews.map((review) => (
        <li key={review.id} className="py-4">
          <article aria-label={t("reviews.by", { name: review.customer_name })}>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="font-semibold text-slate-900">{review.customer_name}</p>
              <time dateTime={review.created_at} className="text-sm text-slate-600">{formatDate(review.created_at, i18n.language)}</time>
            </div>
            <RatingStars rating={review.rating} />
            {review.description ? <p className="mt-2 text-slate-700">{review.description}</p> : null}
          </article>
        </li>
      ))}
    </ol>
  );
}
