import { useTranslation } from "~/lib/translation";
import { StarIcon } from "./icons";
import { NumberInSentence } from "./text-only";

/**
 * Five stars, the rating rounded to whole stars; screen readers hear the exact figure. With `showValue` the figure
 * is also shown after the stars (and read once, as part of the sentence).
 */
export function RatingStars({ rating, className = "h-4 w-4", showValue = false }: { rating: number; className?: string; showValue?: boolean }) {
  const { t } = useTranslation("product");
  const filled = Math.round(rating);
  return (
    <span className="inline-flex items-center">
      <span aria-hidden="true" className="inline-flex">
        {[1, 2, 3, 4, 5].map((star) => (
          <StarIcon key={star} className={`${className} ${star <= filled ? "text-amber-500" : "text-slate-300"}`} />
        ))}
      </span>
      {showValue ? (
        <span className="ms-1">
          <NumberInSentence sentence={t("rating.outOfFive", { rating: rating.toFixed(1) })} number={rating.toFixed(1)} />
        </span>
      ) : (
        <span className="sr-only">{t("rating.outOfFive", { rating: rating.toFixed(1) })}</span>
      )}
    </span>
  );
}
