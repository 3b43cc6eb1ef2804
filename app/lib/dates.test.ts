import { describe, expect, it } from "vitest";
import { formatDate } from "./dates";

describe("formatDate", () => {
  it("shows the calendar day in UTC, in the page's language, each time alike", () => {
    for (let time = 0; time < 2; time++) {
      expect(formatDate("2026-11-29T02:22:50.772Z", "en")).toBe("Nov 29, 2026");
      expect(formatDate("2026-11-29T23:59:59Z", "en")).toBe("Nov 29, 2026");
      expect(formatDate("2026-11-29T02:22:50.772Z", "fr")).toBe("29 nov. 2026");
      expect(formatDate("2026-11-29T02:22:50.772Z", "ar")).toBe(new Intl.DateTimeFormat("ar", { dateStyle: "medium", numberingSystem: "latn", timeZone: "UTC" }).format(new Date("2026-11-29T02:22:50.772Z")));
    }
  });

  it("takes a time with an offset at its UTC day", () => {
    expect(formatDate("2026-11-29T23:30:00-02:00", "en")).toBe("Nov 30, 2026");
  });

  it("shows nothing for a text that is no date", () => {
    expect(formatDate("not a date", "en")).toBe("");
    expect(formatDate("", "en")).toBe("");
  });
});
