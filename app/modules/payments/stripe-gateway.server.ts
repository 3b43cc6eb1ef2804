import Stripe from "stripe";
import type { Db } from "~/lib/db.server";
import { DomainError } from "~/lib/domain-error";
import { InvalidPaymentReturnError, idFrom, type GatewayOutcome, type PaymentGatewayAdapter } from "./gateway";

/**
 * Stripe Checkout through the official SDK: the shopper pays on Stripe's hosted page; the return and the
 * webhook each read the Checkout Session from Stripe (never from the browser) before anything is marked paid.
 * STRIPE_API_BASE points the SDK at another server (tests use a local stand-in for Stripe's API).
 */

let cached: { key: string; base: string; client: Stripe } | null = null;

function stripeClient(): Stripe {
  const key = process.env.STRIPE_SECRET_KEY?.trim() ?? "";
  const base = process.env.STRIPE_API_BASE?.trim() ?? "";
  if (cached && cached.key === key && cached.base === base) return cached.client;
  const api = base ? new URL(base) : null;
  const client = new Stripe(key, {
    maxNetworkRetries: 2,
    timeout: 15_000,
    appInfo: { name: "Bazaar" },
    ...(api && {
      host: api.hostname,
      port: api.port || (api.protocol === "http:" ? 80 : 443),
      protocol: api.protocol === "http:" ? ("http" as const) : ("https" as const),
    }),
  });
  cached = { key, base, client };
  return client;
}

/** Stripe could not be reached or refused the request: the shopper may try again later. */
export class GatewayUnavailableError extends DomainError {
  constructor() {
    super("payments:errors.gatewayUnavailable");
    this.name = "GatewayUnavailableError";
  }
}

async function retrieveSession(sessionId: string): Promise<Stripe.Checkout.Session> {
  try {
    return await stripeClient().checkout.sessions.retrieve(sessionId);
  } catch (error) {
    if (error instanceof Stripe.errors.StripeInvalidRequestError) throw new InvalidPaymentReturnError();
    console.error("Stripe: reading a Checkout Session failed:", error instanceof Error ? error.message : error);
    throw new GatewayUnavailableError();
  }
}

/** What a Checkout Session says about our payment, once it is proven to be that payment's session. */
async function outcomeOfSession(db: Db, session: Stripe.Checkout.Session): Promise<GatewayOutcome> {
  const paymentId = idFrom(session.metadata?.payment_id);
  if (!paymentId) throw new InvalidPaymentReturnError();
  const payment = await db.selectFrom("payments").select(["currency_amount", "currency", "gateway", "reference"]).where("id", "=", paymentId).executeTakeFirst();
  const matches =
    payment?.gateway === "stripe" &&
    payment.reference === session.id &&
    session.amount_total === payment.currency_amount &&
    session.currency === payment.currency;
  if (!matches) throw new InvalidPaymentReturnError();
  if (session.payment_status === "paid") return { paymentId, result: "paid" };
  if (session.status === "expired") return { paymentId, result: "cancelled" };
  if (session.status === "complete") return { paymentId, result: "processing" };
  return { paymentId, result: "unfinished" };
}

const SESSION_ID = /^cs_[A-Za-z0-9_]{1,250}$/;

export const stripeGateway: PaymentGatewayAdapter = {
  name: "stripe",

  usable() {
    return Boolean(process.env.STRIPE_SECRET_KEY?.trim());
  },

  async start(payment, origin) {
    let session: Stripe.Checkout.Session;
    try {
      session = await stripeClient().checkout.sessions.create({
        mode: "payment",
        line_items: [
          {
            quantity: 1,
            price_data: { currency: payment.currency, unit_amount: payment.amount, product_data: { name: payment.description } },
          },
        ],
        metadata: { payment_id: String(payment.id) },
        client_reference_id: String(payment.id),
        // Stripe fills in {CHECKOUT_SESSION_ID} itself, so the braces stay as they are.
        success_url: `${origin}/payments/return/stripe?session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: `${origin}/payments/return/stripe?payment=${payment.id}`,
      });
    } catch (error) {
      console.error("Stripe: creating a Checkout Session failed:", error instanceof Error ? error.message : error);
      throw new GatewayUnavailableError();
    }
    if (!session.url) throw new GatewayUnavailableError();
    return { redirectUrl: session.url, reference: session.id };
  },

  async confirmReturn(db, params) {
    const sessionId = params.get("session_id");
    if (sessionId) {
      if (!SESSION_ID.test(sessionId)) throw new InvalidPaymentReturnError();
      return outcomeOfSession(db, await retrieveSession(sessionId));
    }
    // The cancel URL names only our payment: its session is looked up by the reference we stored.
    const paymentId = idFrom(params.get("payment"));
    const payment = paymentId
      ? await db.selectFrom("payments").select(["gateway", "reference"]).where("id", "=", paymentId).executeTakeFirst()
      : undefined;
    if (payment?.gateway !== "stripe" || !payment.reference) throw new InvalidPaymentReturnError();
    return outcomeOfSession(db, await retrieveSession(payment.reference));
  },
};

export function stripeWebhookConfigured(): boolean {
  return Boolean(process.env.STRIPE_WEBHOOK_SECRET?.trim());
}

/** A webhook whose Stripe-Signature does not verify: answered 400, nothing read from it. */
export class WebhookSignatureError extends Error {
  constructor() {
    super("Stripe webhook signature does not verify");
    this.name = "WebhookSignatureError";
  }
}

const SESSION_EVENTS = new Set([
  "checkout.session.completed",
  "checkout.session.async_payment_succeeded",
  "checkout.session.expired",
]);

/**
 * A webhook call from Stripe, verified against STRIPE_WEBHOOK_SECRET over the exact raw body. Returns what it
 * says about one of our payments, or null for an event that concerns none (another type, another app's session).
 */
export async function stripeWebhookOutcome(db: Db, payload: string, signature: string | null): Promise<GatewayOutcome | null> {
  let event: Stripe.Event;
  try {
    event = Stripe.webhooks.constructEvent(payload, signature ?? "", process.env.STRIPE_WEBHOOK_SECRET?.trim() ?? "");
  } catch {
    throw new WebhookSignatureError();
  }
  if (!SESSION_EVENTS.has(event.type)) return null;
  try {
    return await outcomeOfSession(db, event.data.object as Stripe.Checkout.Session);
  } catch (error) {
    if (!(error instanceof InvalidPaymentReturnError)) throw error;
    console.warn(`Stripe webhook ${event.id} (${event.type}) names no payment of this shop: ignored.`);
    return null;
  }
}
