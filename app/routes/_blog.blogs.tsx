import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { shopContext } from "~/lib/context.server";
import { formatDate } from "~/lib/dates";
import { pageTitle } from "~/lib/meta";
import { listBlogs } from "~/modules/content/blogs.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const { db, t, locale } = await shopContext(request);
  return { title: t("meta.blogs"), locale, blogs: await listBlogs(db, { limit: 24 }) };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(matches, data?.title);

export default function Blogs() {
  const { blogs, locale } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <div className="container-shop py-8">
      <h1 className="text-3xl font-bold">{t("blog.title")}</h1>
      <p className="mt-1 text-slate-600">{t("blog.intro")}</p>
      {blogs.length === 0 ? (
        <p className="mt-8 text-slate-600">{t("blog.empty")}</p>
      ) : (
        <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {blogs.map((blog) => (
            <li key={blog.id}>
              <article className="flex h-full flex-col overflow-hidden rounded-lg border border-slate-200">
                <img src={blog.thumbnail} alt="" width={600} height={320} loading="lazy" className="aspect-[15/8] w-full bg-slate-100 object-cover" />
                <div className="flex flex-1 flex-col gap-2 p-4">
                  <p className="text-xs font-semibold uppercase text-primary-700">{blog.category_name}</p>
                  <h2 className="text-lg font-semibold">
                    <Link to={`/blog/${blog.slug}`} className="hover:text-primary">{blog.title}</Link>
                  </h2>
                  <p className="line-clamp-3 text-sm text-slate-600">{blog.summary}</p>
                  <p className="mt-auto text-xs text-slate-600">
                    {t("blog.by", { author: blog.author_name })} · <time dateTime={blog.created_at}>{formatDate(blog.created_at, locale)}</time>
                  </p>
                </div>
              </article>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
