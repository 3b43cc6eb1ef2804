import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/lib/translation";
import { ProductListing } from "~/components/product-listing";
import { requestUrl, shopContext } from "~/lib/context.server";
import { pageMeta } from "~/lib/seo";
import { categoryChoices } from "~/modules/catalog/categories.server";
import { listProducts, parseProductFilters } from "~/modules/catalog/products.server";
import { searchTerms } from "~/modules/catalog/search.server";

// Its loader reads nothing of the signed-in shopper's: signed-in shoppers may get it kept (ADR 0029).
export const handle = { i18n: ["catalog"], keptForShoppers: true };

/** All products, and the search results (the named route 'products'): GET /products?search=… */
export async function loader({ request }: LoaderFunctionArgs) {
  const { db, t, currency, settings } = await shopContext(request);
  const filters = parseProductFilters(requestUrl(request).searchParams, currency);
  const list = await listProducts(db, filters);
  const search = filters.search ?? "";
  const searching = searchTerms(search).length > 0;
  return {
    title: searching ? t("catalog:search.title", { search }) : t("catalog:products.title"),
    search,
    searching,
    list,
    categories: categoryChoices(settings.categories),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches, location }) =>
  pageMeta(matches, { title: data?.title, description: data?.title ?? "", path: location.pathname + location.search });

export default function Products() {
  const { title, search, searching, list, categories } = useLoaderData<typeof loader>();
  const { t } = useTranslation("catalog");
  return (
    <div className="container-shop py-6">
      <h1 className="text-2xl font-bold">{title}</h1>
      {!searching ? <p className="mt-1 text-slate-600">{t("products.intro")}</p> : null}
      <ProductListing
        list={list}
        defaultSort={searching ? "relevance" : "newest"}
        searching={searching}
        categories={categories}
        keep={{ search }}
        clearHref={search ? `/products?${new URLSearchParams({ search })}` : "/products"}
      />
    </div>
  );
}
