import { useTranslation } from "~/lib/translation";
import { StarIcon } from "./icons";

/** Five stars, the rating rounded to whole stars; screen readers hear the exact figure. */
export function RatingStars({ rating, className = "h-4 w-4" }: { rating: number; className?: string }) {
  const { t } = useTranslation("product");
  const filled = Math.round(rating);
  return (
    <span className="inline-flex items-center">
      <span aria-hidden="true" className="inline-flex">
        {[1, 2, 3, 4, 5].map((star) => (
          <StarIcon key={star} className={`${className} ${star <= filled ? "text-amber-500" : "text-slate-300"}`} />
        ))}
      </span>
      <span className="sr-only">{t("rating.outOfFive", { rating: rating.toFixed(1) })}</span>
    </span>
  );
}
