import type { DisplayCurrency } from "~/lib/money";

/*
 * An order keeps the currency it was placed in (docs/decisions/0019-orders-keep-their-currency.md): every later page
 * of it shows its amounts, and a payment charges them, in that currency at that rate.
 */

interface OrderCurrencyColumns {
  currency_name: string;
  currency_symbol: string;
  currency_position: "prefix" | "suffix";
  currency_rate: number;
}

/** The order's columns for the currency it is placed in. */
export const orderCurrencyColumns = (currency: DisplayCurrency): OrderCurrencyColumns => ({
  currency_name: currency.name,
  currency_symbol: currency.symbol,
  currency_position: currency.position,
  currency_rate: currency.rate_from_default,
});

/** The currency an order was placed in, for formatMoney. */
export const currencyOfOrder = (order: OrderCurrencyColumns): DisplayCurrency => ({
  name: order.currency_name,
  symbol: order.currency_symbol,
  position: order.currency_position,
  rate_from_default: order.currency_rate,
});

/** The columns to read for currencyOfOrder, from the orders table aliased as `o`. */
export const ORDER_CURRENCY_COLUMNS = ["o.currency_name", "o.currency_symbol", "o.currency_position", "o.currency_rate"] as const;
