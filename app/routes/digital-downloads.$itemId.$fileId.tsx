import fs from "node:fs";
import { createReadableStreamFromReadable, type LoaderFunctionArgs } from "@remix-run/node";
import { shopContext } from "~/lib/context.server";
import { idFrom } from "~/lib/ids";
import { contentTypeOf } from "~/modules/digital/digital-files.server";
import { takeDownload } from "~/modules/digital/digital.server";
import { isValidDownloadLink } from "~/modules/digital/download-links.server";

const notFound = () =>
  new Response("Not Found", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "X-Content-Type-Options": "nosniff", "Cache-Control": "private, no-store" },
  });

/**
 * GET /digital-downloads/{item}/{file}?expires=…&signature=…: a bought file, streamed to its buyer. The link must be
 * signed for the signed-in shopper and not expired, and the order paid and not cancelled; a guest, another shopper
 * or an expired link gets the same 404.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { db, user } = await shopContext(request);
  const target = { userId: user?.id ?? 0, itemId: idFrom(params.itemId) ?? 0, fileId: idFrom(params.fileId) ?? 0 };
  const url = new URL(request.url);
  if (!user || !isValidDownloadLink(target, url.searchParams.get("expires"), url.searchParams.get("signature"))) return notFound();
  const file = await takeDownload(db, user.id, target.itemId, target.fileId);
  if (!file) return notFound();
  return new Response(createReadableStreamFromReadable(fs.createReadStream(file.path)), {
    status: 200,
    headers: {
      "Content-Type": contentTypeOf(file.file_name),
      "Content-Length": String(file.size_bytes),
      "Content-Disposition": `attachment; filename="${file.file_name.replace(/[^\x20-\x7e]|["\\]/g, "_")}"; filename*=UTF-8''${encodeURIComponent(file.file_name)}`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; sandbox",
    },
  });
}
