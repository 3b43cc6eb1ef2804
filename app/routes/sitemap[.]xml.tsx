import type { LoaderFunctionArgs } from "@remix-run/node";
import { shopContext } from "~/lib/context.server";
import { siteOrigin } from "~/lib/seo";
import { countProductSitemaps, renderSitemapIndex, sitemapFiles } from "~/modules/content/sitemap.server";

/** The sitemap index: the pages sitemap and one sitemap per 50,000 products (/sitemaps/…). */
export async function loader({ request }: LoaderFunctionArgs) {
  const { db, settings } = await shopContext(request);
  const xml = renderSitemapIndex(siteOrigin(request, settings.baseUrl), sitemapFiles(await countProductSitemaps(db)));
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
