/** Dates through Intl in the page's language, with Latin digits like prices. */
export function formatDate(iso: string, locale: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  return dateFormat(locale).format(date);
}

// Making a formatter costs far more than using one, and a page of reviews formats dozens of dates.
const formats = new Map<string, Intl.DateTimeFormat>();
function dateFormat(locale: string) {
  let format = formats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { dateStyle: "medium", numberingSystem: "latn", timeZone: "UTC" });
    formats.set(locale, format);
  }
  return format;
}
