/** What a price needs to be shown: the selected currency and where its symbol goes. */
export interface DisplayCurrency {
  name: string;
  symbol: string;
  rate_from_default: number;
  position: "prefix" | "suffix";
}

/** What prices are shown in before the shop's settings are known. */
export const DEFAULT_CURRENCY: DisplayCurrency = { name: "USD", symbol: "$", rate_from_default: 1, position: "prefix" };

const amountFormat = new Intl.NumberFormat("en-US", {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  numberingSystem: "latn",
});

/** Minor units of the default currency in minor units of `currency`, rounded as they are shown and charged. */
export function convertMinorUnits(minorUnits: number, currency: Pick<DisplayCurrency, "rate_from_default">): number {
  return Math.round(minorUnits * currency.rate_from_default);
}

/**
 * The one money function: an amount in minor units of the default currency, converted by the
 * selected currency's rate_from_default and shown with 2 decimals and the symbol before or after.
 */
export function formatMoney(minorUnits: number, currency: DisplayCurrency): string {
  const amount = amountOf(convertMinorUnits(minorUnits, currency));
  return currency.position === "suffix" ? `${amount}${currency.symbol}` : `${currency.symbol}${amount}`;
}

/** Amounts already written, by minor units: a page shows dozens of prices, and Intl's format is the costly part. */
const amounts = new Map<number, string>();
const AMOUNTS_KEPT = 10_000;

function amountOf(minor: number): string {
  // Zero is left out: the map does not tell 0 from -0, which is written "-0.00".
  const known = minor === 0 ? undefined : amounts.get(minor);
  if (known !== undefined) return known;
  const amount = amountFormat.format(minor / 100);
  if (minor !== 0) {
    if (amounts.size >= AMOUNTS_KEPT) amounts.clear();
    amounts.set(minor, amount);
  }
  return amount;
}
