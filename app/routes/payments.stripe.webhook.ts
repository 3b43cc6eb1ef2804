import type { ActionFunctionArgs } from "@remix-run/node";
import { getDb } from "~/lib/db.server";
import { receiveStripeWebhook } from "~/modules/payments/payments.server";
import { stripeWebhookConfigured, WebhookSignatureError } from "~/modules/payments/stripe-gateway.server";

/**
 * Stripe's calls about Checkout Sessions (server.js lets this one POST path through its cross-site check: it
 * carries no cookie and proves itself with the Stripe-Signature over the raw body instead).
 */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
  if (!stripeWebhookConfigured()) return new Response("Not Found", { status: 404 });
  const payload = await request.text();
  try {
    await receiveStripeWebhook(getDb(), payload, request.headers.get("Stripe-Signature"));
  } catch (error) {
    if (error instanceof WebhookSignatureError) return new Response("Bad signature", { status: 400 });
    throw error;
  }
  return Response.json({ received: true });
}
