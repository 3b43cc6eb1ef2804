import { Transform } from "node:stream";
import { StringDecoder } from "node:string_decoder";

/**
 * React 18 writes `</body></html>` with the shell, and Remix streams the loader data after it as `<script>`s:
 * browsers cope, but the document is invalid HTML (a stray start tag after `</html>`). These helpers hold the
 * document's end back until everything else is written, so the streamed scripts end up inside `<body>`.
 */
const DOCUMENT_END = "</body></html>";

/** A whole rendered document with its end moved after the streamed data. */
export function withDocumentEndLast(html: string): string {
  const at = html.indexOf(DOCUMENT_END);
  if (at === -1 || at + DOCUMENT_END.length === html.length) return html;
  return html.slice(0, at) + html.slice(at + DOCUMENT_END.length) + DOCUMENT_END;
}

/** The same for a streamed document: chunks pass through at once, but for the end and a possible start of it. */
export function documentEndLast(): Transform {
  const decoder = new StringDecoder("utf8");
  let held = "";
  let endSeen = false;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      let text = held + decoder.write(chunk);
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
      const out = text.slice(0, text.length - keep);
      done(null, out.length ? out : undefined);
    },
    flush(done) {
      const rest = held + decoder.end();
      done(null, rest + (endSeen ? DOCUMENT_END : ""));
    },
  });
}

/** How many characters at the end of `text` are the first characters of the document's end. */
function partialEndLength(text: string): number {
  for (let length = Math.min(DOCUMENT_END.length - 1, text.length); length > 0; length--) {
    if (DOCUMENT_END.startsWith(text.slice(text.length - length))) return length;
  }
  return 0;
}
