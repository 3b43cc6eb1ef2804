import { useMatches } from "@remix-run/react";
import { createContext, useContext, useMemo } from "react";
import { useRootData } from "~/root";
import { DEFAULT_CURRENCY, formatMoney, type DisplayCurrency } from "./money";
import { scriptJson } from "./script-json";
import { useTranslation } from "./translation";

/*
 * What a page shows of the shopper's own (docs/decisions/0029-kept-pages-for-signed-in-shoppers.md): their name and
 * photo, the counts in the header, the cart tab's total, the hearts. Components read it only through usePersonal(),
 * so that the server can render a page once with markers in place of these texts, keep it, and put another
 * shopper's texts in (personalTexts, the same function the browser uses) without rendering it again.
 */

export interface ShopperUser {
  id: number;
  name: string;
  phone: string | null;
  phone_code: string | null;
  profile_photo: string | null;
}

export interface Shopper {
  user: ShopperUser | null;
  counts: { wishlist: number; cart: number; messages: number };
  /** The products in the wishlist: the hearts of every card and product page. */
  wishlist: number[];
  /** The cart's total (minor units) for the floating cart tab. */
  cartTotal: number;
}

export const GUEST: Shopper = { user: null, counts: { wishlist: 0, cart: 0, messages: 0 }, wishlist: [], cartTotal: 0 };

/** A count the header shows as a badge inside a sentence ("Cart, 2 items"). */
const COUNT_SENTENCES = {
  wishlist: { key: "header.wishlistCount", count: (s: Shopper) => s.counts.wishlist },
  cart: { key: "header.cartCount", count: (s: Shopper) => s.counts.cart },
  unread: { key: "account.menu.unreadMessages", count: (s: Shopper) => s.counts.messages },
} as const;
export type CountSentence = keyof typeof COUNT_SENTENCES;

export type PersonalText =
  | "user.name"
  | "user.photo"
  | "cart.items"
  | "cart.total"
  | `${CountSentence}.${"sentence" | "number" | "before" | "after"}`;

/** Whether the page shows a part at all: a kept page is kept once per combination it depends on. */
export type PersonalFlag = "user.photo" | "unread" | `${CountSentence}.inSentence`;

/** A text of the given namespace, key and values, in the page's language. */
export type Translate = (namespace: string, key: string, values?: Record<string, unknown>) => string;

/** The words around a number in a sentence, or null when the sentence does not contain it as written. */
export function sentenceAround(sentence: string, number: string): { before: string; after: string } | null {
  const at = sentence.indexOf(number);
  return at === -1 ? null : { before: sentence.slice(0, at), after: sentence.slice(at + number.length) };
}

/** Every personal text of a page: what the server puts into a kept page, and what the browser renders. */
export function personalTexts(shopper: Shopper, translate: Translate, currency: DisplayCurrency): Record<PersonalText, string> {
  const texts = {
    "user.name": shopper.user?.name ?? "",
    "user.photo": shopper.user?.profile_photo ?? "",
    "cart.items": translate("cart", "tab.items", { count: shopper.counts.cart }),
    "cart.total": formatMoney(shopper.cartTotal, currency),
  } as Record<PersonalText, string>;
  for (const [name, { key, count }] of Object.entries(COUNT_SENTENCES) as [CountSentence, (typeof COUNT_SENTENCES)[CountSentence]][]) {
    const number = String(count(shopper));
    const sentence = translate("common", key, { count: count(shopper) });
    const around = sentenceAround(sentence, number);
    texts[`${name}.sentence`] = sentence;
    texts[`${name}.number`] = number;
    texts[`${name}.before`] = around?.before ?? "";
    texts[`${name}.after`] = around?.after ?? "";
  }
  return texts;
}

export function personalFlag(shopper: Shopper, translate: Translate, flag: PersonalFlag): boolean {
  switch (flag) {
    case "user.photo":
      return Boolean(shopper.user?.profile_photo);
    case "unread":
      return shopper.counts.messages > 0;
    default: {
      const { key, count } = COUNT_SENTENCES[flag.slice(0, flag.indexOf(".")) as CountSentence];
      return sentenceAround(translate("common", key, { count: count(shopper) }), String(count(shopper))) !== null;
    }
  }
}

/**
 * The messages screen reads (and so marks read) its chat while the root counts in parallel: there its own count,
 * taken after reading, is the right one for the badges.
 */
export function shopperOnPage(shopper: Shopper, dataOf: (routeId: string) => unknown): Shopper {
  const unread = (dataOf("routes/_account.massages") as { unread?: number } | undefined)?.unread;
  return unread === undefined ? shopper : { ...shopper, counts: { ...shopper.counts, messages: unread } };
}

/** What components read of the shopper. */
export interface Personal {
  signedIn: boolean;
  text(name: PersonalText): string;
  flag(name: PersonalFlag): boolean;
  inWishlist(productId: number): boolean;
  /**
   * The shopper's own record, for pages that are never kept (the account pages). Reading it while a page is
   * rendered to be kept throws: anything shown from it would be kept for other shoppers.
   */
  user(): ShopperUser | null;
  /** The shopper as JSON for the page's data block (signed-in documents only: see ShopperData). */
  json(): string;
}

/** Set by entry.server only: the browser has none and reads the root's data (usePersonal). */
const ServerPersonalContext = createContext<Personal | null>(null);
export const ServerPersonalProvider = ServerPersonalContext.Provider;

/**
 * The personal parts of a page rendered for this shopper, on the server or in the browser: the texts are made on
 * first use. `json` is the data block's text (a kept page's browser hands back the block it loaded).
 */
export function personalOf(shopper: Shopper, translate: Translate, currency: DisplayCurrency, json = () => scriptJson(shopper)): Personal {
  let texts: Record<PersonalText, string> | null = null;
  const wishlist = new Set(shopper.wishlist);
  return {
    signedIn: shopper.user !== null,
    text: (name) => (texts ??= personalTexts(shopper, translate, currency))[name],
    flag: (name) => personalFlag(shopper, translate, name),
    inWishlist: (productId) => wishlist.has(productId),
    user: () => shopper.user,
    json,
  };
}

/** The personal parts of the page being rendered. */
export function usePersonal(): Personal {
  const server = useContext(ServerPersonalContext);
  if (server) return server;
  // Either side always takes the same branch, so the hooks below run in the same order on every render.
  // eslint-disable-next-line react-hooks/rules-of-hooks
  return useBrowserPersonal();
}

export const SHOPPER_DATA_ID = "shopper-data";
/** The signed-in shopper of the document as loaded (a page kept for many shoppers carries theirs as a data block). */
let documentShopper: { text: string; shopper: Shopper } | null = null;
function shopperOfDocument() {
  documentShopper ??= (() => {
    const text = document.getElementById(SHOPPER_DATA_ID)?.textContent ?? "null";
    return { text, shopper: (JSON.parse(text) as Shopper | null) ?? GUEST };
  })();
  return documentShopper;
}

function useBrowserPersonal(): Personal {
  const root = useRootData();
  const matches = useMatches();
  const { t: common } = useTranslation();
  const { t: cart } = useTranslation("cart");
  const rootShopper = root?.shopper === "inline" ? shopperOfDocument().shopper : (root?.shopper ?? GUEST);
  const shopper = shopperOnPage(rootShopper, (id) => matches.find((match) => match.id === id)?.data);
  const currency = root?.currency;
  return useMemo(() => {
    const translate: Translate = (namespace, key, values) => (namespace === "cart" ? cart : common)(key, values as never);
    const json = root?.shopper === "inline" ? () => shopperOfDocument().text : undefined;
    return personalOf(shopper, translate, currency ?? DEFAULT_CURRENCY, json);
    // The counts' override changes with the messages screen's data, which `matches` carries.
  }, [shopper.user, shopper.counts.wishlist, shopper.counts.cart, shopper.counts.messages, shopper.wishlist, shopper.cartTotal, common, cart, currency, root?.shopper]);
}

/**
 * The signed-in shopper as a data block: in a document whose loader data says "inline" (a page rendered once for
 * many shoppers), the browser reads the shopper from here.
 */
export function ShopperData() {
  const root = useRootData();
  const personal = usePersonal();
  if (root?.shopper !== "inline") return null;
  return <script type="application/json" id={SHOPPER_DATA_ID} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: personal.json() }} />;
}
