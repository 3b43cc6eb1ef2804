import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { Link } from "~/components/link";
import { useTranslation } from "~/lib/translation";
import { SearchIcon } from "~/components/icons";
import { ReviewsSectionWhenVisible } from "~/components/below-the-fold";
import { Pagination } from "~/components/pagination";
import { ProductGrid } from "~/components/product-card";
import { RatingStars } from "~/components/rating-stars";
import { chatWithShopHref } from "~/components/shop-card";
import { shopContext } from "~/lib/context.server";
import { pageMeta } from "~/lib/seo";
import { REVIEWS_PAGE_PARAM } from "~/lib/pagination";
import { parsePage } from "~/lib/pagination.server";
import { parseId } from "~/modules/catalog/product-options";
import { reviewsPage } from "~/modules/catalog/reviews.server";
import { findShop, listShopProducts, SHOP_PRODUCTS_PER_PAGE } from "~/modules/shops/shops.server";

// Its loader reads nothing of the signed-in shopper's: signed-in shoppers may get it kept (ADR 0029).
export const handle = { i18n: ["product"], keptForShoppers: true };


export async function loader({ request, params }: LoaderFunctionArgs) {
  const { db } = await shopContext(request);
  const id = parseId(params.id);
  const shop = id === null ? null : await findShop(db, id);
  if (!shop) throw new Response(null, { status: 404 });

  const url = new URL(request.url);
  const search = (url.searchParams.get("search") ?? "").trim().slice(0, 100);
  const page = parsePage(url.searchParams.get("page"));
  const [products, reviews] = await Promise.all([
    listShopProducts(db, shop.id, { search, page, perPage: SHOP_PRODUCTS_PER_PAGE }),
    reviewsPage(db, { shopId: shop.id }, parsePage(url.searchParams.get(REVIEWS_PAGE_PARAM))),
  ]);
  return { title: shop.name, shop, search, page, perPage: SHOP_PRODUCTS_PER_PAGE, products, reviews };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  data
    ? pageMeta(matches, {
        title: data.title,
        description: data.shop.short_description || data.shop.description || data.title,
        path: `/shops/${data.shop.id}`,
        image: data.shop.banner,
      })
    : [];

export default function ShopPage() {
  const { shop, search, page, perPage, products, reviews } = useLoaderData<typeof loader>();
  const { t } = useTranslation("product");
  return (
    <div className="container-shop space-y-10 py-6">
      <header className="overflow-hidden rounded-xl border border-slate-200">
        <img src={shop.banner} alt="" width={1200} height={240} className="h-40 w-full bg-slate-100 object-cover sm:h-56" />
        <div className="flex flex-col gap-4 p-4 sm:flex-row sm:items-end">
          <img src={shop.logo} alt="" width={96} height={96} className="-mt-16 h-24 w-24 shrink-0 rounded-full border-4 border-white bg-white" />
          <div className="min-w-0 flex-1 space-y-1">
            <h1 className="text-2xl font-bold text-slate-900">{shop.name}</h1>
            <p className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
              <RatingStars rating={shop.rating} />
              <span aria-hidden="true">{shop.rating.toFixed(1)}</span>
              <a href="#shop-reviews" className="inline-flex min-h-6 items-center text-primary-700 hover:underline">{t("reviews.count", { count: shop.total_reviews })}</a>
              <span>· {t("shop.items", { count: shop.total_products })}</span>
            </p>
            {shop.short_description ? <p className="text-slate-700">{shop.short_description}</p> : null}
          </div>
          <Link to={chatWithShopHref(shop.id)} className="btn-primary shrink-0">{t("shop.chat")}</Link>
        </div>
      </header>

      {shop.description ? (
        <section aria-labelledby="about-shop" className="space-y-2">
          <h2 id="about-shop" className="text-xl font-bold">{t("shops.about")}</h2>
          <p className="max-w-3xl text-slate-700">{shop.description}</p>
        </section>
      ) : null}

      <section aria-labelledby="shop-products" className="space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-4">
          <h2 id="shop-products" className="text-xl font-bold">{t("shops.products")}</h2>
          <Form method="get" role="search" className="flex w-full max-w-sm">
            <label htmlFor="shop-search" className="sr-only">{t("shops.searchLabel")}</label>
            <input
              id="shop-search"
              type="search"
              name="search"
              defaultValue={search}
              key={search}
              placeholder={t("shops.searchPlaceholder")}
              className="min-w-0 flex-1 rounded-s-md border border-slate-300 px-3 py-2 text-sm"
            />
            <button type="submit" className="flex items-center gap-1 rounded-e-md bg-primary px-4 text-sm font-semibold text-white hover:bg-primary-800">
              <SearchIcon className="h-4 w-4" />
              <span>{t("shops.search")}</span>
            </button>
          </Form>
        </div>
        <p className="text-sm text-slate-600" aria-live="polite">
          {search ? t("shops.resultsFor", { count: products.total, search }) : t("shops.results", { count: products.total })}
        </p>
        {products.products.length > 0 ? (
          <ProductGrid products={products.products} columns="six" />
        ) : (
          <p className="rounded-lg border border-dashed border-slate-300 p-8 text-center text-slate-600">{t("shops.noProducts")}</p>
        )}
        <Pagination totalItems={products.total} current={page} perPage={perPage} />
      </section>

      <ReviewsSectionWhenVisible id="shop-reviews" title={t("reviews.title")} reviews={reviews} />
    </div>
  );
}
