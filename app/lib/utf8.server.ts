/**
 * Texts written one after the other as UTF-8, in one buffer. A page holds characters beyond Latin-1, so V8 keeps it
 * as two-byte characters, and measuring such a text's UTF-8 length (what Buffer.from and Buffer.byteLength do first)
 * costs about as much as writing it: the buffer gets room for the most bytes instead (3 per UTF-16 unit, a lone
 * surrogate becoming U+FFFD as with Buffer.from) and the bytes written are a view on it.
 */
export function utf8Bytes(texts: readonly string[]): Buffer<ArrayBuffer> {
  let room = 0;
  for (const text of texts) room += text.length * 3;
  const bytes = Buffer.allocUnsafe(room);
  let written = 0;
  for (const text of texts) written += bytes.write(text, written);
  return bytes.subarray(0, written);
}
