import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/link";
import { useTranslation } from "~/lib/translation";
import { shopContext } from "~/lib/context.server";
import { pageMeta } from "~/lib/seo";

// Its loader reads nothing of the signed-in shopper's: signed-in shoppers may get it kept (ADR 0029).
export const handle = { i18n: ["catalog"], keptForShoppers: true };

/** Every category with its sub-categories. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { settings, t } = await shopContext(request);
  return { title: t("catalog:categories.title"), categories: settings.categories };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches, location }) =>
  pageMeta(matches, { title: data?.title, description: data?.title ?? "", path: location.pathname + location.search });

export default function Categories() {
  const { title, categories } = useLoaderData<typeof loader>();
  const { t } = useTranslation("catalog");
  return (
    <div className="container-shop py-6">
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="mt-1 text-slate-600">{t("categories.intro")}</p>
      {categories.length === 0 ? (
        <p className="mt-8 text-slate-600">{t("categories.empty")}</p>
      ) : (
        <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {categories.map((category) => (
            <li key={category.id} className="rounded-lg border border-slate-200 p-4">
              <h2 className="text-lg font-semibold">
                <Link to={`/categories/${category.slug}`} className="flex items-center gap-3 hover:text-primary">
                  <img src={category.thumbnail} alt="" width={56} height={56} loading="lazy" className="h-14 w-14 rounded-full bg-slate-100" />
                  {category.name}
                </Link>
              </h2>
              {category.sub_categories.length > 0 ? (
                <ul aria-label={t("categories.subCategoriesOf", { name: category.name })} className="mt-3 flex flex-wrap gap-2">
                  {category.sub_categories.map((sub) => (
                    <li key={sub.id}>
                      <Link
                        to={`/categories/${category.slug}?subcategory=${sub.id}`}
                        className="inline-flex min-h-8 items-center rounded-full border border-slate-300 px-3 text-sm text-slate-700 hover:border-primary hover:text-primary-700"
                      >
                        {sub.name}
                      </Link>
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
