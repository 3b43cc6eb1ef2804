import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { gzipParts, gzipWithTexts } from "./gzip-parts.server";

describe("a gzip made of parts deflated once and texts put between them", () => {
  const page = ["<!DOCTYPE html><html lang=\"ar\"><body><header>", "</header><main>", "</main>", "</body></html>"];
  const cases: [string, string[], string[]][] = [
    ["short texts", page, ["سلة التسوق، 3 منتجات", "Demo Customer &amp; co", "<script type=\"application/json\">{}</script>"]],
    ["empty texts", page, ["", "", ""]],
    ["a text longer than a stored block holds", page, ["x".repeat(70_000), "ü".repeat(40_000), "y"]],
    ["a long repetitive page", ["<li>card</li>".repeat(5_000), "<li>card</li>".repeat(5_000)], ["٣"]],
    ["empty parts", ["", "", ""], ["a", "b"]],
  ];

  it.each(cases)("unzips to the parts and texts in order: %s", (_, parts, texts) => {
    const gzip = gzipWithTexts(gzipParts(parts), texts);
    const expected = parts.map((part, index) => part + (texts[index] ?? "")).join("");
    expect(gunzipSync(gzip).toString("utf8")).toBe(expected);
  });

  it("compresses the fixed parts", () => {
    const parts = ["<li class=\"card\">product</li>".repeat(3_000), "</ul>"];
    const gzip = gzipWithTexts(gzipParts(parts), ["12"]);
    expect(gzip.length).toBeLessThan(parts[0].length / 20);
  });
});
