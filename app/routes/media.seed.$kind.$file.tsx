import type { LoaderFunctionArgs } from "@remix-run/node";
import { renderSeedArt } from "~/lib/seed-art.server";

/** GET /media/seed/{kind}/{key}.svg: the demo marketplace's generated artwork (immutable, cached for a year). */
export async function loader({ params }: LoaderFunctionArgs) {
  const kind = params.kind ?? "";
  const file = params.file ?? "";
  const svg = file.endsWith(".svg") ? renderSeedArt(kind, file.slice(0, -".svg".length)) : null;
  if (svg === null) {
    return new Response("Not Found", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "X-Content-Type-Options": "nosniff", "Cache-Control": "no-store" },
    });
  }
  return new Response(svg, {
    status: 200,
    headers: {
      "Content-Type": "image/svg+xml",
      "Cache-Control": "public, max-age=31536000, immutable",
      "X-Content-Type-Options": "nosniff",
      // The image embeds no script or external resource; forbid both in case it is opened directly.
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    },
  });
}
