import type { ShopContext } from "~/lib/context.server";
import { categoryChoices } from "./categories.server";
import { listProducts, parseProductFilters, type ProductFilters, type ProductSort } from "./products.server";

/** The fixed lists of the shop: each is the product list with one scope and its own default order. */
export const CURATED_LISTS = {
  digital: { path: "/digital-products", sort: "newest", scope: { is_digital: true } },
  mostPopular: { path: "/most-popular", sort: "popular", scope: {} },
  bestDeal: { path: "/best-deal", sort: "newest", scope: { discounted: true } },
} as const satisfies Record<string, { path: string; sort: ProductSort; scope: ProductFilters }>;

export type CuratedList = keyof typeof CURATED_LISTS;

/** One page of a curated list with the shopper's filters from the URL; the list's scope always applies. */
export async function loadCuratedList(context: Pick<ShopContext, "db" | "t" | "currency" | "settings">, request: Request, name: CuratedList) {
  const { path, sort, scope } = CURATED_LISTS[name];
  const filters = parseProductFilters(new URL(request.url).searchParams, context.currency);
  return {
    name,
    path,
    defaultSort: sort,
    title: context.t(`catalog:${name}.title`),
    description: context.t(`catalog:${name}.intro`),
    list: await listProducts(context.db, { sort, ...filters, ...scope }),
    categories: categoryChoices(context.settings.categories),
  };
}
