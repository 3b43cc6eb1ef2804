import { useRootData } from "~/root";
import { DEFAULT_CURRENCY, formatMoney, type DisplayCurrency } from "./money";

/** formatMoney bound to the shopper's selected currency, or to `currency` (the one an order was placed in). */
export function useMoney(currency?: DisplayCurrency) {
  const selected = useRootData()?.currency;
  return (minorUnits: number) =>
    formatMoney(minorUnits, currency ?? selected ?? DEFAULT_CURRENCY);
}
