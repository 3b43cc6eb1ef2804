import type { Db } from "~/lib/db.server";
import { DomainError } from "~/lib/domain-error";
import { convertMinorUnits } from "~/lib/money";
import { currencyOfOrder } from "~/modules/orders/order-currency";
import { fulfilPaidOrder } from "~/modules/orders/order-lifecycle.server";
import { getSettings, type PaymentGateway, type Settings } from "~/modules/settings/settings.server";
import { InvalidPaymentReturnError, type GatewayOutcome, type PaymentGatewayAdapter } from "./gateway";
import { stripeGateway, stripeWebhookOutcome } from "./stripe-gateway.server";
import { testGateway } from "./test-gateway.server";

const ADAPTERS: Record<string, PaymentGatewayAdapter> = { test: testGateway, stripe: stripeGateway };

/** The adapter for a gateway name, or null for a name this shop has no code for. */
export function gatewayAdapter(name: string | undefined): PaymentGatewayAdapter | null {
  return name && Object.hasOwn(ADAPTERS, name) ? ADAPTERS[name] : null;
}

/**
 * The gateways a shopper can pay with now: online payment on, active in settings, and usable by this server
 * (Stripe needs its key; the test gateway is off in production unless PAYMENT_TEST_GATEWAY=1).
 */
export function availableGateways(settings: Settings): PaymentGateway[] {
  if (!settings.onlinePayment) return [];
  return settings.paymentGateways.filter((gateway) => gatewayAdapter(gateway.name)?.usable());
}

/** An order id that is not one of the shopper's orders: answered as not found. */
export class PaymentOrderNotFoundError extends DomainError {
  constructor() {
    super("payments:errors.orderNotFound");
    this.name = "PaymentOrderNotFoundError";
  }
}

export interface BeginPaymentInput {
  userId: number;
  orderIds: number[];
  gateway: string;
  /** This shop's origin (https://shop.example): where the gateway sends the shopper back. */
  origin: string;
  /** What the shopper sees at the gateway for this payment (already translated). */
  description: string;
}

/**
 * Starts paying for some of the shopper's orders through a gateway: a new Pending payment for their total in the
 * currency they were placed in (ADR 0019), linked from the orders, and the gateway's page to send the shopper to. Paying again after a cancelled or
 * failed attempt starts a new payment the same way.
 */
export async function beginPayment(db: Db, input: BeginPaymentInput): Promise<{ redirectTo: string; paymentId: number }> {
  const orderIds = [...new Set(input.orderIds)];
  if (orderIds.length === 0) throw new PaymentOrderNotFoundError();
  const settings = await getSettings(db);
  const adapter = gatewayAdapter(input.gateway);
  if (!adapter || !availableGateways(settings).some((g) => g.name === input.gateway)) {
    throw new DomainError("payments:errors.gatewayUnavailable");
  }

  const orders = await db
    .selectFrom("orders")
    .select(["id", "status", "payment_method", "payment_status", "payable", "currency_name", "currency_symbol", "currency_position", "currency_rate"])
    .where("id", "in", orderIds)
    .where("user_id", "=", input.userId)
    .execute();
  if (orders.length !== orderIds.length) throw new PaymentOrderNotFoundError();
  for (const order of orders) {
    if (order.status === "Cancelled") throw new DomainError("payments:errors.orderCancelled", undefined, { id: order.id });
    if (order.payment_status !== "Pending") throw new DomainError("payments:errors.alreadyPaid", undefined, { id: order.id });
    if (order.payment_method !== input.gateway) throw new DomainError("payments:errors.wrongMethod", undefined, { id: order.id });
  }
  const amount = orders.reduce((sum, order) => sum + order.payable, 0);
  if (amount <= 0) throw new DomainError("payments:errors.nothingToPay");
  // Each order as its pages show it; one checkout's orders share one currency.
  const currency = orders[0].currency_name;
  if (orders.some((order) => order.currency_name !== currency)) throw new DomainError("payments:errors.mixedCurrencies");
  const charged = orders.reduce((sum, order) => sum + convertMinorUnits(order.payable, currencyOfOrder(order)), 0);

  const paymentId = await db.transaction().execute(async (trx) => {
    const payment = await trx
      .insertInto("payments")
      .values({ user_id: input.userId, gateway: input.gateway, amount, currency: currency.toLowerCase(), currency_amount: charged })
      .returning("id")
      .executeTakeFirstOrThrow();
    // Guarded: an order paid or cancelled since it was read above is not linked, and the whole attempt stops.
    const linked = await trx
      .updateTable("orders")
      .set({ payment_id: payment.id })
      .where("id", "in", orderIds)
      .where("user_id", "=", input.userId)
      .where("payment_status", "=", "Pending")
      .where("status", "!=", "Cancelled")
      .executeTakeFirst();
    if (Number(linked.numUpdatedRows) !== orderIds.length) throw new DomainError("payments:errors.alreadyPaid");
    return payment.id;
  });

  let started: { redirectUrl: string; reference: string };
  try {
    started = await adapter.start(
      { id: paymentId, amount: charged, currency: currency.toLowerCase(), description: input.description },
      input.origin,
    );
  } catch (error) {
    await markPaymentFailed(db, paymentId);
    throw error;
  }
  await db.updateTable("payments").set({ reference: started.reference }).where("id", "=", paymentId).execute();
  return { redirectTo: started.redirectUrl, paymentId };
}

/**
 * Records a payment as collected: the payment Pending → Paid with its time, and its orders Pending → Paid (with what
 * that sets off: fulfilPaidOrder), in one transaction. Paid once and never back: a second confirmation (the return and the webhook both arrive, or a
 * return is replayed) changes nothing and answers false.
 */
export async function markPaymentPaid(db: Db, paymentId: number, now = new Date()): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const paid = await trx
      .updateTable("payments")
      .set({ status: "Paid", paid_at: now.toISOString() })
      .where("id", "=", paymentId)
      .where("status", "=", "Pending")
      .executeTakeFirst();
    if (Number(paid.numUpdatedRows) === 0) return false;
    const at = now.toISOString();
    const orders = await trx
      .updateTable("orders")
      .set({ payment_status: "Paid", updated_at: at })
      .where("payment_id", "=", paymentId)
      .where("payment_status", "=", "Pending")
      .returning("id")
      .execute();
    for (const order of orders) await fulfilPaidOrder(trx, order.id, null, at);
    return true;
  });
}

/** A payment given up at the gateway: Pending → Failed; its orders stay unpaid, so the shopper can pay again. */
export async function markPaymentFailed(db: Db, paymentId: number): Promise<boolean> {
  const failed = await db
    .updateTable("payments")
    .set({ status: "Failed" })
    .where("id", "=", paymentId)
    .where("status", "=", "Pending")
    .executeTakeFirst();
  return Number(failed.numUpdatedRows) > 0;
}

async function applyOutcome(db: Db, outcome: GatewayOutcome) {
  if (outcome.result === "paid") await markPaymentPaid(db, outcome.paymentId);
  if (outcome.result === "cancelled") await markPaymentFailed(db, outcome.paymentId);
}

/** Where the shopper looks at what a payment paid for: the one order, or the order history for several. */
export async function paymentDestination(db: Db, paymentId: number): Promise<string> {
  const orders = await db.selectFrom("orders").select("id").where("payment_id", "=", paymentId).limit(2).execute();
  return orders.length === 1 ? `/order-history/${orders[0].id}` : "/order-history";
}

/**
 * The shopper's return from a gateway: verified by the gateway (signature, or Stripe's own record), and only for
 * the signed-in shopper's own payment; then applied. Anything untrustworthy throws InvalidPaymentReturnError and
 * changes nothing.
 */
export async function completeReturn(
  db: Db,
  input: { gateway: string; params: URLSearchParams; userId: number },
): Promise<GatewayOutcome & { destination: string }> {
  const adapter = gatewayAdapter(input.gateway);
  if (!adapter) throw new InvalidPaymentReturnError();
  const outcome = await adapter.confirmReturn(db, input.params);
  const owner = await db.selectFrom("payments").select("user_id").where("id", "=", outcome.paymentId).executeTakeFirst();
  if (owner?.user_id !== input.userId) throw new InvalidPaymentReturnError();
  await applyOutcome(db, outcome);
  return { ...outcome, destination: await paymentDestination(db, outcome.paymentId) };
}

/** A Stripe webhook call (raw body and Stripe-Signature): applied when it concerns one of our payments. */
export async function receiveStripeWebhook(db: Db, payload: string, signature: string | null): Promise<GatewayOutcome | null> {
  const outcome = await stripeWebhookOutcome(db, payload, signature);
  if (outcome) await applyOutcome(db, outcome);
  return outcome;
}

/**
 * A payment shown on the test gateway's hosted page: only to its owner, else null (answered 404). Its amount is in
 * minor units of the orders' currency, as the gateway charges it.
 */
export async function testPaymentForOwner(db: Db, paymentId: number, userId: number) {
  const payment = await db
    .selectFrom("payments")
    .select(["id", "currency_amount as amount", "status", "gateway"])
    .where("id", "=", paymentId)
    .where("user_id", "=", userId)
    .where("gateway", "=", "test")
    .executeTakeFirst();
  if (!payment) return null;
  const orders = await db.selectFrom("orders")
    .select(["id", "currency_name", "currency_symbol", "currency_position", "currency_rate"])
    .where("payment_id", "=", paymentId).orderBy("id").execute();
  if (orders.length === 0) return null;
  // The amount is already converted: shown with the currency's symbol at the rate 1.
  const currency = { ...currencyOfOrder(orders[0]), rate_from_default: 1 };
  return { ...payment, orderIds: orders.map((o) => o.id), currency };
}

/** The shop's own origin for the gateway's return addresses: BASE_URL when set, else the request's. */
export function shopOrigin(settings: Settings, requestUrl: string): string {
  return settings.baseUrl || new URL(requestUrl).origin;
}

/** Make Payment on one order: a new payment through the gateway the order was placed with. */
export async function payOrder(db: Db, input: Omit<BeginPaymentInput, "orderIds" | "gateway"> & { orderId: number }) {
  const order = await db
    .selectFrom("orders")
    .select("payment_method")
    .where("id", "=", input.orderId)
    .where("user_id", "=", input.userId)
    .executeTakeFirst();
  if (!order) throw new PaymentOrderNotFoundError();
  if (!gatewayAdapter(order.payment_method)) throw new DomainError("payments:errors.notOnline", undefined, { id: input.orderId });
  return beginPayment(db, { ...input, orderIds: [input.orderId], gateway: order.payment_method });
}
