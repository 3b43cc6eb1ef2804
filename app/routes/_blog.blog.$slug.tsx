import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/link";
import { useTranslation } from "~/lib/translation";
import { BlogCard } from "~/components/blog-card";
import { ProductCard } from "~/components/product-card";
import { shopContext } from "~/lib/context.server";
import { formatDate } from "~/lib/dates";
import { pageMeta } from "~/lib/seo";
import { recordVisit } from "~/lib/visits.server";
import {
  findBlog,
  listBlogProducts,
  listPopularBlogs,
  listRelatedBlogs,
} from "~/modules/content/blogs.server";

export const handle = { i18n: ["content"] };

export async function loader({ request, params, context: loadContext }: LoaderFunctionArgs) {
  const context = await shopContext(request);
  const { db, locale } = context;
  const blog = await findBlog(db, params.slug ?? "");
  if (!blog) throw new Response(null, { status: 404 });
  const [{ counted }, related, popular, products] = await Promise.all([
    request.method === "GET" ? recordVisit(context, loadContext, { kind: "blog", id: blog.id }) : { counted: false },
    listRelatedBlogs(db, blog),
    listPopularBlogs(db, { exceptId: blog.id }),
    listBlogProducts(db, blog.id),
  ]);
  return {
    blog: { ...blog, total_views: blog.total_views + (counted ? 1 : 0) },
    path: `/blog/${encodeURIComponent(blog.slug)}`,
    locale,
    related,
    popular,
    products,
  };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  data
    ? [
        ...pageMeta(matches, {
          title: data.blog.title,
          description: data.blog.summary || data.blog.paragraphs[0] || data.blog.title,
          path: data.path,
          image: data.blog.thumbnail,
          type: "article",
        }),
        { property: "article:published_time", content: data.blog.created_at },
        { property: "article:author", content: data.blog.author_name },
        { property: "article:section", content: data.blog.category.name },
        ...data.blog.tags.map((tag) => ({ property: "article:tag", content: tag })),
      ]
    : [];

export default function BlogPost() {
  const { blog, related, popular, products, locale } = useLoaderData<typeof loader>();
  const { t } = useTranslation("content");
  const { t: tCommon } = useTranslation();
  return (
    <div className="container-shop py-8">
      <nav aria-label={tCommon("a11y.breadcrumb")} className="text-sm text-slate-600">
        <ol className="flex flex-wrap items-center gap-2">
          <li><Link to="/blogs" className="text-primary-700 hover:underline">{t("blogs.title")}</Link></li>
          <li aria-hidden="true">/</li>
          <li>
            <Link to={`/blogs?category=${encodeURIComponent(blog.category.slug)}`} className="text-primary-700 hover:underline">
              {blog.category.name}
            </Link>
          </li>
        </ol>
      </nav>

      <div className="mt-6 grid gap-10 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <article className="min-w-0">
          <header>
            <h1 dir="auto" className="text-3xl font-bold leading-tight sm:text-4xl">{blog.title}</h1>
            <div className="mt-4 flex flex-wrap items-center gap-3 text-sm text-slate-600">
              {blog.author_photo ? (
                <img src={blog.author_photo} alt="" width={40} height={40} className="h-10 w-10 rounded-full bg-slate-100" />
              ) : null}
              <p>
                <span className="sr-only">{t("blog.author")}: </span>
                <span className="font-semibold text-slate-900">{t("blogs.by", { author: blog.author_name })}</span>
              </p>
              <p>
                <span className="sr-only">{t("blog.published")}: </span>
                <time dateTime={blog.created_at}>{formatDate(blog.created_at, locale)}</time>
              </p>
              <p>{t("blogs.views", { count: blog.total_views })}</p>
              {blog.is_new ? <p className="rounded bg-emerald-700 px-2 py-0.5 text-xs font-bold text-white">{t("blogs.new")}</p> : null}
            </div>
          </header>
          <img
            src={blog.thumbnail}
            alt=""
            width={1200}
            height={640}
            className="mt-6 aspect-[15/8] w-full rounded-xl bg-slate-100 object-cover"
          />
          <div className="mt-6 max-w-prose space-y-4 text-lg leading-relaxed text-slate-800">
            {blog.paragraphs.map((paragraph, index) => (
              <p key={index} dir="auto">{paragraph}</p>
            ))}
          </div>
          {blog.tags.length > 0 ? (
            <section aria-labelledby="blog-tags" className="mt-8">
              <h2 id="blog-tags" className="text-sm font-semibold text-slate-900">{t("blog.tags")}</h2>
              <ul className="mt-2 flex flex-wrap gap-2">
                {blog.tags.map((tag) => (
                  <li key={tag} className="rounded-full bg-slate-100 px-3 py-1 text-sm text-slate-700">#{tag}</li>
                ))}
              </ul>
            </section>
          ) : null}

          {products.length > 0 ? (
            <section aria-labelledby="blog-products" className="mt-12">
              <h2 id="blog-products" className="text-xl font-bold">{t("blog.products")}</h2>
              <ul className="mt-4 grid grid-cols-2 gap-4 sm:grid-cols-3 xl:grid-cols-4">
                {products.map((product) => (
                  <li key={product.id}><ProductCard product={product} /></li>
                ))}
              </ul>
            </section>
          ) : null}

          {related.length > 0 ? (
            <section aria-labelledby="blog-related" className="mt-12">
              <h2 id="blog-related" className="text-xl font-bold">{t("blog.related")}</h2>
              <ul className="mt-4 grid gap-6 sm:grid-cols-2 xl:grid-cols-3">
                {related.map((post) => (
                  <li key={post.id}><BlogCard blog={post} locale={locale} headingLevel={3} /></li>
                ))}
              </ul>
            </section>
          ) : null}
        </article>

        {popular.length > 0 ? (
          <aside aria-labelledby="blog-popular">
            <h2 id="blog-popular" className="text-xl font-bold">{t("blog.popular")}</h2>
            <ol className="mt-4 space-y-4">
              {popular.map((post) => (
                <li key={post.id} className="flex gap-3">
                  <img src={post.thumbnail} alt="" width={96} height={64} loading="lazy" className="h-16 w-24 shrink-0 rounded bg-slate-100 object-cover" />
                  <div className="min-w-0">
                    <h3 dir="auto" className="text-sm font-semibold">
                      <Link to={`/blog/${post.slug}`} className="hover:text-primary-700 hover:underline">{post.title}</Link>
                    </h3>
                    <p className="mt-1 text-xs text-slate-600">
                      <time dateTime={post.created_at}>{formatDate(post.created_at, locale)}</time>
                      {" · "}{t("blogs.views", { count: post.total_views })}
                    </p>
                  </div>
                </li>
              ))}
            </ol>
          </aside>
        ) : null}
      </div>
    </div>
  );
}
