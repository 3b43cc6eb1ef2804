import type { ActionFunctionArgs } from "@remix-run/node";
import { shopContext } from "~/lib/context.server";
import { authorizeChannel } from "~/lib/live.server";
import { readForm } from "~/lib/forms.server";

const refused = () => new Response("Forbidden", { status: 403, headers: { "Cache-Control": "no-store" } });

/**
 * POST /live/pusher-auth (pusher-js's channel authorization, with the Pusher keys set): signs the browser's
 * subscription to the signed-in person's own private channel; any other channel, or no session, is refused.
 */
export async function action({ request }: ActionFunctionArgs) {
  const { user } = await shopContext(request);
  if (!user) return refused();
  const form = await readForm(request);
  const signed = authorizeChannel(user.id, String(form.get("socket_id") ?? ""), String(form.get("channel_name") ?? ""));
  return signed ? Response.json(signed, { headers: { "Cache-Control": "no-store" } }) : refused();
}
