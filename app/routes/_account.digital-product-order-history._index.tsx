import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/link";
import { OrderStatusBadge, PaymentStatusBadge } from "~/components/orders/order-parts";
import { Pagination } from "~/components/pagination";
import { requireUser } from "~/lib/auth.server";
import { formatDate } from "~/lib/dates";
import { parsePage } from "~/lib/pagination.server";
import { pageTitle } from "~/lib/seo";
import { useTranslation } from "~/lib/translation";
import { useMoney } from "~/lib/use-money";
import { listDigitalOrders, type DigitalOrderSummary } from "~/modules/digital/digital.server";

export const handle = { i18n: ["orders"] };

/** My Digital Products: the shopper's orders holding digital items, ten a page (?page=…). */
export async function loader({ request }: LoaderFunctionArgs) {
  const { db, user, t, locale } = await requireUser(request);
  const history = await listDigitalOrders(db, user.id, { page: parsePage(new URL(request.url).searchParams.get("page")) });
  return { title: t("orders:digital.title"), locale, ...history };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(matches, data?.title);

export default function DigitalProductOrders() {
  const { orders, total, page, perPage, locale } = useLoaderData<typeof loader>();
  const { t } = useTranslation("orders");
  return (
    <section aria-labelledby="digital-title" className="rounded-lg border border-slate-200 bg-white p-6">
      <h1 id="digital-title" className="text-2xl font-bold">{t("digital.title")}</h1>
      {orders.length ? (
        <>
          <p className="mt-4 text-sm text-slate-600">{t("history.orderCount", { count: total })}</p>
          <ul className="mt-3 space-y-3">
            {orders.map((order) => <DigitalOrderCard key={order.id} order={order} locale={locale} />)}
          </ul>
          <Pagination totalItems={total} current={page} perPage={perPage} />
        </>
      ) : (
        <div className="mt-8 text-center">
          <p className="text-slate-700">{t("digital.none")}</p>
          <Link to="/digital-products" className="btn-primary mt-4">{t("digital.browse")}</Link>
        </div>
      )}
    </section>
  );
}

function DigitalOrderCard({ order, locale }: { order: DigitalOrderSummary; locale: string }) {
  const { t } = useTranslation("orders");
  const money = useMoney(order.currency);
  const headingId = `digital-order-${order.id}`;
  const term = "text-xs text-slate-600";
  return (
    <li className="rounded-lg border border-slate-200 p-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={headingId} className="font-semibold">{t("order.title", { id: order.id })}</h2>
        <Link to={`/digital-product-order-history/${order.id}`} className="btn-secondary" aria-describedby={headingId}>
          {t(order.unlocked ? "digital.open" : "history.viewDetails")}
        </Link>
      </div>
      <p className="mt-2 text-sm">{order.products.join(", ")}</p>
      <dl className="mt-3 grid grid-cols-2 gap-3 text-sm sm:grid-cols-3 lg:grid-cols-5">
        <div>
          <dt className={term}>{t("order.placedOn")}</dt>
          <dd><time dateTime={order.created_at}>{formatDate(order.created_at, locale)}</time></dd>
        </div>
        <div>
          <dt className={term}>{t("order.shop")}</dt>
          <dd className="truncate">{order.shop.name}</dd>
        </div>
        <div>
          <dt className={term}>{t("order.total")}</dt>
          <dd className="font-semibold">{money(order.payable)}</dd>
        </div>
        <div>
          <dt className={term}>{t("order.status")}</dt>
          <dd><OrderStatusBadge status={order.status} /></dd>
        </div>
        <div>
          <dt className={term}>{t("order.payment")}</dt>
          <dd><PaymentStatusBadge status={order.payment_status} /></dd>
        </div>
      </dl>
      <p className="mt-3 text-sm font-medium">{t(order.unlocked ? "digital.ready" : order.status === "Cancelled" ? "digital.cancelled" : "digital.awaitingPayment")}</p>
    </li>
  );
}
