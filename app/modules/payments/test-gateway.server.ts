import { createHmac, randomUUID, timingSafeEqual } from "node:crypto";
import type { Db } from "~/lib/db.server";
import { sessionSecrets } from "~/lib/secrets.server";
import { InvalidPaymentReturnError, idFrom, type PaymentGatewayAdapter } from "./gateway";

/**
 * The built-in test gateway: a hosted payment page on this server (/payments/test/{id}) whose Pay now and
 * Cancel send the shopper back with a signed result, as a real gateway would. No money moves, so it is off in
 * production unless PAYMENT_TEST_GATEWAY=1.
 */

export type TestResult = "paid" | "cancelled";

function signingSecret(): string {
  const configured = process.env.PAYMENT_TEST_GATEWAY_SECRET?.trim();
  if (configured) return configured;
  // Derived, so a shop without the variable still signs with something no shopper knows.
  return createHmac("sha256", sessionSecrets()[0]).update("bazaar:payment-test-gateway").digest("hex");
}

/** HMAC-SHA256 over the payment id, the result and the amount: none of them can be changed on the way back. */
export function signTestResult(paymentId: number, result: TestResult, amount: number): string {
  return createHmac("sha256", signingSecret()).update(`${paymentId}.${result}.${amount}`).digest("hex");
}

/** Where the hosted page sends the shopper back. */
export function testReturnPath(paymentId: number, result: TestResult, amount: number): string {
  const query = new URLSearchParams({ payment: String(paymentId), result, signature: signTestResult(paymentId, result, amount) });
  return `/payments/return/test?${query}`;
}

function signatureMatches(expected: string, given: string): boolean {
  const a = Buffer.from(expected, "hex");
  const b = Buffer.from(/^[0-9a-f]+$/i.test(given) ? given : "", "hex");
  return a.length === b.length && timingSafeEqual(a, b);
}

export const testGateway: PaymentGatewayAdapter = {
  name: "test",

  usable() {
    return process.env.NODE_ENV !== "production" || process.env.PAYMENT_TEST_GATEWAY === "1";
  },

  async start(payment, origin) {
    return { redirectUrl: `${origin}/payments/test/${payment.id}`, reference: `test_${randomUUID()}` };
  },

  async confirmReturn(db: Db, params: URLSearchParams) {
    const paymentId = idFrom(params.get("payment"));
    const result = params.get("result");
    if (!paymentId || (result !== "paid" && result !== "cancelled")) throw new InvalidPaymentReturnError();
    const payment = await db
      .selectFrom("payments")
      .select(["currency_amount", "gateway"])
      .where("id", "=", paymentId)
      .executeTakeFirst();
    if (!payment || payment.gateway !== "test") throw new InvalidPaymentReturnError();
    if (!signatureMatches(signTestResult(paymentId, result, payment.currency_amount), params.get("signature") ?? "")) {
      throw new InvalidPaymentReturnError();
    }
    return { paymentId, result };
  },
};
