import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { streamedText, validDocument, validDocumentPieces, validDocumentStream } from "./valid-document.server";

const streamed = "<!DOCTYPE html><html><body><p>التقييم</p></body></html><script>data()</script><script>close()</script>";
const mended = "<!DOCTYPE html><html><body><p>التقييم</p><script>data()</script><script>close()</script></body></html>";

/** Pipes `chunks` (as bytes, split anywhere) through the mending stream. */
const throughStream = (chunks: Buffer[]) => text(Readable.from(chunks).pipe(validDocumentStream()));

describe("a rendered page is mended into valid HTML", () => {
  it("puts the streamed scripts inside <body>", () => {
    expect(validDocument(streamed)).toBe(mended);
    expect(validDocument(mended)).toBe(mended);
  });

  it("does the same on a page in pieces, wherever they are cut but inside the end tag, without joining them", () => {
    const endAt = streamed.indexOf("</body></html>");
    for (let cut = 1; cut < streamed.length; cut++) {
      if (cut > endAt && cut < endAt + "</body></html>".length) continue;
      expect(validDocumentPieces([streamed.slice(0, cut), streamed.slice(cut)]).join("")).toBe(mended);
    }
    expect(validDocumentPieces([mended])).toEqual([mended]);
    expect(validDocumentPieces(["<p>", "no end"]).join("")).toBe("<p>no end");
  });

  it("drops the zero byte React 18 leaves where an Arabic letter met the end of its buffer", () => {
    const bytes = Buffer.from(streamed.replace("ال", "ا\u0000ل"));
    expect(validDocument(streamedText([bytes.subarray(0, 40), bytes.subarray(40)]))).toBe(mended);
    expect(streamedText([Buffer.from(mended)])).toBe(mended);
  });

  it("does the same on a stream, whatever the chunks' boundaries (inside the end tag or a letter)", async () => {
    const bytes = Buffer.from(streamed.replace("ال", "ا\u0000ل"));
    for (let size = 1; size <= bytes.length; size += 7) {
      const chunks: Buffer[] = [];
      for (let at = 0; at < bytes.length; at += size) chunks.push(bytes.subarray(at, at + size));
      expect(await throughStream(chunks)).toBe(mended);
    }
  });

  it("leaves a page without an end as it is", async () => {
    expect(await throughStream([Buffer.from("<p>partial")])).toBe("<p>partial");
  });
});
