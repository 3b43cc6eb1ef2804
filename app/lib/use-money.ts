import { useRootData } from "~/root";
import { formatMoney } from "./money";

/** formatMoney bound to the shopper's selected currency. */
export function useMoney() {
  const currency = useRootData()?.currency;
  return (minorUnits: number) =>
    formatMoney(minorUnits, currency ?? { name: "USD", symbol: "$", rate_from_default: 1, position: "prefix" });
}
