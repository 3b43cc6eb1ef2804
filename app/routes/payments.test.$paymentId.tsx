import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/lib/translation";
import { shopContext } from "~/lib/context.server";
import { pageTitle } from "~/lib/seo";
import { formatMoney } from "~/lib/money";
import { redirectWithToast } from "~/lib/session.server";
import { idFrom } from "~/modules/payments/gateway";
import { paymentDestination, testPaymentForOwner } from "~/modules/payments/payments.server";
import { testReturnPath } from "~/modules/payments/test-gateway.server";
import { readForm } from "~/lib/forms.server";

export const handle = { i18n: ["payments"] };

/** The payment on this page: its owner's and still open, else a 404 or back to the orders. */
async function openPayment(request: Request, param: string | undefined) {
  const context = await shopContext(request);
  const paymentId = idFrom(param);
  const payment = paymentId && context.user ? await testPaymentForOwner(context.db, paymentId, context.user.id) : null;
  if (!payment) throw new Response("Not Found", { status: 404 });
  if (payment.status !== "Pending") {
    throw await redirectWithToast(request, await paymentDestination(context.db, payment.id), {
      kind: "info",
      message: "payments:test.closed",
    });
  }
  return { ...context, payment };
}

/**
 * The built-in test gateway's hosted payment page: what a shopper sees at a real gateway (the shop being paid,
 * the amount in the currency charged), with plain form buttons.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { payment, settings, t } = await openPayment(request, params.paymentId);
  return {
    title: t("payments:test.title"),
    shopName: settings.appName,
    amount: payment.amount,
    orderIds: payment.orderIds,
    // The gateway charges the orders' own currency, whatever the shopper browses in now.
    currency: payment.currency,
  };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(matches, data?.title);

/** Pay now or Cancel: back to the shop's return address with the result, signed by the gateway. */
export async function action({ request, params }: ActionFunctionArgs) {
  const { payment } = await openPayment(request, params.paymentId);
  const form = await readForm(request);
  const result = form.get("intent") === "pay" ? "paid" : "cancelled";
  return redirect(testReturnPath(payment.id, result, payment.amount), 303);
}

export default function TestGatewayPage() {
  const { shopName, amount, orderIds, currency } = useLoaderData<typeof loader>();
  const { t } = useTranslation("payments");
  return (
    <main id="main" className="flex min-h-screen items-center justify-center bg-slate-100 px-4 py-10">
      <section aria-labelledby="gateway-title" className="w-full max-w-md rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
        <p className="text-sm font-semibold uppercase tracking-wide text-slate-600">{t("test.gatewayName")}</p>
        <h1 id="gateway-title" className="mt-1 text-2xl font-bold">{t("test.heading", { shop: shopName })}</h1>
        <dl className="mt-6 space-y-2">
          <div className="flex justify-between gap-4">
            <dt className="text-slate-600">{t("test.merchant")}</dt>
            <dd className="font-medium">{shopName}</dd>
          </div>
          <div className="flex justify-between gap-4">
            <dt className="text-slate-600">{t("test.orders", { count: orderIds.length })}</dt>
            <dd className="font-medium">{orderIds.map((id) => `#${id}`).join(", ")}</dd>
          </div>
          <div className="flex justify-between gap-4 border-t border-slate-200 pt-2 text-lg">
            <dt className="font-semibold">{t("test.amount")}</dt>
            <dd className="font-bold">{formatMoney(amount, currency)}</dd>
          </div>
        </dl>
        <p className="mt-4 rounded-md bg-amber-50 p-3 text-sm text-amber-900">{t("test.notice")}</p>
        <Form method="post" className="mt-6 flex flex-wrap justify-end gap-3">
          <button type="submit" name="intent" value="cancel" className="btn-secondary">{t("test.cancel")}</button>
          <button type="submit" name="intent" value="pay" className="btn-primary">{t("test.payNow")}</button>
        </Form>
      </section>
    </main>
  );
}
