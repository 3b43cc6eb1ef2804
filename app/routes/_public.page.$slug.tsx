import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { LegalPageView, legalPageMeta, type LegalPageData } from "~/components/legal-page";
import { shopContext } from "~/lib/context.server";
import { findLegalPage, legalPagePath, NAMED_PAGES } from "~/modules/content/pages.server";

export const handle = { i18n: ["content"] };

/** Any policy page by slug; the ones with a route of their own move there, so each page has one address. */
export async function loader({ request, params }: LoaderFunctionArgs): Promise<LegalPageData> {
  const slug = params.slug ?? "";
  if ((NAMED_PAGES as readonly string[]).includes(slug)) throw redirect(legalPagePath(slug), 301);
  const { db, locale } = await shopContext(request);
  const page = await findLegalPage(db, slug);
  if (!page) throw new Response(null, { status: 404 });
  return { page, path: legalPagePath(page.slug), locale };
}

export const meta = legalPageMeta;

export default function PolicyPage() {
  const { page, locale } = useLoaderData<typeof loader>();
  return <LegalPageView page={page} locale={locale} />;
}
