import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/link";
import { useTranslation } from "~/lib/translation";
import { BlogCard } from "~/components/blog-card";
import { Pagination } from "~/components/pagination";
import { shopContext } from "~/lib/context.server";
import { parsePage } from "~/lib/pagination.server";
import { pageMeta } from "~/lib/seo";
import { listBlogCategories, listBlogPage } from "~/modules/content/blogs.server";

export const handle = { i18n: ["content"] };

export async function loader({ request }: LoaderFunctionArgs) {
  const { db, t, locale } = await shopContext(request);
  const url = new URL(request.url);
  const [list, categories] = await Promise.all([
    listBlogPage(db, { category: url.searchParams.get("category"), page: parsePage(url.searchParams.get("page")) }),
    listBlogCategories(db),
  ]);
  // The canonical URL keeps only what changes the page: a known category and a page after the first.
  const canonical = new URLSearchParams();
  if (list.category) canonical.set("category", list.category.slug);
  if (list.page > 1) canonical.set("page", String(list.page));
  const query = canonical.toString();
  return {
    title: list.category ? t("content:blogs.categoryTitle", { category: list.category.name }) : t("content:blogs.title"),
    description: t("content:blogs.description"),
    path: `/blogs${query ? `?${query}` : ""}`,
    locale,
    list,
    categories,
    allPosts: categories.reduce((sum, c) => sum + c.total, 0),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  data ? pageMeta(matches, { title: data.title, description: data.description, path: data.path }) : [];

export default function Blogs() {
  const { list, categories, allPosts, locale } = useLoaderData<typeof loader>();
  const { t } = useTranslation("content");
  const current = list.category?.slug ?? null;
  const chip = "inline-flex min-h-10 items-center rounded-full border px-4 text-sm font-medium";
  return (
    <div className="container-shop py-8">
      <h1 className="text-3xl font-bold">{t("blogs.title")}</h1>
      <p className="mt-1 text-slate-600">
        {list.category ? t("blogs.categoryIntro", { category: list.category.name }) : t("blogs.intro")}
      </p>

      <nav aria-label={t("blogs.filter")} className="mt-6">
        <ul className="flex flex-wrap gap-2">
          <li>
            <Link
              to="/blogs"
              aria-current={current === null ? "page" : undefined}
              className={`${chip} ${current === null ? "border-primary bg-primary text-white" : "border-slate-300 hover:bg-slate-100"}`}
            >
              {t("blogs.withCount", { name: t("blogs.all"), count: allPosts })}
            </Link>
          </li>
          {categories.map((category) => (
            <li key={category.id}>
              <Link
                to={`/blogs?category=${encodeURIComponent(category.slug)}`}
                aria-current={current === category.slug ? "page" : undefined}
                className={`${chip} ${current === category.slug ? "border-primary bg-primary text-white" : "border-slate-300 hover:bg-slate-100"}`}
              >
                {t("blogs.withCount", { name: category.name, count: category.total })}
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      <p className="mt-6 text-sm text-slate-600">{t("blogs.count", { count: list.total })}</p>
      {list.blogs.length === 0 ? (
        <p className="mt-4 text-slate-600">{t("blogs.empty")}</p>
      ) : (
        <ul className="mt-4 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {list.blogs.map((blog) => (
            <li key={blog.id}><BlogCard blog={blog} locale={locale} /></li>
          ))}
        </ul>
      )}
      <Pagination totalItems={list.total} current={list.page} perPage={list.perPage} />
    </div>
  );
}
