import { describe, expect, it } from "vitest";
import { pageHref, pageTemplate, pageWindow } from "./pagination";
import { parsePage } from "./pagination.server";

describe("pagination", () => {
  it("shows five pages around the current one, 10 per page by default", () => {
    expect(pageWindow({ totalItems: 95, current: 1 })).toEqual({ current: 1, totalPages: 10, pages: [1, 2, 3, 4, 5], previous: null, next: 2 });
    expect(pageWindow({ totalItems: 95, current: 6 }).pages).toEqual([4, 5, 6, 7, 8]);
    expect(pageWindow({ totalItems: 95, current: 10 })).toMatchObject({ pages: [6, 7, 8, 9, 10], next: null, previous: 9 });
  });

  it("clamps bad input instead of failing", () => {
    expect(pageWindow({ totalItems: 0, current: 3 })).toMatchObject({ current: 1, totalPages: 1, pages: [1] });
    expect(pageWindow({ totalItems: 30, current: 99, perPage: -4, maxShown: 0 })).toMatchObject({ current: 3, pages: [1, 2, 3] });
    expect(parsePage("abc")).toBe(1);
    expect(parsePage("-2")).toBe(1);
    expect(parsePage("2.5")).toBe(1);
    expect(parsePage("7")).toBe(7);
  });

  it("builds links from a [page] template and refuses one without it", () => {
    expect(pageHref("/products?sort=newest&page=[page]", 4)).toBe("/products?sort=newest&page=4");
    expect(() => pageHref("/products", 2)).toThrow(/\[page\]/);
    expect(pageTemplate("/products", "?search=lamp&page=3")).toBe("/products?search=lamp&page=[page]");
    expect(pageTemplate("/blogs", "")).toBe("/blogs?page=[page]");
  });
});
