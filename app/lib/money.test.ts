import { describe, expect, it } from "vitest";
import { formatMoney, type DisplayCurrency } from "./money";

const usd: DisplayCurrency = { name: "USD", symbol: "$", rate_from_default: 1, position: "prefix" };

describe("formatMoney", () => {
  it("shows minor units with two decimals and the symbol first", () => {
    expect(formatMoney(123456, usd)).toBe("$1,234.56");
    expect(formatMoney(0, usd)).toBe("$0.00");
    expect(formatMoney(5, usd)).toBe("$0.05");
  });

  it("converts by rate_from_default and rounds to the cent", () => {
    expect(formatMoney(1999, { ...usd, symbol: "€", rate_from_default: 0.92 })).toBe("€18.39");
    expect(formatMoney(1000, { ...usd, symbol: "ر.س", rate_from_default: 3.75 })).toBe("ر.س37.50");
  });

  it("puts the symbol after the amount when the setting says suffix", () => {
    expect(formatMoney(250, { ...usd, symbol: "€", position: "suffix" })).toBe("2.50€");
  });

  it("shows an amount the same each time, in each currency, and a negative amount and zero as Intl writes them", () => {
    for (let time = 0; time < 2; time++) {
      expect(formatMoney(123456, usd)).toBe("$1,234.56");
      expect(formatMoney(123456, { ...usd, symbol: "€", rate_from_default: 0.92 })).toBe("€1,135.80");
      expect(formatMoney(-2500, usd)).toBe("$-25.00");
      expect(formatMoney(0, usd)).toBe("$0.00");
      expect(formatMoney(-0.4, usd)).toBe("$-0.00");
    }
  });
});
