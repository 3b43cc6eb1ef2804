/** Spec §5 defaults: 10 items per page, 5 page numbers shown. */
export const PER_PAGE = 10;
export const PAGES_SHOWN = 5;
/** The query parameter of a page of reviews (product and shop pages, beside their own `page`). */
export const REVIEWS_PAGE_PARAM = "reviews_page";

export interface PageWindow {
  current: number;
  totalPages: number;
  /** The page numbers to show, at most `maxShown`, around the current page. */
  pages: number[];
  previous: number | null;
  next: number | null;
}

const positive = (n: number, fallback: number) => (Number.isFinite(n) && n > 0 ? Math.floor(n) : fallback);

/** Which page numbers to show. Every input is clamped to a sane positive value, so a bad URL never breaks a page. */
export function pageWindow({
  totalItems,
  perPage = PER_PAGE,
  current,
  maxShown = PAGES_SHOWN,
}: {
  totalItems: number;
  perPage?: number;
  current: number;
  maxShown?: number;
}): PageWindow {
  const size = positive(perPage, PER_PAGE);
  const shown = positive(maxShown, PAGES_SHOWN);
  const totalPages = Math.max(1, Math.ceil(Math.max(0, totalItems) / size));
  const page = Math.min(positive(current, 1), totalPages);
  let start = Math.max(1, page - Math.floor(shown / 2));
  const end = Math.min(totalPages, start + shown - 1);
  start = Math.max(1, end - shown + 1);
  const pages = Array.from({ length: end - start + 1 }, (_, i) => start + i);
  return { current: page, totalPages, pages, previous: page > 1 ? page - 1 : null, next: page < totalPages ? page + 1 : null };
}

/** Link type needs a URL with the [page] placeholder (spec §5). */
export function pageHref(template: string, page: number): string {
  if (!template.includes("[page]")) throw new Error("A pagination link needs a URL containing [page]");
  return template.replaceAll("[page]", String(page));
}

/** The current URL with its `page` parameter replaced by the [page] placeholder. */
export function pageTemplate(pathname: string, search: string, param = "page"): string {
  const params = new URLSearchParams(search);
  params.delete(param);
  const rest = params.toString();
  return `${pathname}?${rest ? `${rest}&` : ""}${param}=[page]`;
}
