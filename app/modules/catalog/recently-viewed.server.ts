import type { ShopSession } from "~/lib/session.server";

const KEEP = 12;

/** Remembers a product the visitor opened; the caller commits the session. */
export function rememberViewedProduct(session: ShopSession, productId: number) {
  const previous = recentlyViewedIds(session).filter((id) => id !== productId);
  session.set("recentlyViewed", [productId, ...previous].slice(0, KEEP));
}

/** The visitor's recently viewed product ids, newest first; anything malformed is dropped. */
export function recentlyViewedIds(session: ShopSession): number[] {
  const ids = session.get("recentlyViewed");
  return Array.isArray(ids) ? ids.filter((id) => Number.isSafeInteger(id) && id > 0).slice(0, KEEP) : [];
}
