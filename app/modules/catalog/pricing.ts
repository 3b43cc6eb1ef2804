/**
 * What one unit of a product costs the shopper, in minor units of the default currency (spec §4):
 * a running flash sale's price first, then the discount price when above 0, else the price; chosen
 * colour, size and unit options add their own price on top.
 */
export interface PriceSource {
  price: number;
  discount_price: number;
  /** Sale price while a flash sale runs for this product, else null. */
  flash_price?: number | null;
}

export function basePrice(product: PriceSource): number {
  if (product.flash_price != null && product.flash_price > 0) return product.flash_price;
  if (product.discount_price > 0 && product.discount_price < product.price) return product.discount_price;
  return product.price;
}

export function unitPrice(product: PriceSource, optionPrices: number[] = []): number {
  return basePrice(product) + optionPrices.reduce((sum, extra) => sum + Math.max(0, extra), 0);
}

/** Whole percent saved against the list price, 0 when nothing is saved. */
export function savingPercent(product: PriceSource): number {
  const price = basePrice(product);
  return product.price > 0 && price < product.price ? Math.round((1 - price / product.price) * 100) : 0;
}
