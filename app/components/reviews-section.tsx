import { useLocation } from "@remix-run/react";
import { pageTemplate, REVIEWS_PAGE_PARAM } from "~/lib/pagination";
import type { ReviewsPage } from "~/modules/catalog/reviews.server";
import { Pagination } from "./pagination";
import { RatingSummary } from "./rating-summary";
import { ReviewList } from "./review-list";

/** A product's or a shop's reviews: the rating summary, a page of reviews and the pages of them. */
export default function ReviewsSection({ id, title, reviews }: { id: string; title: string; reviews: ReviewsPage }) {
  const location = useLocation();
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="space-y-6">
      <h2 id={`${id}-title`} className="text-xl font-bold">{title}</h2>
      <RatingSummary summary={reviews.summary} />
      <ReviewList reviews={reviews.reviews} />
      <Pagination
        totalItems={reviews.summary.total}
        current={reviews.page}
        hrefTemplate={`${pageTemplate(location.pathname, location.search, REVIEWS_PAGE_PARAM)}#${id}`}
      />
    </section>
  );
}
