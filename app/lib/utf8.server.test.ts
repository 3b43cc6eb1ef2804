import { describe, expect, it } from "vitest";
import { utf8Bytes } from "./utf8.server";

describe("texts written as UTF-8", () => {
  it("gives the bytes Buffer.from gives for the texts joined, lone surrogates included", () => {
    const texts = ["<p>Zoë – ٪ العربية</p>", "", "\uD83D\uDE00 emoji", "lone \uD800 high", "\uDC00 lone low", "\uE016 marker"];
    const bytes = utf8Bytes(texts);
    expect(bytes.equals(Buffer.from(texts.join("")))).toBe(true);
    expect(bytes.length).toBe(Buffer.byteLength(texts.join("")));
    expect(utf8Bytes([]).length).toBe(0);
  });
});
