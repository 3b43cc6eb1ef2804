import { describe, expect, it } from "vitest";
import { formatMoney } from "~/lib/money";
import { couponDiscount, shopTotals, sumTotals, type CouponTerms } from "./totals";

const percent = (discount: number, cap: number | null = null, minimum = 0): CouponTerms =>
  ({ discount_type: "Percentage", discount, max_discount_amount: cap, min_order_amount: minimum });
const amount = (discount: number, minimum = 0): CouponTerms =>
  ({ discount_type: "Amount", discount, max_discount_amount: null, min_order_amount: minimum });
const VAT = { name: "VAT", basis_points: 500 };
const item = (unit_price: number, quantity: number, is_digital = false) => ({ unit_price, quantity, is_digital });

// Worked by hand: subtotal − discount + delivery + taxes on (subtotal − discount), in cents.
const cases = [
  {
    name: "10 % coupon under its cap, 5 % VAT, delivery",
    lines: [item(2499, 2), item(1000, 1)], // 4998 + 1000 = 5998
    coupon: percent(10, 1000), delivery: 500, taxes: [VAT],
    // discount 599.8 → 600; taxed 5398; VAT 269.9 → 270; payable 5398 + 500 + 270 = 6168
    expected: { subtotal: 5998, discount: 600, delivery_charge: 500, tax_amount: 270, payable: 6168 },
  },
  {
    name: "25 % coupon held at its maximum discount",
    lines: [item(12000, 1)],
    coupon: percent(25, 2000), delivery: 0, taxes: [VAT],
    // 3000 capped to 2000; taxed 10000; VAT 500
    expected: { subtotal: 12000, discount: 2000, delivery_charge: 0, tax_amount: 500, payable: 10500 },
  },
  {
    name: "amount coupon with its minimum spend reached",
    lines: [item(1500, 4)], // 6000
    coupon: amount(1000, 5000), delivery: 350, taxes: [VAT, { name: "City tax", basis_points: 125 }],
    // taxed 5000; VAT 250; city 62.5 → 63; payable 5000 + 350 + 313 = 5663
    expected: { subtotal: 6000, discount: 1000, delivery_charge: 350, tax_amount: 313, payable: 5663 },
  },
  {
    name: "minimum spend not reached: no discount",
    lines: [item(1999, 2)], // 3998
    coupon: amount(1000, 4000), delivery: 500, taxes: [VAT],
    // VAT 199.9 → 200
    expected: { subtotal: 3998, discount: 0, delivery_charge: 500, tax_amount: 200, payable: 4698 },
  },
  {
    name: "an amount coupon larger than the subtotal takes the subtotal only",
    lines: [item(700, 1)],
    coupon: amount(1000), delivery: 500, taxes: [VAT],
    expected: { subtotal: 700, discount: 700, delivery_charge: 500, tax_amount: 0, payable: 500 },
  },
  {
    name: "digital items only: no delivery charge",
    lines: [item(4900, 1, true)],
    coupon: null, delivery: 500, taxes: [VAT],
    // VAT 245
    expected: { subtotal: 4900, discount: 0, delivery_charge: 0, tax_amount: 245, payable: 5145 },
  },
  {
    name: "uncapped percentage with half a cent rounded up",
    lines: [item(333, 3)], // 999
    coupon: percent(15), delivery: 0, taxes: [],
    // 149.85 → 150
    expected: { subtotal: 999, discount: 150, delivery_charge: 0, tax_amount: 0, payable: 849 },
  },
];

describe("checkout totals (hand-computed cases)", () => {
  for (const c of cases) {
    it(c.name, () => {
      const totals = shopTotals({ lines: c.lines, delivery_charge: c.delivery, coupon: c.coupon, taxes: c.taxes });
      expect(totals).toMatchObject(c.expected);
      expect(totals.taxes.reduce((sum, tax) => sum + tax.amount, 0)).toBe(c.expected.tax_amount);
    });
  }

  it("sums shops and adds tax lines of the same name together", () => {
    const shops = cases.slice(0, 3).map((c) => shopTotals({ lines: c.lines, delivery_charge: c.delivery, coupon: c.coupon, taxes: c.taxes }));
    const total = sumTotals(shops);
    expect(total).toMatchObject({ subtotal: 23998, discount: 3600, delivery_charge: 850, tax_amount: 1083, payable: 22331 });
    expect(total.taxes).toEqual([
      { name: "VAT", basis_points: 500, amount: 270 + 500 + 250 },
      { name: "City tax", basis_points: 125, amount: 63 },
    ]);
  });

  it("shows the payable in the shopper's currency through the one money function", () => {
    expect(formatMoney(6168, { name: "USD", symbol: "$", rate_from_default: 1, position: "prefix" })).toBe("$61.68");
    // 61.68 × 0.92 = 56.7456 → 56.75
    expect(formatMoney(6168, { name: "EUR", symbol: "€", rate_from_default: 0.92, position: "suffix" })).toBe("56.75€");
  });

  it("never discounts an empty subtotal", () => {
    expect(couponDiscount(amount(500), 0)).toBe(0);
    expect(couponDiscount(percent(50), 0)).toBe(0);
  });
});
