import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { Link } from "~/components/link";
import { useTranslation } from "~/lib/translation";
import { requireUser } from "~/lib/auth.server";
import { pageTitle } from "~/lib/seo";
import { useMoney } from "~/lib/use-money";
import { parseId } from "~/modules/catalog/product-options";
import { placedOrders } from "~/modules/checkout/place-order.server";

export const handle = { i18n: ["checkout"] };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { db, user, t } = await requireUser(request);
  const checkoutId = parseId(params.id);
  const orders = checkoutId === null ? null : await placedOrders(db, user.id, checkoutId);
  if (!orders) throw data(null, { status: 404 });
  return data(
    { title: t("checkout:confirmation.title"), orders },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(matches, data?.title);

/** After Place Order: what was ordered from each shop, with 'Make Payment' while an online payment is due. */
export default function OrderConfirmation() {
  const { title, orders } = useLoaderData<typeof loader>();
  const { t } = useTranslation("checkout");
  // One checkout's orders share the currency they were placed in.
  const money = useMoney(orders[0].currency);
  const total = orders.reduce((sum, order) => sum + order.payable, 0);
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="mt-2 text-slate-700">{t("confirmation.text", { count: orders.length })}</p>
      <ul className="mt-6 space-y-3">
        {orders.map((order) => (
          <li key={order.id} className="rounded-lg border border-slate-200 bg-white p-4">
            <article aria-labelledby={`order-${order.id}`} className="flex flex-wrap items-center justify-between gap-3">
              <div>
                <h2 id={`order-${order.id}`} className="font-semibold">
                  <Link to={`/order-history/${order.id}`} className="hover:underline">{t("confirmation.order", { id: order.id })}</Link>
                </h2>
                <p className="text-sm text-slate-700">{t("confirmation.shop", { shop: order.shop_name })}</p>
                <p className="text-sm text-slate-700">
                  {order.payment_title ? t("confirmation.paidWith", { method: order.payment_title }) : t("payment.cash")}
                  {" · "}
                  {t(order.payment_status === "Paid" ? "confirmation.paid" : "confirmation.unpaid")}
                </p>
              </div>
              <div className="text-end">
                <p className="font-semibold">{money(order.payable)}</p>
                {order.payment_title && order.payment_status !== "Paid" && order.status !== "Cancelled" ? (
                  <Form method="post" action={`/order-history/${order.id}/pay`} className="mt-2">
                    <button type="submit" name="intent" value="pay" className="btn-primary">{t("confirmation.makePayment")}</button>
                  </Form>
                ) : null}
              </div>
            </article>
          </li>
        ))}
      </ul>
      <p className="mt-4 text-end text-lg font-bold">{t("confirmation.total", { amount: money(total) })}</p>
      <div className="mt-6 flex flex-wrap gap-3">
        <Link to="/order-history" className="btn-secondary">{t("confirmation.history")}</Link>
        <Link to="/" className="btn-primary">{t("confirmation.continue")}</Link>
      </div>
    </div>
  );
}
