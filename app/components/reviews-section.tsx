import type { RatingSummary as Summary, Review } from "~/modules/catalog/reviews.server";
import { Pagination } from "./pagination";
import { RatingSummary } from "./rating-summary";
import { ReviewList } from "./review-list";

/** A product's or a shop's reviews: the rating summary, a page of reviews and the pages of them. */
export default function ReviewsSection({
  id,
  title,
  summary,
  reviews,
  current,
  hrefTemplate,
}: {
  id: string;
  title: string;
  summary: Summary;
  reviews: Review[];
  current: number;
  hrefTemplate: string;
}) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="space-y-6">
      <h2 id={`${id}-title`} className="text-xl font-bold">{title}</h2>
      <RatingSummary summary={summary} />
      <ReviewList reviews={reviews} />
      <Pagination totalItems={summary.total} current={current} hrefTemplate={hrefTemplate} />
    </section>
  );
}
