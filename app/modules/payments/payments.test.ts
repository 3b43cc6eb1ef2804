import Stripe from "stripe";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DisplayCurrency } from "~/lib/money";
import type { Settings } from "~/modules/settings/settings.server";
import { createTestDatabase, describeEachDatabase, type TestDatabase } from "../../../tests/integration/support/databases";
import { SEED_CURRENCY } from "../../../tests/integration/support/orders";
import { startStripeStub, type StripeStub } from "../../../tests/support/stripe-stub";
import { DomainError } from "~/lib/domain-error";
import { orderCurrencyColumns } from "~/modules/orders/order-currency";
import { InvalidPaymentReturnError } from "./gateway";
import {
  availableGateways,
  beginPayment,
  completeReturn,
  markPaymentFailed,
  markPaymentPaid,
  PaymentOrderNotFoundError,
  payOrder,
  receiveStripeWebhook,
  testPaymentForOwner,
} from "./payments.server";
import { GatewayUnavailableError, WebhookSignatureError } from "./stripe-gateway.server";
import { signTestResult, testReturnPath } from "./test-gateway.server";

const ORIGIN = "https://shop.example";
/** A currency an order may be placed in: 0.9 of the default, the symbol after the amount. */
const EURO: DisplayCurrency = { name: "EUR", symbol: "€", position: "suffix", rate_from_default: 0.9 };
const WEBHOOK_SECRET = "whsec_payments_test";

describe("availableGateways", () => {
  const settings = (onlinePayment: boolean) =>
    ({
      onlinePayment,
      paymentGateways: [
        { name: "test", title: "Test Gateway", logo: "" },
        { name: "stripe", title: "Stripe", logo: "" },
        { name: "paypal", title: "PayPal", logo: "" },
      ],
    }) as Settings;
  let saved: NodeJS.ProcessEnv;
  beforeEach(() => {
    saved = { ...process.env };
  });
  afterEach(() => {
    for (const key of ["NODE_ENV", "STRIPE_SECRET_KEY", "PAYMENT_TEST_GATEWAY"]) {
      if (saved[key] === undefined) delete process.env[key];
      else process.env[key] = saved[key];
    }
  });
  const names = (s: Settings) => availableGateways(s).map((g) => g.name);

  it("offers only active gateways this server can use: Stripe with its key, the test gateway outside production", () => {
    delete process.env.STRIPE_SECRET_KEY;
    process.env.NODE_ENV = "test";
    expect(names(settings(true))).toEqual(["test"]);
    process.env.STRIPE_SECRET_KEY = "sk_test_x";
    expect(names(settings(true))).toEqual(["test", "stripe"]);
    process.env.NODE_ENV = "production";
    delete process.env.PAYMENT_TEST_GATEWAY;
    expect(names(settings(true))).toEqual(["stripe"]);
    process.env.PAYMENT_TEST_GATEWAY = "1";
    expect(names(settings(true))).toEqual(["test", "stripe"]);
  });

  it("offers none while online payment is off", () => {
    process.env.STRIPE_SECRET_KEY = "sk_test_x";
    expect(names(settings(false))).toEqual([]);
  });
});

let stub: StripeStub;
const savedEnv = { ...process.env };
beforeAll(async () => {
  stub = await startStripeStub();
  process.env.STRIPE_SECRET_KEY = "sk_test_bazaar";
  process.env.STRIPE_API_BASE = stub.base;
  process.env.STRIPE_WEBHOOK_SECRET = WEBHOOK_SECRET;
});
afterAll(async () => {
  for (const key of ["STRIPE_SECRET_KEY", "STRIPE_API_BASE", "STRIPE_WEBHOOK_SECRET"]) {
    if (savedEnv[key] === undefined) delete process.env[key];
    else process.env[key] = savedEnv[key];
  }
  await stub?.close();
});

describeEachDatabase("payments", (kind) => {
  let test: TestDatabase;
  let owner: number;
  let stranger: number;
  let shopId: number;
  let checkoutId: number;

  async function newUser(email: string) {
    const { id } = await test.db.insertInto("users").values({ name: email, email, password_hash: null }).returning("id").executeTakeFirstOrThrow();
    return id;
  }

  async function newOrder(
    userId: number,
    values: { payable?: number; payment_method?: string; status?: "Pending" | "Cancelled"; currency?: DisplayCurrency } = {},
  ) {
    const { id } = await test.db
      .insertInto("orders")
      .values({
        checkout_id: checkoutId,
        user_id: userId,
        shop_id: shopId,
        payment_method: values.payment_method ?? "test",
        status: values.status ?? "Pending",
        subtotal: values.payable ?? 2500,
        payable: values.payable ?? 2500,
        ship_name: "Amina Haddad",
        ship_phone: "5550100101",
        ship_address: "12 Market Street",
        ...orderCurrencyColumns(values.currency ?? SEED_CURRENCY),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return id;
  }

  const order = (id: number) =>
    test.db.selectFrom("orders").select(["payment_status", "payment_id"]).where("id", "=", id).executeTakeFirstOrThrow();
  const payment = (id: number) => test.db.selectFrom("payments").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const begin = (userId: number, orderIds: number[], gateway = "test") =>
    beginPayment(test.db, { userId, orderIds, gateway, origin: ORIGIN, description: "Bazaar order" });
  /** The query the test gateway's page sends the shopper back with. */
  const testReturn = (paymentId: number, result: "paid" | "cancelled", amount: number) =>
    new URLSearchParams(testReturnPath(paymentId, result, amount).split("?")[1]);

  beforeAll(async () => {
    test = await createTestDatabase(kind);
    await test.db
      .insertInto("payment_gateways")
      .values([
        { name: "test", title: "Test Gateway", logo: "/test.svg", is_active: 1, sort: 1 },
        { name: "stripe", title: "Stripe", logo: "/stripe.svg", is_active: 1, sort: 2 },
      ])
      .execute();
  });
  afterAll(() => test?.drop());
  beforeEach(async () => {
    for (const table of ["orders", "payments", "checkouts", "shops", "users"] as const) await test.db.deleteFrom(table).execute();
    owner = await newUser("owner@example.com");
    stranger = await newUser("stranger@example.com");
    shopId = (await test.db.insertInto("shops").values({ name: "Corner Shop", slug: "corner-shop", logo: "", banner: "" }).returning("id").executeTakeFirstOrThrow()).id;
    checkoutId = (await test.db.insertInto("checkouts").values({ user_id: owner, token: "t" }).returning("id").executeTakeFirstOrThrow()).id;
  });

  describe("test gateway", () => {
    it("starts a payment for the orders' total and sends the shopper to the hosted page", async () => {
      const first = await newOrder(owner, { payable: 2500 });
      const second = await newOrder(owner, { payable: 1999 });
      const { redirectTo, paymentId } = await begin(owner, [first, second]);
      expect(redirectTo).toBe(`${ORIGIN}/payments/test/${paymentId}`);
      expect(await payment(paymentId)).toMatchObject({ user_id: owner, gateway: "test", amount: 4499, status: "Pending", paid_at: null });
      expect((await payment(paymentId)).reference).toMatch(/^test_/);
      expect(await order(first)).toEqual({ payment_status: "Pending", payment_id: paymentId });
      expect(await order(second)).toEqual({ payment_status: "Pending", payment_id: paymentId });
    });

    it("shows and charges the currency the orders were placed in, and refuses to mix currencies in one payment", async () => {
      const first = await newOrder(owner, { payable: 2500, currency: EURO });
      const second = await newOrder(owner, { payable: 1999, currency: EURO });
      const { paymentId } = await begin(owner, [first, second]);
      // Each order as its own page shows it: 22.50 € + 17.99 € (19.991 rounded).
      expect(await testPaymentForOwner(test.db, paymentId, owner)).toMatchObject({
        amount: 2250 + 1799,
        currency: { name: "EUR", symbol: "€", position: "suffix", rate_from_default: 1 },
      });
      expect(await testPaymentForOwner(test.db, paymentId, stranger)).toBeNull();

      const dollars = await newOrder(owner, { payable: 1000 });
      const euros = await newOrder(owner, { payable: 1000, currency: EURO });
      await expect(begin(owner, [dollars, euros])).rejects.toThrow(new DomainError("payments:errors.mixedCurrencies"));
      expect(await order(dollars)).toEqual({ payment_status: "Pending", payment_id: null });
    });

    it("marks the payment and its orders paid once and never back", async () => {
      const first = await newOrder(owner);
      const second = await newOrder(owner);
      const { paymentId } = await begin(owner, [first, second]);

      const outcome = await completeReturn(test.db, { gateway: "test", params: testReturn(paymentId, "paid", 5000), userId: owner });
      expect(outcome).toEqual({ paymentId, result: "paid", destination: "/order-history" });
      const paid = await payment(paymentId);
      expect(paid.status).toBe("Paid");
      expect(paid.paid_at).not.toBeNull();
      expect((await order(first)).payment_status).toBe("Paid");
      expect((await order(second)).payment_status).toBe("Paid");

      // A replayed return, a second confirmation and a late failure change nothing.
      await completeReturn(test.db, { gateway: "test", params: testReturn(paymentId, "paid", 5000), userId: owner });
      expect(await markPaymentPaid(test.db, paymentId, new Date("2030-01-01T00:00:00Z"))).toBe(false);
      expect(await markPaymentFailed(test.db, paymentId)).toBe(false);
      await completeReturn(test.db, { gateway: "test", params: testReturn(paymentId, "cancelled", 5000), userId: owner });
      expect(await payment(paymentId)).toEqual(paid);
      expect((await order(first)).payment_status).toBe("Paid");

      // A paid order cannot be paid again.
      await expect(begin(owner, [first])).rejects.toThrow("payments:errors.alreadyPaid");
    });

    it("confirms a payment exactly once when confirmations race", async () => {
      const id = await newOrder(owner);
      const { paymentId } = await begin(owner, [id]);
      const results = await Promise.all(Array.from({ length: 8 }, () => markPaymentPaid(test.db, paymentId)));
      expect(results.filter(Boolean)).toHaveLength(1);
      expect((await payment(paymentId)).status).toBe("Paid");
      expect((await order(id)).payment_status).toBe("Paid");
    });

    it("refuses a tampered, re-targeted or someone else's return and changes nothing", async () => {
      const mine = await newOrder(owner, { payable: 2500 });
      const { paymentId } = await begin(owner, [mine]);
      const before = await payment(paymentId);
      const attempts: URLSearchParams[] = [
        // The cancel signature with the result turned into "paid".
        new URLSearchParams({ payment: String(paymentId), result: "paid", signature: signTestResult(paymentId, "cancelled", 2500) }),
        // Signed for a smaller amount.
        new URLSearchParams({ payment: String(paymentId), result: "paid", signature: signTestResult(paymentId, "paid", 1) }),
        // One character changed, cut short, not hex, missing.
        (() => {
          const params = testReturn(paymentId, "paid", 2500);
          const signature = params.get("signature")!;
          params.set("signature", `${signature.slice(0, -1)}${signature.endsWith("0") ? "1" : "0"}`);
          return params;
        })(),
        new URLSearchParams({ payment: String(paymentId), result: "paid", signature: signTestResult(paymentId, "paid", 2500).slice(0, 32) }),
        new URLSearchParams({ payment: String(paymentId), result: "paid", signature: "zz" }),
        new URLSearchParams({ payment: String(paymentId), result: "paid" }),
        // A result the gateway never gives, an id that is not one.
        new URLSearchParams({ payment: String(paymentId), result: "refunded", signature: signTestResult(paymentId, "paid", 2500) }),
        new URLSearchParams({ payment: `${paymentId}.0`, result: "paid", signature: signTestResult(paymentId, "paid", 2500) }),
      ];
      for (const params of attempts) {
        await expect(completeReturn(test.db, { gateway: "test", params, userId: owner })).rejects.toThrow(InvalidPaymentReturnError);
      }
      // A genuine return, but the signed-in shopper is not the payer, or it arrives at another gateway's address.
      await expect(completeReturn(test.db, { gateway: "test", params: testReturn(paymentId, "paid", 2500), userId: stranger })).rejects.toThrow(InvalidPaymentReturnError);
      await expect(completeReturn(test.db, { gateway: "stripe", params: testReturn(paymentId, "paid", 2500), userId: owner })).rejects.toThrow(InvalidPaymentReturnError);
      await expect(completeReturn(test.db, { gateway: "paypal", params: testReturn(paymentId, "paid", 2500), userId: owner })).rejects.toThrow(InvalidPaymentReturnError);

      expect(await payment(paymentId)).toEqual(before);
      expect(await order(mine)).toEqual({ payment_status: "Pending", payment_id: paymentId });
    });

    it("never starts a payment for another shopper's order", async () => {
      const theirs = await newOrder(owner);
      const mine = await newOrder(stranger);
      await expect(begin(stranger, [theirs])).rejects.toThrow(PaymentOrderNotFoundError);
      await expect(begin(stranger, [mine, theirs])).rejects.toThrow(PaymentOrderNotFoundError);
      await expect(payOrder(test.db, { userId: stranger, orderId: theirs, origin: ORIGIN, description: "x" })).rejects.toThrow(PaymentOrderNotFoundError);
      await expect(begin(owner, [theirs + 1000])).rejects.toThrow(PaymentOrderNotFoundError);
      expect(await test.db.selectFrom("payments").selectAll().execute()).toEqual([]);
      expect(await order(theirs)).toEqual({ payment_status: "Pending", payment_id: null });
    });

    it("refuses cancelled orders, cash orders and orders placed with another gateway", async () => {
      const cancelled = await newOrder(owner, { status: "Cancelled" });
      const cash = await newOrder(owner, { payment_method: "cash" });
      const stripeOrder = await newOrder(owner, { payment_method: "stripe" });
      await expect(begin(owner, [cancelled])).rejects.toThrow("payments:errors.orderCancelled");
      await expect(begin(owner, [stripeOrder])).rejects.toThrow("payments:errors.wrongMethod");
      await expect(begin(owner, [cash], "cash")).rejects.toThrow("payments:errors.gatewayUnavailable");
      await expect(payOrder(test.db, { userId: owner, orderId: cash, origin: ORIGIN, description: "x" })).rejects.toThrow("payments:errors.notOnline");
      expect(await test.db.selectFrom("payments").selectAll().execute()).toEqual([]);
    });

    it("leaves the order unpaid after a cancelled payment, and a new attempt pays it", async () => {
      const id = await newOrder(owner);
      const first = await begin(owner, [id]);
      const cancelled = await completeReturn(test.db, { gateway: "test", params: testReturn(first.paymentId, "cancelled", 2500), userId: owner });
      expect(cancelled).toEqual({ paymentId: first.paymentId, result: "cancelled", destination: `/order-history/${id}` });
      expect((await payment(first.paymentId)).status).toBe("Failed");
      expect((await order(id)).payment_status).toBe("Pending");

      const again = await payOrder(test.db, { userId: owner, orderId: id, origin: ORIGIN, description: "x" });
      expect(again.paymentId).not.toBe(first.paymentId);
      expect(await order(id)).toEqual({ payment_status: "Pending", payment_id: again.paymentId });
      await completeReturn(test.db, { gateway: "test", params: testReturn(again.paymentId, "paid", 2500), userId: owner });
      expect(await order(id)).toEqual({ payment_status: "Paid", payment_id: again.paymentId });
      // The failed attempt stays failed: it cannot be revived into a second payment.
      expect(await markPaymentPaid(test.db, first.paymentId)).toBe(false);
    });
  });

  describe("Stripe Checkout", () => {
    const webhook = (payload: string, signature: string | null) => receiveStripeWebhook(test.db, payload, signature);
    const event = (type: string, session: object) =>
      JSON.stringify({ id: `evt_${Math.random().toString(36).slice(2)}`, object: "event", type, data: { object: session }, livemode: false, created: 1 });
    const signed = (payload: string) => Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });

    async function startStripePayment(payable = 4200) {
      const id = await newOrder(owner, { payable, payment_method: "stripe" });
      const started = await begin(owner, [id], "stripe");
      const { reference } = await payment(started.paymentId);
      return { orderId: id, ...started, session: stub.sessions.get(reference!)! };
    }

    it("creates a Checkout Session for the amount in the default currency, tied to the payment", async () => {
      const { paymentId, redirectTo, session } = await startStripePayment(4200);
      expect(session).toMatchObject({
        amount_total: 4200,
        currency: "usd",
        metadata: { payment_id: String(paymentId) },
        client_reference_id: String(paymentId),
        success_url: `${ORIGIN}/payments/return/stripe?session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: `${ORIGIN}/payments/return/stripe?payment=${paymentId}`,
        line_items_name: "Bazaar order",
      });
      expect(redirectTo).toBe(session.url);
      expect(stub.requests.at(-1)).toEqual({ method: "POST", path: "/v1/checkout/sessions", apiKey: "sk_test_bazaar" });
    });

    it("asks for an order placed in euros in euros, at the rate it was placed at", async () => {
      const id = await newOrder(owner, { payable: 4200, payment_method: "stripe", currency: EURO });
      const { paymentId } = await begin(owner, [id], "stripe");
      const { reference } = await payment(paymentId);
      // 42.00 in the default currency at 0.9: the 37.80 the order's pages show.
      expect(stub.sessions.get(reference!)).toMatchObject({ amount_total: 3780, currency: "eur" });
      expect(await payment(paymentId)).toMatchObject({ amount: 4200, currency: "eur", currency_amount: 3780 });
    });

    it("marks paid on return only once Stripe says the session is paid", async () => {
      const { orderId, paymentId, session } = await startStripePayment();
      const params = new URLSearchParams({ session_id: session.id });
      expect(await completeReturn(test.db, { gateway: "stripe", params, userId: owner })).toEqual({
        paymentId, result: "unfinished", destination: `/order-history/${orderId}`,
      });
      expect((await order(orderId)).payment_status).toBe("Pending");

      stub.complete(session.id, "unpaid");
      expect((await completeReturn(test.db, { gateway: "stripe", params, userId: owner })).result).toBe("processing");
      expect((await payment(paymentId)).status).toBe("Pending");

      stub.complete(session.id, "paid");
      // Not the payer's browser: nothing happens, even though the session is paid.
      await expect(completeReturn(test.db, { gateway: "stripe", params, userId: stranger })).rejects.toThrow(InvalidPaymentReturnError);
      expect((await payment(paymentId)).status).toBe("Pending");

      expect((await completeReturn(test.db, { gateway: "stripe", params, userId: owner })).result).toBe("paid");
      expect((await payment(paymentId)).status).toBe("Paid");
      expect((await order(orderId)).payment_status).toBe("Paid");
    });

    it("refuses a session Stripe does not know, or one whose amount or metadata do not match", async () => {
      const { orderId, paymentId, session } = await startStripePayment(4200);
      const other = await startStripePayment(100);
      stub.complete(session.id);
      stub.complete(other.session.id);
      const attempt = (sessionId: string) =>
        completeReturn(test.db, { gateway: "stripe", params: new URLSearchParams({ session_id: sessionId }), userId: owner });

      await expect(attempt("cs_test_unknown")).rejects.toThrow(InvalidPaymentReturnError);
      await expect(attempt("../v1/charges")).rejects.toThrow(InvalidPaymentReturnError);
      session.amount_total = 1;
      await expect(attempt(session.id)).rejects.toThrow(InvalidPaymentReturnError);
      session.amount_total = 4200;
      // Another payment's paid session, relabelled as this payment.
      other.session.metadata = { payment_id: String(paymentId) };
      await expect(attempt(other.session.id)).rejects.toThrow(InvalidPaymentReturnError);
      expect((await payment(paymentId)).status).toBe("Pending");
      expect((await order(orderId)).payment_status).toBe("Pending");
    });

    it("comes back from a cancel unchanged, and fails the payment once the session expired", async () => {
      const { orderId, paymentId, session } = await startStripePayment();
      const params = new URLSearchParams({ payment: String(paymentId) });
      expect((await completeReturn(test.db, { gateway: "stripe", params, userId: owner })).result).toBe("unfinished");
      expect((await payment(paymentId)).status).toBe("Pending");
      stub.expire(session.id);
      expect((await completeReturn(test.db, { gateway: "stripe", params, userId: owner })).result).toBe("cancelled");
      expect((await payment(paymentId)).status).toBe("Failed");
      expect((await order(orderId)).payment_status).toBe("Pending");
    });

    it("fails the attempt when Stripe refuses to start it, leaving the order payable", async () => {
      const id = await newOrder(owner, { payment_method: "stripe" });
      stub.refuseNextCreate();
      await expect(begin(owner, [id], "stripe")).rejects.toThrow(GatewayUnavailableError);
      const [attempt] = await test.db.selectFrom("payments").selectAll().execute();
      expect(attempt.status).toBe("Failed");
      expect((await order(id)).payment_status).toBe("Pending");
      expect((await begin(owner, [id], "stripe")).redirectTo).toMatch(/\/c\/pay\/cs_test_/);
    });

    it("marks paid from a webhook with a valid signature, once, and ignores a bad signature", async () => {
      const { orderId, paymentId, session } = await startStripePayment();
      stub.complete(session.id);
      const payload = event("checkout.session.completed", session);

      await expect(webhook(payload, "t=1,v1=deadbeef")).rejects.toThrow(WebhookSignatureError);
      await expect(webhook(payload, null)).rejects.toThrow(WebhookSignatureError);
      // Signed, but the body was changed afterwards.
      await expect(webhook(payload.replace('"paid"', '"unpaid"'), signed(payload))).rejects.toThrow(WebhookSignatureError);
      expect((await payment(paymentId)).status).toBe("Pending");

      expect(await webhook(payload, signed(payload))).toEqual({ paymentId, result: "paid" });
      const paid = await payment(paymentId);
      expect(paid.status).toBe("Paid");
      expect((await order(orderId)).payment_status).toBe("Paid");

      // Stripe retries the event and the shopper's return arrives too: still paid once.
      await webhook(payload, signed(payload));
      await completeReturn(test.db, { gateway: "stripe", params: new URLSearchParams({ session_id: session.id }), userId: owner });
      expect(await payment(paymentId)).toEqual(paid);
    });

    it("ignores webhook events about no payment of this shop", async () => {
      const { paymentId, session } = await startStripePayment();
      stub.complete(session.id);
      const foreign = { ...session, id: "cs_test_elsewhere", metadata: {} };
      const elsewhere = event("checkout.session.completed", foreign);
      expect(await webhook(elsewhere, signed(elsewhere))).toBeNull();
      const other = event("customer.created", { id: "cus_1", object: "customer" });
      expect(await webhook(other, signed(other))).toBeNull();
      expect((await payment(paymentId)).status).toBe("Pending");
    });
  });
});
