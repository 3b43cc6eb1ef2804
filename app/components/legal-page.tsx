import type { MetaFunction } from "@remix-run/node";
import { useTranslation } from "~/lib/translation";
import { formatDate } from "~/lib/dates";
import { pageMeta } from "~/lib/seo";
import type { LegalPage } from "~/modules/content/pages.server";

export interface LegalPageData { page: LegalPage; path: string; locale: string }

/** Title, search description and canonical URL of a policy page. */
export const legalPageMeta: MetaFunction<() => LegalPageData> = ({ data, matches }) =>
  data
    ? pageMeta(matches, { title: data.page.title, description: data.page.paragraphs[0] ?? data.page.title, path: data.path })
    : [];

/**
 * A policy or information page: its title, when it last changed and its text as plain paragraphs. Texts come
 * from the database in whatever language they were written, so each block takes its direction from its text.
 */
export function LegalPageView({ page, locale }: { page: LegalPage; locale: string }) {
  const { t } = useTranslation("content");
  return (
    <article className="container-shop max-w-3xl py-10">
      <h1 dir="auto" className="text-3xl font-bold">{page.title}</h1>
      <p className="mt-2 text-sm text-slate-600">
        {t("pages.updated", { date: formatDate(page.updated_at, locale) })}
      </p>
      <div className="mt-6 space-y-4 leading-relaxed text-slate-800">
        {page.paragraphs.map((paragraph, index) => (
          <p key={index} dir="auto">{paragraph}</p>
        ))}
      </div>
    </article>
  );
}
