import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ProductCard } from "~/components/product-card";
import { shopContext } from "~/lib/context.server";
import { pageTitle } from "~/lib/meta";
import { listCategories } from "~/modules/catalog/categories.server";
import { listPopularProducts } from "~/modules/catalog/products.server";
import { listBanners } from "~/modules/content/banners.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const { db, t } = await shopContext(request);
  const [banners, categories, popular] = await Promise.all([
    listBanners(db, "hero"),
    listCategories(db),
    listPopularProducts(db, 12),
  ]);
  return { title: t("meta.home"), banners, categories: categories.slice(0, 10), popular };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(matches, data?.title);

export default function Home() {
  const { banners, categories, popular } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const [hero, ...others] = banners;
  return (
    <>
    <h1 className="sr-only">{t("home.heroTitle")}</h1>
    <div className="container-shop space-y-12 py-6">

      {hero ? (
        <section aria-label={t("home.banners")} className="grid gap-4 lg:grid-cols-3">
          <Link to={hero.url ?? "/products"} className="overflow-hidden rounded-xl lg:col-span-2">
            <img src={hero.image} alt={hero.alt} width={1200} height={480} className="h-full w-full object-cover" />
          </Link>
          <div className="grid gap-4">
            {others.slice(0, 2).map((banner) => (
              <Link key={banner.id} to={banner.url ?? "/products"} className="overflow-hidden rounded-xl">
                <img src={banner.image} alt={banner.alt} width={600} height={240} loading="lazy" className="h-full w-full object-cover" />
              </Link>
            ))}
          </div>
        </section>
      ) : null}

      <section aria-labelledby="home-categories">
        <div className="mb-4 flex items-center justify-between">
          <h2 id="home-categories" className="text-xl font-bold">{t("home.categories")}</h2>
          <Link to="/categories" className="text-sm font-semibold text-primary-700 hover:underline">{t("home.viewAll")}</Link>
        </div>
        <ul className="grid grid-cols-2 gap-4 sm:grid-cols-4 md:grid-cols-5">
          {categories.map((category) => (
            <li key={category.id}>
              <Link to={`/categories/${category.id}`} className="flex flex-col items-center gap-2 rounded-lg border border-slate-200 p-4 text-center text-sm font-medium hover:border-primary hover:text-primary">
                <img src={category.thumbnail} alt="" width={64} height={64} loading="lazy" className="h-16 w-16 rounded-full bg-slate-100" />
                {category.name}
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="home-popular">
        <div className="mb-4 flex items-center justify-between">
          <h2 id="home-popular" className="text-xl font-bold">{t("home.popularProducts")}</h2>
          <Link to="/most-popular" className="text-sm font-semibold text-primary-700 hover:underline">{t("home.viewAll")}</Link>
        </div>
        <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-6">
          {popular.map((product) => (
            <li key={product.id}><ProductCard product={product} /></li>
          ))}
        </ul>
      </section>
    </div>
    </>
  );
}
