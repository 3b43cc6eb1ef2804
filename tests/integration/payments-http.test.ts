import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_CUSTOMERS, DEMO_PASSWORD } from "~/db/seed/content";
import { createDb, type Db } from "~/lib/db.server";
import { orderCurrencyColumns } from "~/modules/orders/order-currency";
import { startStripeStub, type StripeStub } from "../support/stripe-stub";
import { SEED_CURRENCY } from "./support/orders";
import { built, sessionCookieOf, startServer, type RunningServer } from "./support/server";

const WEBHOOK_SECRET = "whsec_http_test";

describe.skipIf(!built)("online payment over HTTP (server.js)", () => {
  let server: RunningServer;
  let stub: StripeStub;
  let db: Db;
  const cookies: Record<number, string> = {};

  const request = (path: string, init: { method?: string; cookie?: string; body?: string | URLSearchParams; headers?: Record<string, string> } = {}) =>
    fetch(`${server.base}${path}`, {
      method: init.method ?? "GET",
      headers: {
        Cookie: init.cookie ?? "",
        ...(init.body instanceof URLSearchParams ? { "Content-Type": "application/x-www-form-urlencoded", Origin: server.base } : {}),
        ...init.headers,
      },
      body: init.body,
      redirect: "manual",
    });

  /** Follows one redirect the way a browser does, keeping the cookie it set (the toast travels in it). */
  async function follow(response: Response, cookie: string) {
    const next = sessionCookieOf(response) || cookie;
    const page = await request(response.headers.get("Location")!.replace(server.base, ""), { cookie: next });
    return { page, html: await page.text(), cookie: next };
  }

  async function signIn(userId: 1 | 2) {
    const response = await request("/login", {
      method: "POST",
      body: new URLSearchParams({ phone: DEMO_CUSTOMERS[userId - 1].email, password: DEMO_PASSWORD }),
    });
    expect(response.status, server.log()).toBe(303);
    return sessionCookieOf(response);
  }

  /** An order of the demo customer, written straight into the server's database as placeOrder would leave it. */
  async function placeOrder(paymentMethod: string, payable: number) {
    const checkout = await db.insertInto("checkouts").values({ user_id: 1, token: `payments-${Math.random()}` }).returning("id").executeTakeFirstOrThrow();
    const shop = await db.selectFrom("shops").select("id").orderBy("id").executeTakeFirstOrThrow();
    const order = await db
      .insertInto("orders")
      .values({
        checkout_id: checkout.id, user_id: 1, shop_id: shop.id, payment_method: paymentMethod,
        subtotal: payable, payable, ship_name: "Demo Customer", ship_phone: "5550100001", ship_address: "350 Market Street",
        ...orderCurrencyColumns(SEED_CURRENCY),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return order.id;
  }

  const orderRow = (id: number) => db.selectFrom("orders").select(["payment_status", "payment_id"]).where("id", "=", id).executeTakeFirstOrThrow();

  beforeAll(async () => {
    stub = await startStripeStub();
    server = await startServer({
      STRIPE_SECRET_KEY: "sk_test_http",
      STRIPE_API_BASE: stub.base,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      PAYMENT_TEST_GATEWAY: "1",
      BASE_URL: "",
    });
    db = createDb(`file:${server.dataDir}/bazaar.sqlite`);
    cookies[1] = await signIn(1);
    cookies[2] = await signIn(2);
  }, 120_000);
  afterAll(async () => {
    await db?.destroy();
    server?.stop();
    await stub?.close();
  });

  it("pays an order through the test gateway's hosted page, once", async () => {
    const orderId = await placeOrder("test", 2599);

    // A visit to the pay address only shows the order.
    const visit = await request(`/order-history/${orderId}/pay`, { cookie: cookies[1] });
    expect(visit.headers.get("Location")).toBe(`/order-history/${orderId}`);

    const pay = await request(`/order-history/${orderId}/pay`, { method: "POST", cookie: cookies[1], body: new URLSearchParams() });
    expect(pay.status, server.log()).toBe(303);
    const gatewayPage = pay.headers.get("Location")!;
    expect(gatewayPage).toMatch(new RegExp(`^${server.base}/payments/test/\\d+$`));
    const paymentId = Number(gatewayPage.split("/").pop());
    expect(await orderRow(orderId)).toEqual({ payment_status: "Pending", payment_id: paymentId });

    const page = await request(`/payments/test/${paymentId}`, { cookie: cookies[1] });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("<title>Test payment - Bazaar</title>");
    expect(html).toContain("Pay Bazaar");
    expect(html).toContain("$25.99");
    expect(html).toContain(`#${orderId}`);
    expect(html).toMatch(/<button[^>]*value="pay"[^>]*>Pay now<\/button>/);
    expect(html).toMatch(/<button[^>]*value="cancel"[^>]*>Cancel<\/button>/);

    // Only its owner sees it or can pay there.
    expect((await request(`/payments/test/${paymentId}`, { cookie: cookies[2] })).status).toBe(404);
    expect((await request(`/payments/test/${paymentId}`)).status).toBe(404);
    expect((await request(`/payments/test/${paymentId}`, { method: "POST", cookie: cookies[2], body: new URLSearchParams({ intent: "pay" }) })).status).toBe(404);

    const paid = await request(`/payments/test/${paymentId}`, { method: "POST", cookie: cookies[1], body: new URLSearchParams({ intent: "pay" }) });
    expect(paid.status).toBe(303);
    const returnUrl = paid.headers.get("Location")!;
    expect(returnUrl).toMatch(new RegExp(`^/payments/return/test\\?payment=${paymentId}&result=paid&signature=[0-9a-f]{64}$`));

    // The return with its result changed is refused with a clear message, and changes nothing.
    const tampered = await request(returnUrl.replace("result=paid", "result=cancelled"), { cookie: cookies[1] });
    expect(tampered.status).toBe(303);
    expect(tampered.headers.get("Location")).toBe("/order-history");
    expect((await follow(tampered, cookies[1])).html).toContain("This payment confirmation could not be verified. Nothing was changed.");
    // Another shopper replaying the genuine return: refused too.
    const foreign = await request(returnUrl, { cookie: cookies[2] });
    expect((await follow(foreign, cookies[2])).html).toContain("could not be verified");
    expect(await orderRow(orderId)).toEqual({ payment_status: "Pending", payment_id: paymentId });

    const back = await request(returnUrl, { cookie: cookies[1] });
    expect(back.status).toBe(303);
    expect(back.headers.get("Location")).toBe(`/order-history/${orderId}`);
    expect((await follow(back, cookies[1])).html).toContain("Payment successful");
    expect(await orderRow(orderId)).toEqual({ payment_status: "Paid", payment_id: paymentId });
    const payment = await db.selectFrom("payments").selectAll().where("id", "=", paymentId).executeTakeFirstOrThrow();
    expect(payment).toMatchObject({ status: "Paid", amount: 2599, gateway: "test", user_id: 1 });

    // Paid once: the hosted page is closed and Make Payment is refused with a message on the order.
    expect((await request(`/payments/test/${paymentId}`, { cookie: cookies[1] })).headers.get("Location")).toBe(`/order-history/${orderId}`);
    const again = await request(`/order-history/${orderId}/pay`, { method: "POST", cookie: cookies[1], body: new URLSearchParams() });
    expect(again.headers.get("Location")).toBe(`/order-history/${orderId}`);
    expect((await follow(again, cookies[1])).html).toContain(`Order #${orderId} is already paid.`);
  });

  it("leaves the order unpaid when the shopper cancels at the gateway, and Make Payment works again", async () => {
    const orderId = await placeOrder("test", 1000);
    const pay = await request(`/order-history/${orderId}/pay`, { method: "POST", cookie: cookies[1], body: new URLSearchParams() });
    const paymentId = Number(pay.headers.get("Location")!.split("/").pop());
    const cancel = await request(`/payments/test/${paymentId}`, { method: "POST", cookie: cookies[1], body: new URLSearchParams({ intent: "cancel" }) });
    const back = await request(cancel.headers.get("Location")!, { cookie: cookies[1] });
    expect(back.headers.get("Location")).toBe(`/order-history/${orderId}`);
    expect((await follow(back, cookies[1])).html).toContain("Payment cancelled");
    expect((await orderRow(orderId)).payment_status).toBe("Pending");

    const retry = await request(`/order-history/${orderId}/pay`, { method: "POST", cookie: cookies[1], body: new URLSearchParams() });
    expect(retry.headers.get("Location")).toMatch(/\/payments\/test\/\d+$/);
    expect(retry.headers.get("Location")).not.toBe(pay.headers.get("Location"));
  });

  it("answers 404 for Make Payment on another shopper's order", async () => {
    const orderId = await placeOrder("test", 1000);
    const response = await request(`/order-history/${orderId}/pay`, { method: "POST", cookie: cookies[2], body: new URLSearchParams() });
    expect(response.status).toBe(404);
    expect((await orderRow(orderId)).payment_id).toBeNull();
  });

  it("sends the shopper to Stripe Checkout and takes Stripe's signed webhook, refusing a bad signature", async () => {
    const orderId = await placeOrder("stripe", 4500);
    const pay = await request(`/order-history/${orderId}/pay`, { method: "POST", cookie: cookies[1], body: new URLSearchParams() });
    expect(pay.status, server.log()).toBe(303);
    const session = [...stub.sessions.values()].at(-1)!;
    expect(pay.headers.get("Location")).toBe(session.url);
    expect(session).toMatchObject({ amount_total: 4500, currency: "usd", success_url: `${server.base}/payments/return/stripe?session_id={CHECKOUT_SESSION_ID}` });
    // The browser may follow the form's redirect to Stripe's page.
    expect(pay.headers.get("Content-Security-Policy")).toContain("form-action 'self'");
    expect(pay.headers.get("Content-Security-Policy")).toContain("https://checkout.stripe.com");

    stub.complete(session.id);
    const payload = JSON.stringify({ id: "evt_http_1", object: "event", type: "checkout.session.completed", data: { object: session } });
    const webhook = (signature: string, headers: Record<string, string> = {}) =>
      request("/payments/stripe/webhook", { method: "POST", body: payload, headers: { "Content-Type": "application/json", "Stripe-Signature": signature, ...headers } });

    expect((await webhook("t=1,v1=forged")).status).toBe(400);
    expect((await orderRow(orderId)).payment_status).toBe("Pending");

    // Stripe's servers send no browser headers; even one that looked cross-site is let through on this path only.
    const accepted = await webhook(Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }), { "Sec-Fetch-Site": "cross-site" });
    expect(accepted.status, server.log()).toBe(200);
    expect(await accepted.json()).toEqual({ received: true });
    expect((await orderRow(orderId)).payment_status).toBe("Paid");

    // The shopper's return afterwards shows the success, and nothing changes twice.
    const back = await request(`/payments/return/stripe?session_id=${session.id}`, { cookie: cookies[1] });
    expect(back.headers.get("Location")).toBe(`/order-history/${orderId}`);
    expect((await follow(back, cookies[1])).html).toContain("Payment successful");
  });
});
