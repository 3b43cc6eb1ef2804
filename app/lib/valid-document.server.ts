import { Transform } from "node:stream";
import { StringDecoder } from "node:string_decoder";

/*
 * Two defects of React 18's streaming renderer that make a page invalid HTML, mended on the way out:
 * - it writes `</body></html>` with the shell, and Remix streams the loader data after it as `<script>`s (a stray
 *   start tag after `</html>`): the document's end is held back until everything else is written;
 * - when a character of several bytes (Arabic text) does not fit at the end of its 2,048-byte buffer, it sends the
 *   whole buffer, an unwritten zero byte included (react-dom 18.3.1 writeStringChunk; React 19 sends only what
 *   was written): U+0000 is never part of a page, so it is dropped.
 */
const DOCUMENT_END = "</body></html>";

/**
 * A whole rendered document with its end where it belongs. Zero bytes are the streaming renderer's only, and are
 * dropped from its bytes (streamedText): looking for one through a page of two-byte characters is a plain loop
 * over all of them (memchr would stop at every ASCII character's zero high byte), 1.5 % of a page's instructions.
 */
export function validDocument(html: string): string {
  return validDocumentPieces([html]).join("");
}

/**
 * A whole rendered document in pieces (lib/shared-markup.server's), its end moved to be the last piece. React's
 * string renderer writes the end before Remix's data scripts, so the page joined anew would be copied whole (some
 * 200 kB of two-byte characters, a tenth of a product page's garbage): only the piece holding the end is cut. It is
 * looked for from the page's end, past only the data scripts: React escapes `<` in texts and the scripts' JSON does
 * too, so the one end tag in a page is React's.
 */
export function validDocumentPieces(pieces: readonly string[]): string[] {
  for (let index = pieces.length - 1; index >= 0; index--) {
    const piece = pieces[index];
    const at = piece.lastIndexOf(DOCUMENT_END);
    if (at === -1) continue;
    if (index === pieces.length - 1 && at + DOCUMENT_END.length === piece.length) return [...pieces];
    return [...pieces.slice(0, index), piece.slice(0, at), piece.slice(at + DOCUMENT_END.length), ...pieces.slice(index + 1), DOCUMENT_END];
  }
  return [...pieces];
}

/** The streaming renderer's output as text, without the zero bytes its buffers may leave (a byte search in UTF-8). */
export function streamedText(chunks: readonly Buffer[]): string {
  const bytes = Buffer.concat(chunks);
  if (bytes.indexOf(0) === -1) return bytes.toString("utf8");
  return Buffer.from(bytes.filter((byte) => byte !== 0)).toString("utf8");
}

/**
 * A streamed document, mended. What React writes in one go (its 2 KB chunks of the shell) leaves as one chunk at the
 * next turn of the event loop: each chunk would otherwise be flushed through compression on its own (Remix flushes
 * after every write), which costs CPU and bytes; what comes later (deferred data) still leaves as soon as it is ready.
 */
export function validDocumentStream(): Transform {
  const decoder = new StringDecoder("utf8");
  let held = "";
  let endSeen = false;
  let pending = "";
  let scheduled: NodeJS.Immediate | null = null;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      let text = held + decoder.write(chunk).replaceAll("\u0000", "");
      if (!endSeen) {
        const at = text.indexOf(DOCUMENT_END);
        if (at !== -1) {
          endSeen = true;
          text = text.slice(0, at) + text.slice(at + DOCUMENT_END.length);
        }
      }
      // Keeps back what could be the beginning of the end tag, split across two chunks.
      const keep = endSeen ? 0 : partialEndLength(text);
      held = text.slice(text.length - keep);
      pending += text.slice(0, text.length - keep);
      scheduled ??= setImmediate(sendPending);
      done();
    },
    flush(done) {
      if (scheduled) clearImmediate(scheduled);
      const rest = pending + held + decoder.end().replaceAll("\u0000", "");
      done(null, rest + (endSeen ? DOCUMENT_END : ""));
    },
  });
  function sendPending() {
    scheduled = null;
    if (pending.length) stream.push(pending);
    pending = "";
  }
  return stream;
}

/** How many characters at the end of `text` are the first characters of the document's end. */
function partialEndLength(text: string): number {
  for (let length = Math.min(DOCUMENT_END.length - 1, text.length); length > 0; length--) {
    if (DOCUMENT_END.startsWith(text.slice(text.length - length))) return length;
  }
  return 0;
}
