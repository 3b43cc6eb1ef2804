import { useSearchParams } from "@remix-run/react";
import { Link } from "~/components/link";
import type { ReactNode } from "react";
import { useTranslation } from "~/lib/translation";
import type { CategoryChoice } from "~/modules/catalog/categories.server";
import type { ProductCard as ProductCardData, ProductFacets, ProductSort as SortName } from "~/modules/catalog/products.server";
import { Pagination } from "./pagination";
import { ProductGrid } from "./product-card";
import { ProductFilters, ProductSort } from "./product-filters";

/**
 * One page of a product list: how many were found, the cards, and the pagination widget (spec §5), or
 * an empty state with a way back to everything.
 */
export function ProductResults({
  list,
  clearHref,
  toolbar,
}: {
  list: { total: number; page: number; per_page: number; products: ProductCardData[] };
  /** Where "Clear all filters" goes; without it the empty state offers every product instead. */
  clearHref?: string;
  /** Shown next to the count, e.g. the sort control. */
  toolbar?: ReactNode;
}) {
  const { t, i18n } = useTranslation("catalog");
  const number = new Intl.NumberFormat(i18n.language, { numberingSystem: "latn" });
  return (
    <section aria-labelledby="results-count" className="min-w-0">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <p id="results-count" className="text-sm text-slate-700">
          {t("results.count", { count: list.total, total: number.format(list.total) })}
        </p>
        {toolbar}
      </div>
      {list.products.length > 0 ? (
        <>
          <ProductGrid products={list.products} />
          <Pagination totalItems={list.total} current={list.page} perPage={list.per_page} />
        </>
      ) : (
        <div className="rounded-lg border border-dashed border-slate-300 px-6 py-12 text-center">
          <p className="text-lg font-semibold">{t("results.empty")}</p>
          <p className="mt-1 text-sm text-slate-600">{t("results.emptyHint")}</p>
          {clearHref ? (
            <Link to={clearHref} className="btn-secondary mt-4">{t("results.clear")}</Link>
          ) : (
            <Link to="/products" className="btn-secondary mt-4">{t("results.browseAll")}</Link>
          )}
        </div>
      )}
    </section>
  );
}

const REFINEMENTS = ["category_id", "sub_category_id", "brand_id", "color_id", "size_id", "min_price", "max_price", "rating"];

/**
 * A whole list page below its heading: the filters form beside the results (above them on small
 * screens), the sort control over the results, and the pagination.
 */
export function ProductListing({
  list,
  defaultSort,
  searching = false,
  categories,
  keep,
  clearHref,
}: {
  list: { total: number; page: number; per_page: number; products: ProductCardData[]; facets: ProductFacets };
  defaultSort: SortName;
  searching?: boolean;
  categories?: CategoryChoice[];
  keep?: Record<string, string>;
  clearHref: string;
}) {
  const [params] = useSearchParams();
  const refined = REFINEMENTS.some((name) => params.get(name));
  return (
    <div className="mt-6 grid gap-6 lg:grid-cols-[16rem_minmax(0,1fr)]">
      <div>
        <ProductFilters facets={list.facets} categories={categories} keep={keep} clearHref={clearHref} />
      </div>
      <ProductResults
        list={list}
        clearHref={refined ? clearHref : undefined}
        toolbar={<ProductSort defaultSort={defaultSort} searching={searching} />}
      />
    </div>
  );
}
