import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { pageMeta } from "~/lib/seo";
import type { loadCuratedList } from "~/modules/catalog/curated-lists.server";
import { ProductListing } from "./product-listing";

type CuratedListData = Awaited<ReturnType<typeof loadCuratedList>>;

export const curatedListMeta: MetaFunction = ({ data, matches, location }) => {
  const page = data as CuratedListData | undefined;
  return pageMeta(matches, { title: page?.title, description: page?.description ?? "", path: location.pathname + location.search });
};

/** /digital-products, /most-popular and /best-deal: a heading, its intro and the filterable product list. */
export function CuratedListPage() {
  const { title, description, list, defaultSort, path, categories } = useLoaderData<CuratedListData>();
  return (
    <div className="container-shop py-6">
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="mt-1 text-slate-600">{description}</p>
      <ProductListing list={list} defaultSort={defaultSort} categories={categories} clearHref={path} />
    </div>
  );
}
