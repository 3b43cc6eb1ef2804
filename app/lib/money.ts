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
  const amount = amountFormat.format(convertMinorUnits(minorUnits, currency) / 100);
  return currency.position === "suffix" ? `${amount}${currency.symbol}` : `${currency.symbol}${amount}`;
}
