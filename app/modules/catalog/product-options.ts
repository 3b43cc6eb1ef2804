import { savingPercent, unitPrice, type PriceSource } from "./pricing";

/**
 * A product's colour, size and unit choices. Shared by the server (the page without JS, the cart
 * check) and the browser (the price updating as the shopper picks), so both compute the same price.
 */
export interface ProductOption {
  id: number;
  name: string;
  /** Added to the unit price when chosen, minor units of the default currency. */
  price: number;
}
export interface ColorOption extends ProductOption {
  color_code: string;
}
export interface ProductOptions {
  colors: ColorOption[];
  sizes: ProductOption[];
  units: ProductOption[];
}

export const OPTION_KINDS = ["color", "size", "unit"] as const;
export type OptionKind = (typeof OPTION_KINDS)[number];
export type ChosenOptionIds = Record<OptionKind, number | null>;

const LISTS = { color: "colors", size: "sizes", unit: "units" } as const satisfies Record<OptionKind, keyof ProductOptions>;

export function optionsOf(product: ProductOptions, kind: OptionKind): ProductOption[] {
  return product[LISTS[kind]];
}

/** A positive whole id from a URL or form value, else null. */
/** The value of the product page's 'Update price' button: the Add to Cart form shows the chosen options' price. */
export const UPDATE_PRICE_INTENT = "update-price";

export function parseId(value: unknown): number | null {
  if (typeof value !== "string" && typeof value !== "number") return null;
  const text = String(value).trim();
  if (!/^\d{1,15}$/.test(text)) return null;
  const id = Number(text);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** The option preselected for a kind: the cheapest (first in display order among equals), so the page opens at the base price. */
function defaultOption(options: ProductOption[]): ProductOption | undefined {
  return options.reduce<ProductOption | undefined>((best, option) => (best === undefined || option.price < best.price ? option : best), undefined);
}

/**
 * The shopper's choice (ids from the URL) checked against the product's real options: an id the
 * product offers is kept; a missing or unknown one falls back to the cheapest option, or null when
 * the product has none of that kind.
 */
export function resolveChosenOptions(product: ProductOptions, requested: Partial<Record<OptionKind, unknown>>): ChosenOptionIds {
  const chosen = {} as ChosenOptionIds;
  for (const kind of OPTION_KINDS) {
    const options = optionsOf(product, kind);
    const id = parseId(requested[kind]);
    chosen[kind] = options.find((option) => option.id === id)?.id ?? defaultOption(options)?.id ?? null;
  }
  return chosen;
}

/** Extra prices of the chosen options (ids the product does not offer add nothing). */
export function chosenOptionPrices(product: ProductOptions, chosen: ChosenOptionIds): number[] {
  return OPTION_KINDS.map((kind) => optionsOf(product, kind).find((option) => option.id === chosen[kind])?.price ?? 0);
}

export interface ChosenPrice {
  /** What one unit costs with the chosen options (flash sale or discount applied). */
  price: number;
  /** The list price with the same options, shown struck through when something is saved. */
  listPrice: number;
  /** Whole percent saved, 0 when nothing is. */
  saving: number;
}

/** The price shown for the chosen options, through the pricing rules only. */
export function priceForChoice(product: PriceSource & ProductOptions, chosen: ChosenOptionIds): ChosenPrice {
  const extras = chosenOptionPrices(product, chosen);
  return {
    price: unitPrice(product, extras),
    listPrice: unitPrice({ price: product.price, discount_price: 0 }, extras),
    saving: savingPercent(product),
  };
}

/** The quantity to preselect: a whole number within [min order, stock], else the min order. */
export function resolveQuantity(product: { min_order_quantity: number; quantity: number }, requested: unknown): number {
  const min = Math.max(1, product.min_order_quantity);
  const max = Math.max(min, product.quantity);
  const value = parseId(requested);
  return value === null ? min : Math.min(max, Math.max(min, value));
}
