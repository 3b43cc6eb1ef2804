import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useFetcher, useLoaderData } from "@remix-run/react";
import { Link } from "~/components/link";
import { useEffect, useRef, type ReactNode } from "react";
import { useTranslation } from "~/lib/translation";
import { StarIcon } from "~/components/icons";
import { ProductGridWhenVisible } from "~/components/below-the-fold";
import { FlashSaleTiming, SectionHeading } from "~/components/section-heading";
import { shopContext } from "~/lib/context.server";
import { pageDependsOn } from "~/lib/page-cache.server";
import { pageMeta } from "~/lib/seo";
import { parsePage } from "~/lib/pagination.server";
import { currentFlashSale, listFlashSaleProducts } from "~/modules/catalog/flash-sales.server";
import { catalogueCards, listPopularProducts, listProducts } from "~/modules/catalog/products.server";
import { recentlyViewedIds } from "~/modules/catalog/recently-viewed.server";
import { listBanners } from "~/modules/content/banners.server";
import { listTopRatedShops } from "~/modules/shops/top-shops.server";

// The flash-sale countdown's wording lives in the product namespace.
// Its loader reads nothing of the signed-in shopper's: signed-in shoppers may get it kept (ADR 0029).
export const handle = { i18n: ["catalog", "product"], keptForShoppers: true };

/** Not-shown facts: 10 categories, 6 popular products, 8 shops; Just For You grows 12 at a time. */
const HOME_CATEGORIES = 10;
const POPULAR = 6;
const FLASH_SALE_PRODUCTS = 6;
const JUST_FOR_YOU_STEP = 12;
/** Load More stops here (60 products) and hands over to the full list. */
const JUST_FOR_YOU_MAX_PAGES = 5;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { db, t, settings, session, locale } = await shopContext(request);
  pageDependsOn(context, "recentlyViewed");
  const page = Math.min(parsePage(new URL(request.url).searchParams.get("page")), JUST_FOR_YOU_MAX_PAGES);
  const sale = await currentFlashSale(db);
  const [heroes, ads, popular, saleProducts, shops, justForYou, recentlyViewed] = await Promise.all([
    listBanners(db, "hero"),
    listBanners(db, "ad"),
    listPopularProducts(db, POPULAR),
    sale ? listFlashSaleProducts(db, sale, { per_page: FLASH_SALE_PRODUCTS, sort: "popular" }) : null,
    settings.multiVendor ? listTopRatedShops(db) : [],
    // Page N of "Just For You" shows the first N steps, so the plain Load More link works without JS.
    listProducts(db, { sort: "just_for_you", per_page: JUST_FOR_YOU_STEP * page }),
    catalogueCards(db, recentlyViewedIds(session)),
  ]);
  return {
    title: t("meta.home"),
    description: settings.footerDescription || t("home.heroTitle"),
    locale,
    heroes,
    ads,
    popular,
    flashSale: sale && saleProducts ? { ...sale, products: saleProducts.products } : null,
    shops,
    justForYou: {
      products: justForYou.products,
      page,
      more: page < JUST_FOR_YOU_MAX_PAGES && justForYou.total > justForYou.products.length,
    },
    recentlyViewed,
    categories: settings.categories.slice(0, HOME_CATEGORIES),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(matches, { title: data?.title, description: data?.description ?? "", path: "/", image: data?.heroes[0]?.image });

export default function Home() {
  const { heroes, ads, popular, flashSale, shops, recentlyViewed, locale, categories } = useLoaderData<typeof loader>();
  const { t } = useTranslation("catalog");
  const { t: tc } = useTranslation();
  const [hero, ...sideBanners] = heroes;
  return (
    <>
      <h1 className="sr-only">{tc("home.heroTitle")}</h1>
      <div className="container-shop space-y-12 py-6">
        {hero ? (
          <section aria-label={tc("home.banners")} className="grid gap-4 lg:grid-cols-3">
            <Link to={hero.url ?? "/products"} className="overflow-hidden rounded-xl lg:col-span-2">
              <img src={hero.image} alt={hero.alt} width={1200} height={480} className="h-full w-full object-cover" />
            </Link>
            <div className="grid gap-4">
              {sideBanners.slice(0, 2).map((banner) => (
                <Link key={banner.id} to={banner.url ?? "/products"} className="overflow-hidden rounded-xl">
                  <img src={banner.image} alt={banner.alt} width={600} height={240} loading="lazy" className="h-full w-full object-cover" />
                </Link>
              ))}
            </div>
          </section>
        ) : null}

        <SupportStrip />

        {categories.length > 0 ? (
          <section aria-labelledby="home-categories">
            <SectionHeading id="home-categories" title={tc("home.categories")} viewAll={{ href: "/categories", label: tc("home.viewAll") }} />
            <ul className="grid grid-cols-2 gap-4 sm:grid-cols-4 md:grid-cols-5">
              {categories.map((category) => (
                <li key={category.id}>
                  <Link to={`/categories/${category.id}`} className="flex h-full flex-col items-center gap-2 rounded-lg border border-slate-200 p-4 text-center text-sm font-medium hover:border-primary hover:text-primary-700">
                    <img src={category.thumbnail} alt="" width={64} height={64} loading="lazy" className="h-16 w-16 rounded-full bg-slate-100" />
                    {category.name}
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ) : null}

        {flashSale ? (
          <section aria-labelledby="home-flash-sale" className="rounded-xl bg-red-50 p-4 sm:p-6">
            <SectionHeading
              id="home-flash-sale"
              title={t("home.flashSale")}
              viewAll={{ href: `/flash-sale/${flashSale.id}`, label: tc("home.viewAll") }}
            >
              <FlashSaleTiming sale={flashSale} locale={locale} />
            </SectionHeading>
            <p className="-mt-2 mb-4 font-semibold text-slate-800">{flashSale.name}</p>
            <ProductGridWhenVisible products={flashSale.products} columns="six" />
          </section>
        ) : null}

        <section aria-labelledby="home-popular">
          <SectionHeading id="home-popular" title={tc("home.popularProducts")} viewAll={{ href: "/most-popular", label: tc("home.viewAll") }} />
          <ProductGridWhenVisible products={popular} columns="six" />
        </section>

        {ads.length > 0 ? (
          <section aria-label={t("home.offers")} className="grid gap-4 md:grid-cols-2">
            {ads.map((ad) => (
              <Link key={ad.id} to={ad.url ?? "/products"} className="overflow-hidden rounded-xl">
                <img src={ad.image} alt={ad.alt} width={800} height={240} loading="lazy" className="h-full w-full object-cover" />
              </Link>
            ))}
          </section>
        ) : null}

        {shops.length > 0 ? (
          <section aria-labelledby="home-shops">
            <SectionHeading id="home-shops" title={t("home.topShops")} viewAll={{ href: "/shops", label: tc("home.viewAll") }} />
            <ul className="grid grid-cols-2 gap-4 sm:grid-cols-4">
              {shops.map((shop) => (
                <li key={shop.id}>
                  <Link to={`/shops/${shop.id}`} className="flex h-full items-center gap-3 rounded-lg border border-slate-200 p-4 hover:border-primary">
                    <img src={shop.logo} alt="" width={48} height={48} loading="lazy" className="h-12 w-12 shrink-0 rounded-full border border-slate-200 bg-white" />
                    <span className="min-w-0">
                      <span className="block truncate font-semibold">{shop.name}</span>
                      <span className="flex items-center gap-1 text-xs text-slate-600">
                        <StarIcon className="h-3.5 w-3.5 text-amber-500" />
                        {t("home.shopRating", { rating: shop.rating.toFixed(1), count: shop.total_reviews })}
                      </span>
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ) : null}

        <JustForYou />

        {recentlyViewed.length > 0 ? (
          <section aria-labelledby="home-recent">
            <SectionHeading id="home-recent" title={t("home.recentlyViewed")} />
            <ProductGridWhenVisible products={recentlyViewed} columns="six" />
          </section>
        ) : null}
      </div>
    </>
  );
}

/**
 * "Just For You" with Load More: without JS a plain link to /?page=N, which shows N steps of products;
 * with JS the same page is fetched in the background and the grid grows without a reload, focus
 * moving to the first new product.
 */
function JustForYou() {
  const { justForYou } = useLoaderData<typeof loader>();
  const fetcher = useFetcher<typeof loader>();
  const { t } = useTranslation("catalog");
  const shown = fetcher.data?.justForYou ?? justForYou;
  const listRef = useRef<HTMLUListElement>(null);
  // Where the products added by Load More start, until focus has moved there.
  const focusFrom = useRef<number | null>(null);

  useEffect(() => {
    const from = focusFrom.current;
    if (from === null || shown.products.length <= from) return;
    focusFrom.current = null;
    listRef.current?.querySelectorAll<HTMLAnchorElement>("li a")[from]?.focus();
  }, [shown.products.length]);

  const next = shown.page + 1;
  const loading = fetcher.state !== "idle";
  return (
    <section aria-labelledby="just-for-you" id="just-for-you-section">
      <SectionHeading id="just-for-you" title={t("home.justForYou")} />
      <ProductGridWhenVisible products={shown.products} columns="six" listRef={listRef} />
      <div className="mt-6 flex justify-center">
        {shown.more ? (
          <Link
            to={`/?page=${next}#just-for-you-section`}
            preventScrollReset
            aria-disabled={loading || undefined}
            onClick={(event) => {
              event.preventDefault();
              if (loading) return;
              focusFrom.current = shown.products.length;
              fetcher.load(`/?index&page=${next}`);
            }}
            className="btn-secondary min-w-40"
          >
            {loading ? t("home.loading") : t("home.loadMore")}
          </Link>
        ) : (
          <Link to="/products" className="btn-secondary">{t("home.viewAllProducts")}</Link>
        )}
      </div>
    </section>
  );
}

function SupportStrip() {
  const { t } = useTranslation("catalog");
  const items: Array<{ key: string; icon: ReactNode }> = [
    { key: "support", icon: <path d="M4 14v-2a8 8 0 0 1 16 0v2M4 14a2 2 0 0 0 2 2h1v-5H6a2 2 0 0 0-2 2Zm16 0a2 2 0 0 1-2 2h-1v-5h1a2 2 0 0 1 2 2Zm-3 2v1a3 3 0 0 1-3 3h-2" /> },
    { key: "payment", icon: <path d="M12 3 4 6v6c0 4.5 3.4 8.3 8 9 4.6-.7 8-4.5 8-9V6l-8-3Zm-3 9 2 2 4-4" /> },
    { key: "returns", icon: <path d="M4 9h11a5 5 0 0 1 0 10H8M4 9l4-4M4 9l4 4" /> },
    { key: "reviews", icon: <path d="m12 3 2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1-4.4-4.3 6.1-.9L12 3Z" /> },
  ];
  return (
    <section aria-label={t("home.promises")}>
      <ul className="grid gap-4 rounded-xl border border-slate-200 p-4 sm:grid-cols-2 lg:grid-cols-4">
        {items.map(({ key, icon }) => (
          <li key={key} className="flex items-center gap-3">
            <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-primary-50 text-primary-700">
              <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round"
                aria-hidden="true" focusable="false" className="h-6 w-6">{icon}</svg>
            </span>
            <span>
              <span className="block font-semibold">{t(`home.strip.${key}.title`)}</span>
              <span className="block text-sm text-slate-600">{t(`home.strip.${key}.text`)}</span>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
