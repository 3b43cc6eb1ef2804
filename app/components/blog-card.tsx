import { Link } from "~/components/link";
import { useTranslation } from "~/lib/translation";
import { formatDate } from "~/lib/dates";
import type { BlogSummary } from "~/modules/content/blogs.server";

/** A post in a list: picture, category, title (the link), summary, author, date and views. */
export function BlogCard({ blog, locale, headingLevel = 2 }: { blog: BlogSummary; locale: string; headingLevel?: 2 | 3 }) {
  const { t } = useTranslation("content");
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-lg border border-slate-200 bg-white">
      <div className="relative">
        <img src={blog.thumbnail} alt="" width={600} height={320} loading="lazy" className="aspect-[15/8] w-full bg-slate-100 object-cover" />
        {blog.is_new ? (
          <span className="absolute start-2 top-2 rounded bg-emerald-700 px-2 py-0.5 text-xs font-bold text-white">{t("blogs.new")}</span>
        ) : null}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <p className="text-xs font-semibold uppercase text-primary-700">{blog.category.name}</p>
        <Heading dir="auto" className="text-lg font-semibold">
          <Link to={`/blog/${blog.slug}`} className="hover:text-primary-700 hover:underline">{blog.title}</Link>
        </Heading>
        <p dir="auto" className="line-clamp-3 text-sm text-slate-600">{blog.summary}</p>
        <p className="mt-auto text-xs text-slate-600">
          {t("blogs.by", { author: blog.author_name })} · <time dateTime={blog.created_at}>{formatDate(blog.created_at, locale)}</time>
          {" · "}{t("blogs.views", { count: blog.total_views })}
        </p>
      </div>
    </article>
  );
}
