import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/lib/translation";
import { ProductListing } from "~/components/product-listing";
import { FlashSaleTiming } from "~/components/section-heading";
import { shopContext } from "~/lib/context.server";
import { pageMeta } from "~/lib/seo";
import { findFlashSale, listFlashSaleProducts } from "~/modules/catalog/flash-sales.server";
import { parseProductFilters } from "~/modules/catalog/products.server";
import { categoryChoices } from "~/modules/catalog/categories.server";

// The countdown's wording lives with the product page's (product namespace).
// Its loader reads nothing of the signed-in shopper's: signed-in shoppers may get it kept (ADR 0029).
export const handle = { i18n: ["catalog", "product"], keptForShoppers: true };

/** A flash sale and its products, 18 a page, at the sale price while it runs; unknown ids are a 404. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { db, currency, locale, settings } = await shopContext(request);
  const id = Number(params.id);
  const sale = /^\d+$/.test(params.id ?? "") ? await findFlashSale(db, id) : null;
  if (!sale) throw new Response(null, { status: 404 });
  const filters = parseProductFilters(new URL(request.url).searchParams, currency);
  // A flash sale shows 18 a page (not-shown facts), whatever the URL asks.
  const { per_page: _ignored, ...rest } = filters;
  const list = await listFlashSaleProducts(db, sale, rest);
  return { title: sale.name, sale, list, locale, categories: categoryChoices(settings.categories) };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches, location }) =>
  pageMeta(matches, { title: data?.title, description: data?.title ?? "", path: location.pathname + location.search });

export default function FlashSalePage() {
  const { sale, list, locale, categories } = useLoaderData<typeof loader>();
  const { t } = useTranslation("catalog");
  return (
    <div className="container-shop py-6">
      <section aria-labelledby="flash-sale-title" className="overflow-hidden rounded-xl border border-slate-200 sm:flex">
        <img src={sale.thumbnail} alt="" width={480} height={240} className="aspect-[2/1] w-full bg-slate-100 object-cover sm:w-80" />
        <div className="flex flex-col justify-center gap-2 p-5">
          <p className="text-sm font-semibold uppercase tracking-wide text-red-700">{t("flashSale.label")}</p>
          <h1 id="flash-sale-title" className="text-2xl font-bold">{sale.name}</h1>
          {sale.description ? <p className="text-slate-700">{sale.description}</p> : null}
          <FlashSaleTiming sale={sale} locale={locale} />
        </div>
      </section>
      <ProductListing list={list} defaultSort="newest" categories={categories} clearHref={`/flash-sale/${sale.id}`} />
    </div>
  );
}
