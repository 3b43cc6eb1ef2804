import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/link";
import { useTranslation } from "~/lib/translation";
import { OrderAddress, OrderStatusBadge, OrderTotals, PaymentStatusBadge, useItemOptions, usePaymentMethod } from "~/components/orders/order-parts";
import { requireUser } from "~/lib/auth.server";
import { formatDate } from "~/lib/dates";
import { pageTitle } from "~/lib/seo";
import { useHydrated } from "~/lib/use-hydrated";
import { useMoney } from "~/lib/use-money";
import { orderOrNotFound } from "~/modules/orders/orders.server";

export const handle = { i18n: ["orders"] };

/**
 * The printable invoice: outside the account layout (no menus to print), still only for the order's owner; a
 * guest is sent home and anyone else's order is Page Not Found.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { db, user, t, locale, settings } = await requireUser(request);
  const order = await orderOrNotFound(db, user.id, params.id);
  return {
    title: t("orders:invoice.title", { id: order.id }),
    locale,
    appName: settings.appName,
    customer: { name: user.name, email: user.email },
    order,
  };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(matches, data?.title);

export default function InvoicePage() {
  const { order, locale, appName, customer } = useLoaderData<typeof loader>();
  const { t } = useTranslation("orders");
  const money = useMoney(order.currency);
  const itemOptions = useItemOptions();
  const paymentMethod = usePaymentMethod();
  const hydrated = useHydrated();
  const cell = "px-3 py-2";

  return (
    <main id="main" className="mx-auto max-w-3xl px-4 py-8 text-slate-900 print:max-w-none print:p-0">
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3 print:hidden">
        <Link to={`/order-history/${order.id}`} className="text-sm font-semibold text-primary-700 hover:underline">{t("invoice.back")}</Link>
        {/* Printing needs the browser's print command: without JavaScript the browser's own menu does it. */}
        {hydrated ? <button type="button" className="btn-primary" onClick={() => window.print()}>{t("invoice.print")}</button> : null}
      </div>

      <article aria-labelledby="invoice-title" className="rounded-lg border border-slate-200 bg-white p-8 print:border-0 print:p-0">
        <header className="flex flex-wrap items-start justify-between gap-4 border-b border-slate-200 pb-6">
          <div>
            <p className="text-xl font-black">{appName}</p>
            <h1 id="invoice-title" className="mt-1 text-3xl font-bold">{t("invoice.heading")}</h1>
          </div>
          <dl className="text-sm">
            <div className="flex gap-2">
              <dt className="text-slate-600">{t("invoice.number")}</dt>
              <dd className="font-semibold">{t("order.number", { id: order.id })}</dd>
            </div>
            <div className="flex gap-2">
              <dt className="text-slate-600">{t("invoice.date")}</dt>
              <dd><time dateTime={order.created_at}>{formatDate(order.created_at, locale)}</time></dd>
            </div>
            <div className="flex items-center gap-2">
              <dt className="text-slate-600">{t("order.status")}</dt>
              <dd><OrderStatusBadge status={order.status} /></dd>
            </div>
          </dl>
        </header>

        <div className="grid gap-6 border-b border-slate-200 py-6 sm:grid-cols-3 print:grid-cols-3">
          <section aria-labelledby="sold-by">
            <h2 id="sold-by" className="text-xs font-semibold uppercase tracking-wide text-slate-600">{t("invoice.soldBy")}</h2>
            <p className="mt-1 font-semibold">{order.shop.name}</p>
            {order.shop.address ? <p className="whitespace-pre-line text-sm text-slate-700"><bdi>{order.shop.address}</bdi></p> : null}
          </section>
          <section aria-labelledby="billed-to">
            <h2 id="billed-to" className="text-xs font-semibold uppercase tracking-wide text-slate-600">{t("invoice.billedTo")}</h2>
            <p className="mt-1 font-semibold">{customer.name}</p>
            {customer.email ? <p className="text-sm text-slate-700">{customer.email}</p> : null}
          </section>
          <section aria-labelledby="ship-to">
            <h2 id="ship-to" className="text-xs font-semibold uppercase tracking-wide text-slate-600">{t("order.shippingAddress")}</h2>
            <OrderAddress order={order} />
          </section>
        </div>

        <table className="mt-6 w-full text-sm">
          <caption className="sr-only">{t("items.title")}</caption>
          <thead>
            <tr className="border-b border-slate-300 text-start text-xs uppercase tracking-wide text-slate-600">
              <th scope="col" className={`${cell} text-start`}>{t("items.product")}</th>
              <th scope="col" className={`${cell} text-end`}>{t("items.unitPrice")}</th>
              <th scope="col" className={`${cell} text-end`}>{t("items.quantity")}</th>
              <th scope="col" className={`${cell} text-end`}>{t("items.lineTotal")}</th>
            </tr>
          </thead>
          <tbody>
            {order.items.map((item) => {
              const options = itemOptions(item);
              return (
                <tr key={item.id} className="border-b border-slate-200 align-top">
                  <td className={cell}>
                    <span className="block font-medium">{item.name}</span>
                    {options ? <span className="block text-xs text-slate-600">{options}</span> : null}
                  </td>
                  <td className={`${cell} text-end`}>{money(item.unit_price)}</td>
                  <td className={`${cell} text-end`}>{item.quantity}</td>
                  <td className={`${cell} text-end font-medium`}>{money(item.line_total)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>

        <div className="mt-6 grid gap-6 sm:grid-cols-2 print:grid-cols-2">
          <section aria-labelledby="invoice-payment">
            <h2 id="invoice-payment" className="text-xs font-semibold uppercase tracking-wide text-slate-600">{t("order.payment")}</h2>
            <p className="mt-1 text-sm">{paymentMethod(order)}</p>
            <p className="mt-1"><PaymentStatusBadge status={order.payment_status} /></p>
            {order.note ? (
              <>
                <h3 className="mt-3 text-xs font-semibold uppercase tracking-wide text-slate-600">{t("order.note")}</h3>
                <p className="whitespace-pre-line text-sm text-slate-700" dir="auto">{order.note}</p>
              </>
            ) : null}
          </section>
          <section aria-labelledby="invoice-summary">
            <h2 id="invoice-summary" className="sr-only">{t("summary.title")}</h2>
            <OrderTotals order={order} locale={locale} />
          </section>
        </div>
      </article>
    </main>
  );
}
