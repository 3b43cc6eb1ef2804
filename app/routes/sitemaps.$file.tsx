import type { LoaderFunctionArgs } from "@remix-run/node";
import { shopContext } from "~/lib/context.server";
import { siteOrigin } from "~/lib/seo";
import { listPageEntries, listProductEntries, renderUrlSet } from "~/modules/content/sitemap.server";

/** /sitemaps/pages.xml and /sitemaps/products-{n}.xml, as listed by /sitemap.xml; anything else is 404. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { db, settings } = await shopContext(request);
  const file = params.file ?? "";
  const products = /^products-([1-9]\d{0,5})\.xml$/.exec(file);
  const entries =
    file === "pages.xml" ? await listPageEntries(db) : products ? await listProductEntries(db, Number(products[1])) : [];
  if (entries.length === 0) throw new Response(null, { status: 404 });
  return new Response(renderUrlSet(siteOrigin(request, settings.baseUrl), entries), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
