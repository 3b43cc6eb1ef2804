/**
 * The checkout's arithmetic, one shop at a time, in integer minor units of the default currency. Pure, so the
 * page, the order and the table of hand-computed cases all use the same figures.
 */

export interface CouponTerms {
  discount_type: "Amount" | "Percentage";
  /** A whole percent for 'Percentage', minor units for 'Amount'. */
  discount: number;
  min_order_amount: number;
  /** Cap on a percentage discount; null or 0 for none. */
  max_discount_amount: number | null;
}

export interface TaxRate { name: string; basis_points: number }
export interface TaxLine extends TaxRate { amount: number }

export interface ShopTotals {
  subtotal: number;
  discount: number;
  delivery_charge: number;
  taxes: TaxLine[];
  tax_amount: number;
  payable: number;
}

/** Half away from zero, so 0.5 of a cent is charged the way a shopper rounds it on paper. */
const round = (value: number) => Math.sign(value) * Math.round(Math.abs(value));

/** What the coupon takes off a subtotal that reaches its minimum spend; never more than the subtotal. */
export function couponDiscount(coupon: CouponTerms, subtotal: number): number {
  if (subtotal <= 0 || subtotal < coupon.min_order_amount) return 0;
  let discount = coupon.discount_type === "Percentage" ? round((subtotal * coupon.discount) / 100) : coupon.discount;
  if (coupon.discount_type === "Percentage" && coupon.max_discount_amount) discount = Math.min(discount, coupon.max_discount_amount);
  return Math.max(0, Math.min(discount, subtotal));
}

/**
 * One shop's figures: the lines' subtotal, the coupon's discount, the shop's delivery charge when anything must be
 * shipped (digital-only orders ship nothing), each tax on the discounted subtotal, and the total payable.
 */
export function shopTotals(input: {
  lines: { unit_price: number; quantity: number; is_digital: boolean }[];
  delivery_charge: number;
  coupon: CouponTerms | null;
  taxes: TaxRate[];
}): ShopTotals {
  const subtotal = input.lines.reduce((sum, line) => sum + line.unit_price * line.quantity, 0);
  const discount = input.coupon ? couponDiscount(input.coupon, subtotal) : 0;
  const delivery_charge = input.lines.some((line) => !line.is_digital) ? input.delivery_charge : 0;
  const taxed = subtotal - discount;
  const taxes = input.taxes.map((tax) => ({ ...tax, amount: round((taxed * tax.basis_points) / 10_000) }));
  const tax_amount = taxes.reduce((sum, tax) => sum + tax.amount, 0);
  return { subtotal, discount, delivery_charge, taxes, tax_amount, payable: taxed + delivery_charge + tax_amount };
}

/** The summary over several shops: sums, and tax lines of the same name added together. */
export function sumTotals(shops: ShopTotals[]): ShopTotals {
  const taxes = new Map<string, TaxLine>();
  for (const shop of shops) {
    for (const tax of shop.taxes) {
      const known = taxes.get(tax.name);
      taxes.set(tax.name, known ? { ...known, amount: known.amount + tax.amount } : { ...tax });
    }
  }
  const sum = (pick: (shop: ShopTotals) => number) => shops.reduce((total, shop) => total + pick(shop), 0);
  return {
    subtotal: sum((shop) => shop.subtotal),
    discount: sum((shop) => shop.discount),
    delivery_charge: sum((shop) => shop.delivery_charge),
    taxes: [...taxes.values()],
    tax_amount: sum((shop) => shop.tax_amount),
    payable: sum((shop) => shop.payable),
  };
}
