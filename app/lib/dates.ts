/** Dates through Intl in the page's language, with Latin digits like prices. */
export function formatDate(iso: string, locale: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  return new Intl.DateTimeFormat(locale, { dateStyle: "medium", numberingSystem: "latn", timeZone: "UTC" }).format(date);
}
