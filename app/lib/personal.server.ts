import { cartSummary } from "~/modules/cart/cart.server";
import { unreadMessagesOf } from "~/modules/chat/chat.server";
import { wishlistIds } from "~/modules/wishlist/wishlist.server";
import type { Db } from "./db.server";
import type { DisplayCurrency } from "./money";
import { GUEST, personalFlag, personalTexts, type Personal, type PersonalFlag, type PersonalText, type Shopper, type ShopperUser, type Translate } from "./personal";
import { scriptJson } from "./script-json";
import { utf8Bytes } from "./utf8.server";
import type { Translations } from "./translation";

/** The shopper's own parts of every page (lib/personal.tsx), read for the root loader and for kept pages. */
export async function readShopper(db: Db, user: ShopperUser | null): Promise<Shopper> {
  if (!user) return GUEST;
  const [cart, wishlist, messages] = await Promise.all([cartSummary(db, user.id), wishlistIds(db, user.id), unreadMessagesOf(db, user.id)]);
  const { id, name, phone, phone_code, profile_photo } = user;
  return {
    user: { id, name, phone, phone_code, profile_photo },
    counts: { wishlist: wishlist.length, cart: cart.count, messages },
    wishlist,
    cartTotal: cart.total,
  };
}

export const translateWith = (translations: Translations): Translate => (namespace, key, values) => translations.t(namespace, key, values as never);

/**
 * What a page may depend on besides its address: a flag (lib/personal.tsx) or whether a product is in the
 * wishlist (`wishlist:<id>`). A kept page is kept once per combination of the values of what it read.
 */
export type Dependency = PersonalFlag | `wishlist:${number}`;

/** What a dependency reads, asked of any personal parts (a kept page's shopper, a page being drawn). */
export function answerOf(dependency: Dependency, personal: Pick<Personal, "flag" | "inWishlist">): boolean {
  return dependency.startsWith("wishlist:")
    ? personal.inWishlist(Number(dependency.slice("wishlist:".length)))
    : personal.flag(dependency as PersonalFlag);
}

export function dependencyValue(shopper: Shopper, translate: Translate, dependency: Dependency): boolean {
  return answerOf(dependency, { flag: (name) => personalFlag(shopper, translate, name), inWishlist: (id) => shopper.wishlist.includes(id) });
}

/** The same personal parts, telling `onRead` each flag and heart read and its answer. */
export function recordingReads(personal: Personal, onRead: (dependency: Dependency, answer: boolean) => void): Personal {
  return {
    ...personal,
    flag(name) {
      const answer = personal.flag(name);
      onRead(name, answer);
      return answer;
    },
    inWishlist(productId) {
      const answer = personal.inWishlist(productId);
      onRead(`wishlist:${productId}`, answer);
      return answer;
    },
  };
}

/*
 * A page rendered to be kept has a marker wherever it shows a personal text, its nonce or the shopper's data
 * block: characters of Unicode's private use area, which no text of the shop contains and which HTML, attribute
 * and JSON escaping all leave as they are.
 */
const MARKER_START = "\uE000";
const MARKER_END = "\uE001";
const marker = (name: string) => `${MARKER_START}${name}${MARKER_END}`;
const MARKER_NAME = /^[\w.]+$/;
const NONCE = "nonce";
const SHOPPER_JSON = "json";
export const NONCE_MARKER = marker(NONCE);

/** A page rendered with markers: it may be kept, and a shopper's texts put in (fillPersonal). */
export interface PersonalTemplate {
  personal: Personal;
  /** What the render read: the page is kept per combination of their values. */
  dependencies: Set<Dependency>;
}

/**
 * The personal parts for a page rendered with markers: to be kept for other shoppers too, or (`keptForOthers`
 * false) only so that it can take parts drawn for other pages (lib/shared-markup.server.ts), which may then show
 * the shopper's own record outside those parts.
 */
export function templatePersonal(shopper: Shopper, translate: Translate, { keptForOthers = true } = {}): PersonalTemplate {
  const dependencies = new Set<Dependency>();
  const wishlist = new Set(shopper.wishlist);
  const personal: Personal = {
    signedIn: shopper.user !== null,
    text: (name) => marker(name),
    flag: (name) => personalFlag(shopper, translate, name),
    inWishlist: (productId) => wishlist.has(productId),
    user: () => {
      if (keptForOthers) throw new Error("A page rendered to be kept for other shoppers read the shopper's own record");
      return shopper.user;
    },
    json: () => marker(SHOPPER_JSON),
  };
  return { dependencies, personal: recordingReads(personal, (dependency) => dependencies.add(dependency)) };
}

/** A text as React escapes it in HTML and attributes. */
export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" })[c]!);

/** What goes in place of each marker for this shopper: their texts (escaped as React escapes), data block and nonce. */
export function personalFiller(shopper: Shopper, translate: Translate, currency: DisplayCurrency, nonce: string) {
  const texts = personalTexts(shopper, translate, currency);
  return (name: string) => (name === NONCE ? nonce : name === SHOPPER_JSON ? scriptJson(shopper) : escapeHtml(texts[name as PersonalText] ?? ""));
}

/**
 * A page rendered with markers (whole, or in the pieces it was drawn in), for this shopper: the bytes sent. Written
 * piece by piece into one buffer, without the whole page as a string once more (a page with markers is a string of
 * two-byte characters, some 200 kB). A marker never straddles two pieces: they are cut between elements and at
 * address markers.
 */
export function fillPersonal(template: string | readonly string[], shopper: Shopper, translate: Translate, currency: DisplayCurrency, nonce: string): Buffer<ArrayBuffer> {
  const fill = personalFiller(shopper, translate, currency, nonce);
  const pieces: string[] = [];
  for (const part of typeof template === "string" ? [template] : template) {
    const split = splitAtMarkers(part);
    for (let index = 0; index < split.length; index++) pieces.push(index % 2 === 1 ? fill(split[index]) : split[index]);
  }
  return utf8Bytes(pieces);
}

/**
 * A page cut at its markers: its fixed parts with each marker's name between two of them. Found with indexOf, which
 * goes through a page's 200 kB about ten times faster than a regular expression; a start not followed by a name and
 * an end is text, as a marker's characters never are.
 */
function splitAtMarkers(template: string): string[] {
  const pieces: string[] = [];
  let last = 0;
  for (let start = template.indexOf(MARKER_START); start !== -1; start = template.indexOf(MARKER_START, start + 1)) {
    const end = template.indexOf(MARKER_END, start + 1);
    if (end === -1) break;
    const name = template.slice(start + 1, end);
    if (!MARKER_NAME.test(name)) continue;
    pieces.push(template.slice(last, start), name);
    last = end + 1;
    start = end;
  }
  pieces.push(template.slice(last));
  return pieces;
}

/** A kept page cut at its markers: the fixed parts, and the names of the markers between them. */
export function templateParts(template: string): { parts: string[]; names: string[] } {
  const pieces = splitAtMarkers(template);
  return { parts: pieces.filter((_, index) => index % 2 === 0), names: pieces.filter((_, index) => index % 2 === 1) };
}

/**
 * Whether a page rendered with markers still shows something of the shopper's own record: then a component read
 * it around usePersonal, and the page must not be kept for anyone else.
 */
export function showsOwnRecord(html: string | readonly string[], shopper: Shopper): boolean {
  const { user } = shopper;
  if (!user) return false;
  const pieces = typeof html === "string" ? [html] : html;
  return [user.name, user.profile_photo, user.phone].some((value) => value && value.length >= 3 && piecesInclude(pieces, escapeHtml(value)));
}

/** Whether the pieces, joined, hold `text` (at least two characters long), also where it straddles pieces. */
function piecesInclude(pieces: readonly string[], text: string): boolean {
  const overlap = text.length - 1;
  let tail = "";
  for (const piece of pieces) {
    if (piece.includes(text) || (tail + piece.slice(0, overlap)).includes(text)) return true;
    tail = (tail + piece).slice(-overlap);
  }
  return false;
}
