import type { LoaderFunctionArgs } from "@remix-run/node";
import { shopContext } from "~/lib/context.server";
import { siteOrigin } from "~/lib/seo";

/** Personal and transactional pages are of no use in search results; everything else may be crawled. */
const PRIVATE_PATHS = [
  "/dashboard", "/order-history", "/digital-product-order-history", "/return-product", "/returned-order-history",
  "/wishlist", "/profile", "/manage-address", "/change-password", "/support-tickets", "/support-ticket/", "/massages",
  "/checkout", "/buynow", "/cart", "/preferences", "/logout", "/api/",
];

export async function loader({ request }: LoaderFunctionArgs) {
  const { settings } = await shopContext(request);
  const lines = [
    "User-agent: *",
    "Allow: /",
    ...PRIVATE_PATHS.map((path) => `Disallow: ${path}`),
    "",
    `Sitemap: ${siteOrigin(request, settings.baseUrl)}/sitemap.xml`,
    "",
  ];
  return new Response(lines.join("\n"), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
