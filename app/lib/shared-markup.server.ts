import { randomBytes } from "node:crypto";
import type { Personal } from "./personal";
import { answerOf, escapeHtml, recordingReads, type Dependency } from "./personal.server";
import { HERE_MARKER, HERE_PARAMETER_MARKER, type SharedMarkupRender } from "./shared-markup";

/*
 * The kept markup of parts drawn alike on many pages (lib/shared-markup.tsx, ADR 0030). In-process, least recently
 * used first out. A part is kept under what it shows (the page's language, currency, settings, address and whether
 * it is drawn for a signed-in shopper, and the part's own id) and once per combination of the personal values it
 * read (a heart's state, a count's wording), as kept pages are (ADR 0029).
 */

interface Variant {
  /** What the part read of the shopper, and the answers it drew. */
  read: [Dependency, boolean][];
  /** Its markup cut at the page's address markers, each marker a segment of its own. */
  segments: string[];
}

const MAX_BYTES = Number(process.env.SHARED_MARKUP_MB ?? 16) * 1024 * 1024;
/** Variants of one part at most: a part that reads many hearts is not worth keeping for every combination. */
const MAX_VARIANTS = 8;
/** When the budget is exceeded, the least recently used parts leave until this share of it is used. */
const KEEP_AFTER_EVICTION = 0.9;

interface KeptPart {
  variants: Variant[];
  bytes: number;
  /** When it was last drawn or kept, on `clock`: the least recently used part leaves first. */
  usedAt: number;
}

/**
 * By what every part of a page shares (the prefix), then by the part's id. Two maps rather than one keyed by both:
 * a page looks up a dozen parts, and a key made of both would be a new string at each lookup, copied and hashed
 * whole (a product card's id is its data, some 400 characters); the prefix is hashed once per page and a card's id
 * is one string for as long as its data is kept (components/product-card).
 */
const parts = new Map<string, Map<string, KeptPart>>();
let keptBytes = 0;
let clock = 0;

const sizeOf = (variant: Variant) => lengthOf(variant.segments) * 2 + 64;

function keep(prefix: string, id: string, variant: Variant) {
  let byId = parts.get(prefix);
  if (!byId) parts.set(prefix, (byId = new Map()));
  const bytes = sizeOf(variant);
  const kept = byId.get(id);
  if (kept && kept.variants.length >= MAX_VARIANTS) return;
  if (kept) {
    kept.variants.push(variant);
    kept.bytes += bytes;
    kept.usedAt = ++clock;
  } else {
    byId.set(id, { variants: [variant], bytes, usedAt: ++clock });
  }
  keptBytes += bytes;
  if (keptBytes > MAX_BYTES) evictLeastRecentlyUsed();
}

/** Down to KEEP_AFTER_EVICTION of the budget at once, so that the parts are sorted once per many keeps. */
function evictLeastRecentlyUsed() {
  const all = [...parts].flatMap(([prefix, byId]) => [...byId].map(([id, kept]) => ({ prefix, id, kept })));
  all.sort((a, b) => a.kept.usedAt - b.kept.usedAt);
  for (const { prefix, id, kept } of all) {
    if (keptBytes <= MAX_BYTES * KEEP_AFTER_EVICTION) break;
    const byId = parts.get(prefix)!;
    byId.delete(id);
    if (byId.size === 0) parts.delete(prefix);
    keptBytes -= kept.bytes;
  }
}

const HERE = new RegExp(`([${HERE_MARKER}${HERE_PARAMETER_MARKER}])`);
/** Where a kept part goes, and where a part being kept starts and ends: each followed by TOKEN, its slot and its closing character. */
const KEPT = "\uE010";
const START = "\uE012";
const END = "\uE014";
const CLOSE: Record<string, string> = { [KEPT]: "\uE011", [START]: "\uE013", [END]: "\uE015" };
const MARKER_KINDS = [KEPT, START, END, HERE_MARKER, HERE_PARAMETER_MARKER];

/**
 * Where any of these characters stand in a text, in order. Each is looked for with indexOf, which goes through a
 * page's 200 kB many times faster than a regular expression's character class.
 */
function* positionsOf(text: string, characters: readonly string[]): Generator<number> {
  const next = characters.map((character) => text.indexOf(character));
  for (;;) {
    let first = -1;
    for (let kind = 0; kind < next.length; kind++) {
      if (next[kind] !== -1 && (first === -1 || next[kind] < next[first])) first = kind;
    }
    if (first === -1) return;
    const index = next[first];
    yield index;
    next[first] = text.indexOf(characters[first], index + 1);
  }
}
/**
 * A page as drawn: its pieces in order, joined only where a single string is needed. A page holds characters beyond
 * Latin-1 (the language menu's Arabic, the markers), so V8 keeps it in UTF-16, and joining one of ~100 kB takes
 * ~0.12 ms (~3 µs in Latin-1); its pieces are written out to bytes one by one instead (ADR 0038).
 */
export type PagePieces = readonly string[];

/** A page in pieces or whole, as one string (for what needs it whole: a hash, a kept guest page, gzipped parts). */
export const wholePage = (page: string | PagePieces) => (typeof page === "string" ? page : page.join(""));

export const lengthOf = (page: string | PagePieces) => (typeof page === "string" ? page.length : page.reduce((sum, piece) => sum + piece.length, 0));

/**
 * A part of a page as a string of its own: V8 makes a slice of a long string a view on it, so a kept part would keep
 * the whole page it was drawn in alive (some 30 times the part's size, uncounted by SHARED_MARKUP_MB).
 */
const detached = (text: string) => Buffer.from(text, "utf16le").toString("utf16le");

/** This process's markers carry a token no text of a page (a review, a product's name) can know, so none passes for one. */
const TOKEN = randomBytes(6).toString("hex");
/** What React writes between two texts, such as a marker and a text beside it. */
const SEPARATOR = "<!-- -->";

/**
 * One page's render: `prefix` is what every part of it shares (language, currency, settings, origin, signed in or
 * not); `nonce` is the render's, which a kept part must not carry. `finish` turns the rendered page into the page,
 * keeping the parts drawn in it unless told not to.
 */
export function sharedMarkupRender(prefix: string, nonce: string): SharedMarkupRender & { finish(html: string, keepParts: boolean): PagePieces } {
  const keptParts: string[][] = [];
  const captures: { id: string; read: Map<Dependency, boolean> }[] = [];
  let here = "";
  return {
    at(address) {
      here = address;
    },
    kept(id, personal) {
      const kept = parts.get(prefix)?.get(id);
      const variant = kept?.variants.find((candidate) => candidate.read.every(([dependency, value]) => answerOf(dependency, personal) === value));
      if (!variant) return null;
      kept!.usedAt = ++clock;
      keptParts.push(variant.segments);
      return `${KEPT}${TOKEN}${keptParts.length - 1}${CLOSE[KEPT]}`;
    },
    capture(id, personal) {
      const read = new Map<Dependency, boolean>();
      const slot = captures.push({ id, read }) - 1;
      const recording: Personal = {
        ...recordingReads(personal, (dependency, answer) => read.set(dependency, answer)),
        user() {
          throw new Error("A part drawn for many pages read the shopper's own record");
        },
      };
      return { start: `${START}${TOKEN}${slot}${CLOSE[START]}`, end: `${END}${TOKEN}${slot}${CLOSE[END]}`, personal: recording };
    },
    finish(html, keepParts) {
      if (!captures.length && !keptParts.length) return [html];
      const path = escapeHtml(here);
      const parameter = escapeHtml(encodeURIComponent(here));
      const pieces: string[] = [];
      let last = 0;
      let part: { slot: string; start: number } | null = null;
      for (const index of positionsOf(html, MARKER_KINDS)) {
        if (index < last) continue;
        const kind = html[index];
        if (kind === HERE_MARKER || kind === HERE_PARAMETER_MARKER) {
          pieces.push(html.slice(last, index), kind === HERE_MARKER ? path : parameter);
          last = index + 1;
          continue;
        }
        const close = html.indexOf(CLOSE[kind], index);
        const slot = html.slice(index + 1 + TOKEN.length, close);
        // A text of the page that looks like a marker is left as it is.
        if (!html.startsWith(TOKEN, index + 1) || close === -1 || !/^\d+$/.test(slot)) continue;
        // React parts two texts with an empty comment: parts begin and end with elements, so such a comment next
        // to a part's marker is the marker's.
        const from = kind !== END && html.startsWith(SEPARATOR, index - SEPARATOR.length) && index - SEPARATOR.length >= last ? index - SEPARATOR.length : index;
        const to = kind !== START && html.startsWith(SEPARATOR, close + 1) ? close + 1 + SEPARATOR.length : close + 1;
        pieces.push(html.slice(last, from));
        last = to;
        if (kind === KEPT) {
          for (const segment of keptParts[Number(slot)]) pieces.push(segment === HERE_MARKER ? path : segment === HERE_PARAMETER_MARKER ? parameter : segment);
        }
        else if (kind === START) part = { slot, start: to };
        else if (keepParts && part?.slot === slot) {
          // Kept with its address markers. Only whole elements, as drawn in any place, and never with the nonce.
          const markup = html.slice(part.start, from);
          if (markup.startsWith("<") && markup.endsWith(">") && !(nonce && markup.includes(nonce))) {
            const capture = captures[Number(slot)];
            keep(prefix, capture.id, { read: [...capture.read], segments: detached(markup).split(HERE) });
          }
        }
      }
      pieces.push(html.slice(last));
      return pieces;
    },
  };
}
