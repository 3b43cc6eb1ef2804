import fs from "node:fs";
import { createReadableStreamFromReadable, type LoaderFunctionArgs } from "@remix-run/node";
import { shopContext } from "~/lib/context.server";
import { CONTENT_TYPE_OF_KIND } from "~/modules/tickets/attachments.server";
import { findAttachment, viewerOf } from "~/modules/tickets/tickets.server";

const notFound = () =>
  new Response("Not Found", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "X-Content-Type-Options": "nosniff", "Cache-Control": "private, no-store" },
  });

/**
 * GET /ticket-attachments/{random}.{pdf|png|jpg}: a file sent with a support ticket, streamed to the ticket's
 * customer or the platform admin. A guest, another shopper or a shop's staff get the same 404 as a name never made.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { db, user } = await shopContext(request);
  if (!user) return notFound();
  const file = await findAttachment(db, viewerOf(user), params.file ?? "");
  if (!file) return notFound();
  return new Response(createReadableStreamFromReadable(fs.createReadStream(file.path)), {
    status: 200,
    headers: {
      "Content-Type": CONTENT_TYPE_OF_KIND[file.kind],
      "Content-Length": String(file.size_bytes),
      "Content-Disposition": `attachment; filename="${file.file_name.replace(/[^\x20-\x7e]|["\\]/g, "_")}"; filename*=UTF-8''${encodeURIComponent(file.file_name)}`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; sandbox",
    },
  });
}
