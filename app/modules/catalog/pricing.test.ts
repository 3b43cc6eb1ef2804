import { describe, expect, it } from "vitest";
import { basePrice, savingPercent, unitPrice } from "./pricing";

describe("product pricing", () => {
  it("uses the discount price when above 0, else the price", () => {
    expect(basePrice({ price: 1000, discount_price: 800 })).toBe(800);
    expect(basePrice({ price: 1000, discount_price: 0 })).toBe(1000);
    expect(basePrice({ price: 1000, discount_price: 1200 })).toBe(1000);
  });

  it("prefers a running flash-sale price", () => {
    expect(basePrice({ price: 1000, discount_price: 800, flash_price: 700 })).toBe(700);
    expect(basePrice({ price: 1000, discount_price: 800, flash_price: null })).toBe(800);
  });

  it("adds colour, size and unit prices and ignores negative extras", () => {
    expect(unitPrice({ price: 1000, discount_price: 0 }, [150, 250, -50])).toBe(1400);
  });

  it("reports the whole percent saved", () => {
    expect(savingPercent({ price: 1000, discount_price: 750 })).toBe(25);
    expect(savingPercent({ price: 1000, discount_price: 0 })).toBe(0);
  });
});
