import { useTranslation } from "~/lib/translation";
import type { RatingSummary as Summary } from "~/modules/catalog/reviews.server";
import { RatingStars } from "./rating-stars";

const STARS = [5, 4, 3, 2, 1] as const;

/** The average, the number of reviews and a bar per star count with its share. */
export function RatingSummary({ summary }: { summary: Summary }) {
  const { t } = useTranslation("product");
  return (
    <div className="flex flex-col gap-6 sm:flex-row sm:items-center">
      <div className="flex shrink-0 flex-col items-center gap-1 text-center sm:w-40">
        <p className="text-4xl font-bold text-slate-900" aria-hidden="true">{summary.average.toFixed(1)}</p>
        <RatingStars rating={summary.average} className="h-5" />
        <p className="text-sm text-slate-600">{t("reviews.basedOn", { count: summary.total })}</p>
      </div>
      <ul className="flex-1 space-y-2" aria-label={t("reviews.distribution")}>
        {STARS.map((star) => (
          <li key={star} className="flex items-center gap-3 text-sm">
            <span className="w-16 shrink-0 text-slate-700">{t("reviews.stars", { count: star })}</span>
            <span aria-hidden="true" className="h-2.5 flex-1 overflow-hidden rounded-full bg-slate-200">
              <span className="block h-full rounded-full bg-amber-500" style={{ width: `${summary.percentages[star]}%` }} />
            </span>
            <span className="w-12 shrink-0 text-end tabular-nums text-slate-700">{t("reviews.percent", { percent: summary.percentages[star] })}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
