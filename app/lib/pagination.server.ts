// Loaders read the page number; only the pagination widget needs lib/pagination in the browser, so a page
// without the widget (the home page) does not download it for this.

/** The page number in a query value: a positive integer, else 1. */
export function parsePage(value: string | null | undefined): number {
  const page = Number(value);
  return Number.isSafeInteger(page) && page > 0 ? page : 1;
}
