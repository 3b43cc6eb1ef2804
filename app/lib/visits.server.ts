import type { AppLoadContext } from "@remix-run/node";
import { countProductView } from "~/modules/catalog/product-details.server";
import { recentlyViewedIds, rememberViewedProduct } from "~/modules/catalog/recently-viewed.server";
import { recordBlogView } from "~/modules/content/blogs.server";
import type { ShopContext } from "./context.server";
import { commitSession } from "./session.server";

/** What opening a page does besides showing it. Runs on every view, also when the page comes from the page cache. */
export type Visit = { kind: "product"; id: number } | { kind: "blog"; id: number };

export interface VisitResult {
  /** A Set-Cookie value when the visitor's session changed. */
  cookie?: string;
  /** Whether the view was counted (a blog counts one view per reader a day). */
  counted: boolean;
}

export async function applyVisit(context: ShopContext, loadContext: AppLoadContext, visit: Visit): Promise<VisitResult> {
  switch (visit.kind) {
    case "product": {
      countProductView(context.db, visit.id);
      // Reopening the product viewed last changes nothing, so that answer sets no cookie.
      if (recentlyViewedIds(context.session)[0] === visit.id) return { counted: true };
      rememberViewedProduct(context.session, visit.id);
      return { counted: true, cookie: await commitSession(context.session) };
    }
    case "blog": {
      // Without the visitor's address every reader shares one key: a post counts once a day.
      const visitor = loadContext.clientIp ?? "unknown";
      return { counted: await recordBlogView(context.db, { blogId: visit.id, visitor }) };
    }
  }
}

/** A loader's visit: applied now, and recorded so the page cache applies it again on each hit. */
export async function recordVisit(context: ShopContext, loadContext: AppLoadContext, visit: Visit): Promise<VisitResult> {
  const result = await applyVisit(context, loadContext, visit);
  loadContext.page?.visits.push(visit);
  if (result.cookie) loadContext.page?.visitCookies.push(result.cookie);
  return result;
}
