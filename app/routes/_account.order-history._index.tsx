import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/link";
import { useTranslation } from "~/lib/translation";
import { OrderStatusBadge, PaymentStatusBadge } from "~/components/orders/order-parts";
import { OrderStatusTabs } from "~/components/orders/order-status-tabs";
import { Pagination } from "~/components/pagination";
import { requireUser } from "~/lib/auth.server";
import { formatDate } from "~/lib/dates";
import { pageTitle } from "~/lib/seo";
import { parsePage } from "~/lib/pagination.server";
import { useMoney } from "~/lib/use-money";
import { orderTabFrom } from "~/modules/orders/order-status";
import { listOrders, type OrderSummary } from "~/modules/orders/orders.server";

export const handle = { i18n: ["orders"] };

/** The shopper's orders by status tab (?status=…), ten a page (?page=…); unknown values fall back to all / page 1. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { db, user, t, locale } = await requireUser(request);
  const params = new URL(request.url).searchParams;
  const history = await listOrders(db, user.id, { tab: orderTabFrom(params.get("status")), page: parsePage(params.get("page")) });
  return { title: t("orders:history.title"), locale, ...history };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(matches, data?.title);

export default function OrderHistory() {
  const { tab, counts, total, page, perPage, orders, locale } = useLoaderData<typeof loader>();
  const { t } = useTranslation("orders");
  return (
    <section aria-labelledby="orders-title" className="rounded-lg border border-slate-200 bg-white p-6">
      <h1 id="orders-title" className="text-2xl font-bold">{t("history.title")}</h1>
      <OrderStatusTabs tab={tab} counts={counts} label={t("history.tabsLabel")} hrefOf={(name) => (name === "all" ? "/order-history" : `/order-history?status=${name}`)} />
      {orders.length ? (
        <>
          <p className="mt-4 text-sm text-slate-600">{t("history.orderCount", { count: total })}</p>
          <ul className="mt-3 space-y-3">
            {orders.map((order) => <OrderCard key={order.id} order={order} locale={locale} />)}
          </ul>
          <Pagination totalItems={total} current={page} perPage={perPage} />
        </>
      ) : counts.all === 0 ? (
        <div className="mt-8 text-center">
          <p className="text-slate-700">{t("history.none")}</p>
          <Link to="/products" className="btn-primary mt-4">{t("history.startShopping")}</Link>
        </div>
      ) : (
        <p className="mt-8 text-center text-slate-700">{t("history.noneInTab", { status: t(`tabs.${tab}`) })}</p>
      )}
    </section>
  );
}

function OrderCard({ order, locale }: { order: OrderSummary; locale: string }) {
  const { t } = useTranslation("orders");
  const money = useMoney(order.currency);
  const headingId = `order-${order.id}`;
  const term = "text-xs text-slate-600";
  return (
    <li className="rounded-lg border border-slate-200 p-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={headingId} className="font-semibold">{t("order.title", { id: order.id })}</h2>
        <Link to={`/order-history/${order.id}`} className="btn-secondary" aria-describedby={headingId}>{t("history.viewDetails")}</Link>
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-3 text-sm sm:grid-cols-3 lg:grid-cols-6">
        <div>
          <dt className={term}>{t("order.placedOn")}</dt>
          <dd><time dateTime={order.created_at}>{formatDate(order.created_at, locale)}</time></dd>
        </div>
        <div>
          <dt className={term}>{t("order.shop")}</dt>
          <dd className="truncate">{order.shop.name}</dd>
        </div>
        <div>
          <dt className={term}>{t("order.items")}</dt>
          <dd>{t("order.itemCount", { count: order.item_count })}</dd>
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
    </li>
  );
}
