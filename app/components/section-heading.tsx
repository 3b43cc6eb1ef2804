import { Link } from "~/components/link";
import type { ReactNode } from "react";
import { useTranslation } from "~/lib/translation";
import { formatDate } from "~/lib/dates";
import { Countdown } from "./countdown";

/**
 * A section's h2 with an optional "View All" link; the link's accessible name includes the section
 * title, so several of them on one page still say where they lead.
 */
export function SectionHeading({
  id,
  title,
  viewAll,
  children,
}: {
  id: string;
  title: string;
  viewAll?: { href: string; label: string };
  /** Shown between the title and the link (a countdown, a note). */
  children?: ReactNode;
}) {
  return (
    <div className="mb-4 flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
        <h2 id={id} className="text-xl font-bold">{title}</h2>
        {children}
      </div>
      {viewAll ? (
        <Link to={viewAll.href} className="inline-flex min-h-6 items-center text-sm font-semibold text-primary-700 hover:underline">
          {viewAll.label}<span className="sr-only"> ({title})</span>
        </Link>
      ) : null}
    </div>
  );
}

/**
 * A flash sale's timing beside its heading: "Ends in" or "Starts in" with the countdown (rendered by
 * the server, ticking with JS; the countdown's wording needs the product namespace), or when it ended.
 */
export function FlashSaleTiming({
  sale,
  locale,
}: {
  sale: { state: "upcoming" | "running" | "ended"; starts_at: string; ends_at: string; seconds_left: number };
  locale: string;
}) {
  const { t } = useTranslation("catalog");
  if (sale.state === "ended") {
    return <p className="text-sm font-medium text-slate-700">{t("flashSale.endedOn", { date: formatDate(sale.ends_at, locale) })}</p>;
  }
  return (
    <p className="flex flex-wrap items-center gap-2 text-sm text-slate-800">
      <span className="font-medium">{t(sale.state === "running" ? "flashSale.endsIn" : "flashSale.startsIn")}</span>
      <span className="rounded bg-red-700 px-2 py-1 text-white">
        <Countdown endsAt={sale.state === "running" ? sale.ends_at : sale.starts_at} initialSeconds={sale.seconds_left} />
      </span>
    </p>
  );
}
