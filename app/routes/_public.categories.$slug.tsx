import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/link";
import { useTranslation } from "~/lib/translation";
import { ProductListing } from "~/components/product-listing";
import { shopContext } from "~/lib/context.server";
import { pageMeta } from "~/lib/seo";
import { findCategory } from "~/modules/catalog/categories.server";
import { listProducts, parseProductFilters } from "~/modules/catalog/products.server";

// Its loader reads nothing of the signed-in shopper's: signed-in shoppers may get it kept (ADR 0029).
export const handle = { i18n: ["catalog"], keptForShoppers: true };

/**
 * One category's products. Both readings of the URL (spec §2): /categories/{slug} and /categories/{id},
 * each with ?subcategory={subId}; a sub-category of another category is ignored, an unknown category is a 404.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { db, t, currency } = await shopContext(request);
  const category = await findCategory(db, params.slug ?? "");
  if (!category) throw new Response(null, { status: 404 });
  const filters = parseProductFilters(new URL(request.url).searchParams, currency);
  const sub = category.sub_categories.find((s) => s.id === filters.sub_category_id) ?? null;
  const list = await listProducts(db, { ...filters, category_id: category.id, sub_category_id: sub?.id });
  return {
    title: sub ? t("catalog:category.titleWithSub", { category: category.name, sub: sub.name }) : category.name,
    category,
    sub,
    list,
  };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches, location }) =>
  pageMeta(matches, { title: data?.title, description: data?.title ?? "", path: location.pathname + location.search });

export default function CategoryProducts() {
  const { category, sub, list } = useLoaderData<typeof loader>();
  const { t } = useTranslation("catalog");
  const base = `/categories/${category.id}`;
  const chip = "inline-flex min-h-8 items-center rounded-full border px-3 text-sm";
  return (
    <div className="container-shop py-6">
      <nav aria-label={t("breadcrumb")} className="mb-2 text-sm text-slate-600">
        <ol className="flex flex-wrap items-center gap-1">
          <li><Link to="/categories" className="text-primary-700 hover:underline">{t("categories.title")}</Link></li>
          <li aria-hidden="true">/</li>
          <li>
            {sub ? <Link to={base} className="text-primary-700 hover:underline">{category.name}</Link> : <span aria-current="page">{category.name}</span>}
          </li>
          {sub ? (
            <>
              <li aria-hidden="true">/</li>
              <li><span aria-current="page">{sub.name}</span></li>
            </>
          ) : null}
        </ol>
      </nav>
      <h1 className="text-2xl font-bold">{sub ? sub.name : category.name}</h1>
      {category.sub_categories.length > 0 ? (
        <nav aria-label={t("category.subCategories")} className="mt-4">
          <ul className="flex flex-wrap gap-2">
            <li>
              <Link to={base} aria-current={sub ? undefined : "page"}
                className={`${chip} ${sub ? "border-slate-300 text-slate-700 hover:border-primary" : "border-primary bg-primary text-white"}`}>
                {t("category.all")}
              </Link>
            </li>
            {category.sub_categories.map((s) => (
              <li key={s.id}>
                <Link to={`${base}?subcategory=${s.id}`} aria-current={sub?.id === s.id ? "page" : undefined}
                  className={`${chip} ${sub?.id === s.id ? "border-primary bg-primary text-white" : "border-slate-300 text-slate-700 hover:border-primary"}`}>
                  {s.name}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      <ProductListing
        list={list}
        defaultSort="newest"
        keep={{ subcategory: sub ? String(sub.id) : "" }}
        clearHref={sub ? `${base}?subcategory=${sub.id}` : base}
      />
    </div>
  );
}
