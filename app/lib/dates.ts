/** Dates through Intl in the page's language, with Latin digits like prices. */
export function formatDate(iso: string, locale: string): string {
  // A time in UTC (as every time here is stored) shows its calendar day: formatted once per day and language.
  const day = UTC_TIME.test(iso) ? `${locale} ${iso.slice(0, 10)}` : null;
  const known = day === null ? undefined : formattedDays.get(day);
  if (known !== undefined) return known;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  const text = dateFormat(locale, false).format(date);
  if (day !== null) {
    if (formattedDays.size >= FORMATTED_DAYS) formattedDays.clear();
    formattedDays.set(day, text);
  }
  return text;
}

const UTC_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?Z$/;
const formattedDays = new Map<string, string>();
const FORMATTED_DAYS = 10_000;

/** A date with its time, in UTC and saying so (the server renders it and knows no one's time zone). */
export function formatDateTime(iso: string, locale: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  return dateFormat(locale, true).format(date);
}

/** A chat message's time, spec §9 'hh:mm a, DD MMM, YYYY', in the page's language (UTC, like every time here). */
export function formatMessageTime(iso: string, locale: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  let format = formats.get(`${locale} message`);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, {
      hour: "2-digit", minute: "2-digit", hour12: true, day: "2-digit", month: "short", year: "numeric", numberingSystem: "latn", timeZone: "UTC",
    });
    formats.set(`${locale} message`, format);
  }
  const part = (type: Intl.DateTimeFormatPartTypes) => format.formatToParts(date).find((p) => p.type === type)?.value ?? "";
  return `${part("hour")}:${part("minute")} ${part("dayPeriod")}, ${part("day")} ${part("month")}, ${part("year")}`;
}

// Making a formatter costs far more than using one, and a page of reviews formats dozens of dates.
const formats = new Map<string, Intl.DateTimeFormat>();
function dateFormat(locale: string, withTime: boolean) {
  const key = `${locale} ${withTime}`;
  let format = formats.get(key);
  if (!format) {
    format = withTime
      ? new Intl.DateTimeFormat(locale, { year: "numeric", month: "short", day: "numeric", hour: "numeric", minute: "2-digit", timeZoneName: "short", numberingSystem: "latn", timeZone: "UTC" })
      : new Intl.DateTimeFormat(locale, { dateStyle: "medium", numberingSystem: "latn", timeZone: "UTC" });
    formats.set(key, format);
  }
  return format;
}
