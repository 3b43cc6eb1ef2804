import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { LegalPageView, legalPageMeta, type LegalPageData } from "~/components/legal-page";
import { shopContext } from "~/lib/context.server";
import { findLegalPage } from "~/modules/content/pages.server";

export const handle = { i18n: ["content"] };

export async function loader({ request }: LoaderFunctionArgs): Promise<LegalPageData> {
  const { db, locale } = await shopContext(request);
  const page = await findLegalPage(db, "about-us");
  if (!page) throw new Response(null, { status: 404 });
  return { page, path: "/about-us", locale };
}

export const meta = legalPageMeta;

export default function AboutUs() {
  const { page, locale } = useLoaderData<typeof loader>();
  return <LegalPageView page={page} locale={locale} />;
}
