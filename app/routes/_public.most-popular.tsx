import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ProductListing } from "~/components/product-grid";
import { shopContext } from "~/lib/context.server";
import { pageMeta } from "~/lib/seo";
import { listProducts, parseProductFilters } from "~/modules/catalog/products.server";
import { useRootData } from "~/root";

export const handle = { i18n: ["catalog"] };

/** The most viewed products, best sellers first among equals. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { db, t, currency } = await shopContext(request);
  const filters = parseProductFilters(new URL(request.url).searchParams, currency);
  const list = await listProducts(db, { sort: "popular", ...filters });
  return { title: t("catalog:mostPopular.title"), list };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches, location }) =>
  pageMeta(matches, { title: data?.title, description: data?.title ?? "", path: location.pathname + location.search });

export default function MostPopular() {
  const { title, list } = useLoaderData<typeof loader>();
  const { t } = useTranslation("catalog");
  const categories = useRootData()?.categories;
  return (
    <div className="container-shop py-6">
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="mt-1 text-slate-600">{t("mostPopular.intro")}</p>
      <ProductListing list={list} defaultSort="popular" categories={categories} clearHref="/most-popular" />
    </div>
  );
}
