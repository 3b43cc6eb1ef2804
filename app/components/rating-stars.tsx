import { useTranslation } from "~/lib/translation";
import { NumberInSentence } from "./text-only";

/** The filled part of the row, by whole stars (literal class names, so Tailwind keeps them). */
const FILLED_WIDTH = ["w-0", "w-1/5", "w-2/5", "w-3/5", "w-4/5", "w-full"];

/**
 * Five stars, the rating rounded to whole stars; screen readers hear the exact figure. With `showValue` the figure
 * is also shown after the stars (and read once, as part of the sentence). The row is two spans painted by CSS
 * (.rating-stars in tailwind.css), not five icons: product pages show a dozen of them (ADR 0028). `className`
 * sets the height of a star.
 */
export function RatingStars({ rating, className = "h-4", showValue = false }: { rating: number; className?: string; showValue?: boolean }) {
  const { t } = useTranslation("product");
  const filled = Math.round(rating);
  return (
    <span className="inline-flex items-center">
      <span aria-hidden="true" className={`rating-stars ${className}`}>
        <span className={FILLED_WIDTH[Math.min(5, Math.max(0, filled))]} />
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
