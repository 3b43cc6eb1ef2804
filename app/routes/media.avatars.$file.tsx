import type { LoaderFunctionArgs } from "@remix-run/node";
import { readAvatar } from "~/modules/account/avatars.server";

/**
 * GET /media/avatars/{random}.webp: a profile photo stored under DATA_DIR/uploads/avatars. Names are random
 * and never reused (a new photo gets a new name), so a photo is cached for a year.
 */
export async function loader({ params }: LoaderFunctionArgs) {
  const photo = await readAvatar(params.file ?? "");
  if (!photo) {
    return new Response("Not Found", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "X-Content-Type-Options": "nosniff", "Cache-Control": "no-store" },
    });
  }
  return new Response(photo, {
    status: 200,
    headers: {
      "Content-Type": "image/webp",
      "Content-Length": String(photo.byteLength),
      "Cache-Control": "public, max-age=31536000, immutable",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; sandbox",
    },
  });
}
