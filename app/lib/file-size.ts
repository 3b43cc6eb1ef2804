const UNITS = [
  { unit: "byte", size: 1 },
  { unit: "kilobyte", size: 1024 },
  { unit: "megabyte", size: 1024 ** 2 },
  { unit: "gigabyte", size: 1024 ** 3 },
] as const;

/** A file's size in the page's language ("810 bytes", "1.4 MB"), with Latin digits like prices and dates. */
export function formatFileSize(bytes: number, locale: string): string {
  const { unit, size } = [...UNITS].reverse().find((candidate) => bytes >= candidate.size) ?? UNITS[0];
  return new Intl.NumberFormat(locale, { style: "unit", unit, unitDisplay: unit === "byte" ? "long" : "short", maximumFractionDigits: 1, numberingSystem: "latn" })
    .format(bytes / size);
}
