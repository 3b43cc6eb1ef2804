import type { Personal, PersonalFlag } from "./personal";
import { escapeHtml, type Dependency } from "./personal.server";
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
  html: string;
}

const MAX_BYTES = Number(process.env.SHARED_MARKUP_MB ?? 16) * 1024 * 1024;
/** Variants of one part at most: a part that reads many hearts is not worth keeping for every combination. */
const MAX_VARIANTS = 8;
const parts = new Map<string, Variant[]>();
let keptBytes = 0;

const sizeOf = (variants: Variant[]) => variants.reduce((sum, variant) => sum + variant.html.length * 2 + 64, 0);

function keep(key: string, variant: Variant) {
  const variants = parts.get(key) ?? [];
  if (variants.length >= MAX_VARIANTS) return;
  keptBytes -= variants.length ? sizeOf(variants) : 0;
  parts.delete(key);
  const kept = [...variants, variant];
  parts.set(key, kept);
  keptBytes += sizeOf(kept);
  for (const [oldest, old] of parts) {
    if (keptBytes <= MAX_BYTES) break;
    parts.delete(oldest);
    keptBytes -= sizeOf(old);
  }
}

const readNow = (personal: Personal, dependency: Dependency) =>
  dependency.startsWith("wishlist:") ? personal.inWishlist(Number(dependency.slice("wishlist:".length))) : personal.flag(dependency as PersonalFlag);

const keptMarker = (slot: number) => `\uE010${slot}\uE011`;
/**
 * Every marker of a render: a kept part's, a part's start and end, the page's address. A marker is a text to React,
 * which parts two texts with an empty comment: parts begin and end with elements, so such a comment next to a part's
 * marker is the marker's, and goes with it.
 */
const MARKERS = /(?:<!-- -->)?(?:\uE010(\d+)\uE011(?:<!-- -->)?|\uE012(\d+)\uE013)|\uE014(\d+)\uE015(?:<!-- -->)?|[\uE016\uE017]/g;
const HERE = new RegExp(`[${HERE_MARKER}${HERE_PARAMETER_MARKER}]`, "g");

/**
 * One page's render: `prefix` is what every part of it shares (language, currency, settings, origin, signed in or
 * not); `nonce` is the render's, which a kept part must not carry. `finish` turns the rendered page into the page,
 * keeping the parts drawn in it unless told not to.
 */
export function sharedMarkupRender(prefix: string, nonce: string): SharedMarkupRender & { finish(html: string, keepParts: boolean): string } {
  const keptHtml: string[] = [];
  const captures: { key: string; read: Map<Dependency, boolean> }[] = [];
  let here = "";
  return {
    at(address) {
      here = address;
    },
    kept(id, personal) {
      const key = `${prefix}\n${id}`;
      const variants = parts.get(key);
      const variant = variants?.find((candidate) => candidate.read.every(([dependency, value]) => readNow(personal, dependency) === value));
      if (!variant) return null;
      // Read again, used first: the least recently used part leaves first.
      parts.delete(key);
      parts.set(key, variants!);
      keptHtml.push(variant.html);
      return keptMarker(keptHtml.length - 1);
    },
    capture(id, personal) {
      const read = new Map<Dependency, boolean>();
      const slot = captures.push({ key: `${prefix}\n${id}`, read }) - 1;
      const recording: Personal = {
        ...personal,
        flag(name) {
          const value = personal.flag(name);
          read.set(name, value);
          return value;
        },
        inWishlist(productId) {
          const value = personal.inWishlist(productId);
          read.set(`wishlist:${productId}`, value);
          return value;
        },
      };
      return { start: `\uE012${slot}\uE013`, end: `\uE014${slot}\uE015`, personal: recording };
    },
    finish(html, keepParts) {
      if (!captures.length && !keptHtml.length) return html;
      const path = escapeHtml(here);
      const parameter = escapeHtml(encodeURIComponent(here));
      const fillHere = (text: string) => text.replace(HERE, (marker) => (marker === HERE_MARKER ? path : parameter));
      const pieces: string[] = [];
      let last = 0;
      let partStart = 0;
      for (const match of html.matchAll(MARKERS)) {
        pieces.push(html.slice(last, match.index));
        last = match.index + match[0].length;
        const [marker, kept, start, end] = match;
        if (kept !== undefined) pieces.push(fillHere(keptHtml[Number(kept)]));
        else if (start !== undefined) partStart = last;
        else if (end === undefined) pieces.push(marker === HERE_MARKER ? path : parameter);
        else if (keepParts) {
          // Kept with its address markers. Only whole elements, as drawn in any place, and never with the nonce.
          const part = html.slice(partStart, match.index);
          if (part.startsWith("<") && part.endsWith(">") && !(nonce && part.includes(nonce))) {
            const capture = captures[Number(end)];
            keep(capture.key, { read: [...capture.read], html: part });
          }
        }
      }
      pieces.push(html.slice(last));
      return pieces.join("");
    },
  };
}
