import { constants, crc32, deflateRawSync } from "node:zlib";

/*
 * A page kept for signed-in shoppers is the same for all of them but for a few short texts (ADR 0029). Compressing
 * the whole page for each answer cost more than everything else the answer does; instead its fixed parts are
 * deflated once, each on its own (so nothing in one refers back into another), and each answer is one gzip member
 * made of them with its own texts between them as stored (uncompressed) blocks: RFC 1951 lets blocks of any type
 * follow each other, and a part deflated with a sync flush ends on a byte boundary without a final block.
 */

/** A document's fixed parts, as text for the checksum and deflated once. */
export interface GzipParts {
  raw: Buffer[];
  deflated: Buffer[];
}

export function gzipParts(parts: string[]): GzipParts {
  const raw = parts.map((part) => Buffer.from(part));
  return { raw, deflated: raw.map((part) => deflateRawSync(part, { level: 9, finishFlush: constants.Z_SYNC_FLUSH })) };
}

// Magic, deflate, no flags, no modification time, no extra flags, unknown OS (RFC 1952).
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
// A final stored block of no bytes.
const LAST_BLOCK = Buffer.from([0x01, 0x00, 0x00, 0xff, 0xff]);
const MAX_STORED = 0xffff;

/** Non-final stored blocks holding `bytes`. */
function storedBlocks(bytes: Buffer): Buffer[] {
  const blocks: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += MAX_STORED) {
    const chunk = bytes.subarray(at, at + MAX_STORED);
    const header = Buffer.alloc(5);
    header.writeUInt16LE(chunk.length, 1);
    header.writeUInt16LE(~chunk.length & 0xffff, 3);
    blocks.push(header, chunk);
  }
  return blocks;
}

/** The gzip of parts[0] + texts[0] + parts[1] + texts[1] + … (one text fewer than parts). */
export function gzipWithTexts(document: GzipParts, texts: string[]): Buffer {
  const chunks: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let size = 0;
  document.raw.forEach((part, index) => {
    chunks.push(document.deflated[index]);
    // zlib's crc32 of no bytes at a null address is its initial value, not the running one.
    if (part.length) crc = crc32(part, crc);
    size += part.length;
    if (index >= texts.length || !texts[index]) return;
    const text = Buffer.from(texts[index]);
    chunks.push(...storedBlocks(text));
    crc = crc32(text, crc);
    size += text.length;
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size % 2 ** 32, 4);
  chunks.push(LAST_BLOCK, trailer);
  return Buffer.concat(chunks);
}
