import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/link";
import { useTranslation } from "~/lib/translation";
import { DialogLink } from "~/components/dialogs";
import { OrderAddress, OrderItemList, OrderStatusBadge, OrderTimeline, OrderTotals, PaymentStatusBadge, usePaymentMethod } from "~/components/orders/order-parts";
import { requireUser } from "~/lib/auth.server";
import { formatDate } from "~/lib/dates";
import { pageTitle } from "~/lib/seo";
import { orderOrNotFound } from "~/modules/orders/orders.server";
import { returnableOrder } from "~/modules/returns/returns.server";

export const handle = { i18n: ["orders"] };

/** One of the shopper's orders; anyone else's (or none) is Page Not Found. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { db, user, t, locale, settings } = await requireUser(request);
  const order = await orderOrNotFound(db, user.id, params.id);
  // Return Product shows while the return window is open and something is left to return.
  const canReturn = order.status === "Delivered" && (await returnableOrder(db, user.id, order.id, settings.returnOrderWithinDays)).refusal === null;
  return { title: t("orders:order.title", { id: order.id }), locale, order, canReturn };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(matches, data?.title);

export default function OrderDetailsPage() {
  const { order, locale, canReturn } = useLoaderData<typeof loader>();
  const { t } = useTranslation("orders");
  const paymentMethod = usePaymentMethod();
  const date = (iso: string) => <time dateTime={iso}>{formatDate(iso, locale)}</time>;
  const term = "text-xs text-slate-600";
  const panel = "rounded-lg border border-slate-200 bg-white p-6";

  return (
    <div className="space-y-6">
      <section aria-labelledby="order-title" className={panel}>
        <Link to="/order-history" className="text-sm font-semibold text-primary-700 hover:underline">{t("order.backToHistory")}</Link>
        <div className="mt-2 flex flex-wrap items-center gap-3">
          <h1 id="order-title" className="text-2xl font-bold">{t("order.title", { id: order.id })}</h1>
          <OrderStatusBadge status={order.status} />
        </div>
        <dl className="mt-4 grid grid-cols-2 gap-4 text-sm lg:grid-cols-4">
          <div>
            <dt className={term}>{t("order.id")}</dt>
            <dd className="font-medium">{t("order.number", { id: order.id })}</dd>
          </div>
          <div>
            <dt className={term}>{t("order.placedOn")}</dt>
            <dd className="font-medium">{date(order.created_at)}</dd>
          </div>
          {order.cancelled_at ? (
            <div>
              <dt className={term}>{t("order.cancelledOn")}</dt>
              <dd className="font-medium">{date(order.cancelled_at)}</dd>
            </div>
          ) : (
            <div>
              <dt className={term}>{t("order.estimatedDelivery")}</dt>
              <dd className="font-medium">{date(order.estimated_delivery_at)}</dd>
            </div>
          )}
          <div>
            <dt className={term}>{t("order.shop")}</dt>
            <dd className="font-medium"><Link to={`/shops/${order.shop.id}`} className="text-primary-700 hover:underline">{order.shop.name}</Link></dd>
          </div>
        </dl>
        <div className="mt-5 flex flex-wrap items-center gap-3" role="group" aria-label={t("order.actions")}>
          {order.can_pay ? (
            // A full-page post: the payment action sends the shopper on to the gateway's own page.
            <form method="post" action={`/order-history/${order.id}/pay`}>
              <button type="submit" name="intent" value="pay" className="btn-primary">{t("order.makePayment")}</button>
            </form>
          ) : null}
          {order.can_cancel ? (
            <DialogLink dialog="order-cancel" to={`/order-history/${order.id}/cancel`} className="btn-secondary text-red-700">{t("order.cancel")}</DialogLink>
          ) : null}
          {order.status === "Delivered" ? (
            <form method="post" action={`/order-history/${order.id}/again`}>
              <button type="submit" name="intent" value="order-again" className="btn-primary">{t("again.button")}</button>
            </form>
          ) : null}
          {canReturn ? <Link to={`/return-product/${order.id}`} className="btn-secondary">{t("order.returnProduct")}</Link> : null}
          <Link to={`/order-history/${order.id}/invoice`} className="btn-secondary">{t("order.invoice")}</Link>
        </div>
      </section>

      <section aria-labelledby="items-title" className={panel}>
        <h2 id="items-title" className="text-lg font-bold">{t("items.title")}</h2>
        <OrderItemList
          order={order}
          actions={(item) => {
            const download = item.is_digital && order.digital_unlocked;
            if (!download && order.status !== "Delivered") return null;
            return (
              <div className="flex flex-wrap items-center gap-3">
                {download ? (
                  <Link to={`/digital-product-order-history/${order.id}`} className="btn-secondary text-sm">
                    {t("items.licenceAndDownload")}<span className="sr-only">: {item.name}</span>
                  </Link>
                ) : null}
                {order.status !== "Delivered" ? null : item.reviewed ? (
                  <p className="text-sm font-medium text-green-800">{t("review.reviewed")}</p>
                ) : (
                  <DialogLink dialog="order-review" to={`/order-history/${order.id}/review/${item.id}`} className="btn-secondary text-sm">
                    {t("review.write")}<span className="sr-only">: {item.name}</span>
                  </DialogLink>
                )}
              </div>
            );
          }}
        />
      </section>

      <section aria-labelledby="timeline-title" className={panel}>
        <h2 id="timeline-title" className="text-lg font-bold">{t("timeline.title")}</h2>
        <OrderTimeline events={order.timeline} locale={locale} />
      </section>

      <div className="grid gap-6 lg:grid-cols-2">
        <section aria-labelledby="summary-title" className={panel}>
          <h2 id="summary-title" className="text-lg font-bold">{t("summary.title")}</h2>
          <div className="mt-3"><OrderTotals order={order} locale={locale} /></div>
        </section>
        <div className="space-y-6">
          <section aria-labelledby="address-title" className={panel}>
            <h2 id="address-title" className="text-lg font-bold">{t("order.shippingAddress")}</h2>
            <OrderAddress order={order} />
          </section>
          <section aria-labelledby="payment-title" className={panel}>
            <h2 id="payment-title" className="text-lg font-bold">{t("order.payment")}</h2>
            <dl className="mt-2 grid grid-cols-2 gap-4 text-sm">
              <div>
                <dt className={term}>{t("order.paymentMethod")}</dt>
                <dd className="font-medium">{paymentMethod(order)}</dd>
              </div>
              <div>
                <dt className={term}>{t("order.paymentStatus")}</dt>
                <dd><PaymentStatusBadge status={order.payment_status} /></dd>
              </div>
            </dl>
          </section>
          {order.note ? (
            <section aria-labelledby="note-title" className={panel}>
              <h2 id="note-title" className="text-lg font-bold">{t("order.note")}</h2>
              <p className="mt-2 whitespace-pre-line text-sm text-slate-800" dir="auto">{order.note}</p>
            </section>
          ) : null}
        </div>
      </div>
    </div>
  );
}
