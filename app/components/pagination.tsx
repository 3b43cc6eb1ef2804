import { useLocation } from "@remix-run/react";
import { Link } from "~/components/link";
import { useTranslation } from "~/lib/translation";
import { pageHref, pageTemplate, pageWindow, PAGES_SHOWN, PER_PAGE } from "~/lib/pagination";
import { ChevronDownIcon } from "./icons";

/**
 * The pagination widget (spec §5), link type: every page is a plain link, so it works without JS.
 * `hrefTemplate` must contain [page]; by default it is the current URL with `page=[page]`.
 * Arrows follow the text direction; numbers are shown in the page's language.
 */
export function Pagination({
  totalItems,
  current,
  perPage = PER_PAGE,
  maxShown = PAGES_SHOWN,
  hrefTemplate,
}: {
  totalItems: number;
  current: number;
  perPage?: number;
  maxShown?: number;
  hrefTemplate?: string;
}) {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const window = pageWindow({ totalItems, perPage, current, maxShown });
  if (window.totalPages <= 1) return null;
  const template = hrefTemplate ?? pageTemplate(location.pathname, location.search);
  const number = new Intl.NumberFormat(i18n.language === "ir" ? "fa" : i18n.language);
  const cell = "flex h-10 min-w-10 items-center justify-center rounded-md border px-3 text-sm font-medium";
  return (
    <nav aria-label={t("pagination.label")} className="mt-8 flex justify-center">
      <ul className="flex flex-wrap items-center gap-2">
        <li>
          {window.previous ? (
            <Link to={pageHref(template, window.previous)} rel="prev" className={`${cell} border-slate-300 hover:bg-slate-100`}>
              <ChevronDownIcon className="h-4 w-4 rotate-90 rtl:-rotate-90" />
              <span className="sr-only">{t("pagination.previous")}</span>
            </Link>
          ) : null}
        </li>
        {window.pages.map((page) => (
          <li key={page}>
            {page === window.current ? (
              <span aria-current="page" className={`${cell} border-primary bg-primary text-white`}>
                <span className="sr-only">{t("pagination.page")} </span>{number.format(page)}
              </span>
            ) : (
              <Link to={pageHref(template, page)} className={`${cell} border-slate-300 hover:bg-slate-100`}>
                <span className="sr-only">{t("pagination.page")} </span>{number.format(page)}
              </Link>
            )}
          </li>
        ))}
        <li>
          {window.next ? (
            <Link to={pageHref(template, window.next)} rel="next" className={`${cell} border-slate-300 hover:bg-slate-100`}>
              <span className="sr-only">{t("pagination.next")}</span>
              <ChevronDownIcon className="h-4 w-4 -rotate-90 rtl:rotate-90" />
            </Link>
          ) : null}
        </li>
      </ul>
    </nav>
  );
}
