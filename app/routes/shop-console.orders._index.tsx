import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { Link } from "~/components/link";
import { OrderStatusBadge, PaymentStatusBadge } from "~/components/orders/order-parts";
import { OrderStatusTabs } from "~/components/orders/order-status-tabs";
import { Pagination } from "~/components/pagination";
import { requireStaff } from "~/lib/auth.server";
import { formatDate } from "~/lib/dates";
import { parsePage } from "~/lib/pagination.server";
import { pageTitle } from "~/lib/seo";
import { useTranslation } from "~/lib/translation";
import { useMoney } from "~/lib/use-money";
import { orderTabFrom, type OrderTab } from "~/modules/orders/order-status";
import { listOrdersInScope, orderIdFrom, type OrderSummary } from "~/modules/orders/orders.server";

/** The shop's orders (every shop's for the admin) by status tab, searched by order number, ten a page. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { db, t, locale, scope, shop } = await requireStaff(request);
  const params = new URL(request.url).searchParams;
  const search = (params.get("q") ?? "").trim().replace(/^#/, "");
  // Anything that cannot be an order number finds nothing (rather than every order).
  const orderNumber = search === "" ? null : (orderIdFrom(search) ?? 0);
  const list = await listOrdersInScope(db, scope, { tab: orderTabFrom(params.get("status")), page: parsePage(params.get("page")), orderNumber });
  return { title: t("console:meta.orders"), locale, search, everyShop: shop === null, ...list };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(matches, data?.title);

export default function ConsoleOrders() {
  const { tab, counts, total, page, perPage, orders, locale, search, everyShop } = useLoaderData<typeof loader>();
  const { t } = useTranslation("console");
  const hrefOf = (name: OrderTab, withSearch = true) => {
    const params = new URLSearchParams();
    if (name !== "all") params.set("status", name);
    if (search && withSearch) params.set("q", search);
    const query = params.toString();
    return `/shop-console/orders${query ? `?${query}` : ""}`;
  };
  return (
    <section aria-labelledby="orders-title" className="rounded-lg border border-slate-200 bg-white p-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h1 id="orders-title" className="text-2xl font-bold">{t("orders.title")}</h1>
        <Form method="get" className="flex flex-wrap items-end gap-2" role="search">
          {tab !== "all" ? <input type="hidden" name="status" value={tab} /> : null}
          <label className="text-sm">
            <span className="block font-medium">{t("orders.searchLabel")}</span>
            <input type="search" name="q" defaultValue={search} inputMode="numeric" className="mt-1 w-40 rounded-md border border-slate-400 px-3 py-2" />
          </label>
          <button type="submit" className="btn-secondary">{t("orders.search")}</button>
        </Form>
      </div>
      {search ? (
        <p className="mt-3 text-sm">
          {t("orders.searching", { number: search })}
          <span className="sr-only"> · </span>
          <Link to={hrefOf(tab, false)} className="ms-3 font-semibold text-primary-700 underline">{t("orders.clearSearch")}</Link>
        </p>
      ) : null}
      <OrderStatusTabs tab={tab} counts={counts} hrefOf={(name) => hrefOf(name)} label={t("orders.tabsLabel")} />
      {orders.length ? (
        <>
          <p className="mt-4 text-sm text-slate-600">{t("orders.count", { count: total })}</p>
          <div className="mt-3 overflow-x-auto">
            <table className="w-full min-w-[40rem] text-start text-sm">
              <thead>
                <tr className="border-b border-slate-200 text-start text-xs text-slate-600">
                  <th scope="col" className="py-2 text-start">{t("orders.columns.order")}</th>
                  <th scope="col" className="py-2 text-start">{t("orders.columns.placedOn")}</th>
                  <th scope="col" className="py-2 text-start">{t("orders.columns.customer")}</th>
                  {everyShop ? <th scope="col" className="py-2 text-start">{t("orders.columns.shop")}</th> : null}
                  <th scope="col" className="py-2 text-start">{t("orders.columns.items")}</th>
                  <th scope="col" className="py-2 text-start">{t("orders.columns.total")}</th>
                  <th scope="col" className="py-2 text-start">{t("orders.columns.status")}</th>
                  <th scope="col" className="py-2 text-start">{t("orders.columns.payment")}</th>
                </tr>
              </thead>
              <tbody>
                {orders.map((order) => <OrderRow key={order.id} order={order} locale={locale} everyShop={everyShop} />)}
              </tbody>
            </table>
          </div>
          <Pagination totalItems={total} current={page} perPage={perPage} />
        </>
      ) : (
        <p className="mt-8 text-center text-slate-700">{search ? t("orders.noneFound", { number: search }) : t("orders.none")}</p>
      )}
    </section>
  );
}

function OrderRow({ order, locale, everyShop }: { order: OrderSummary; locale: string; everyShop: boolean }) {
  const { t } = useTranslation("console");
  const money = useMoney(order.currency);
  return (
    <tr className="border-b border-slate-100 align-top">
      <td className="py-3">
        <Link to={`/shop-console/orders/${order.id}`} className="font-semibold text-primary-700 underline" aria-label={t("orders.view", { id: order.id })}>
          #{order.id}
        </Link>
      </td>
      <td className="py-3"><time dateTime={order.created_at}>{formatDate(order.created_at, locale)}</time></td>
      <td className="py-3"><bdi>{order.customer_name}</bdi></td>
      {everyShop ? <td className="py-3">{order.shop.name}</td> : null}
      <td className="py-3">{t("orders:order.itemCount", { count: order.item_count })}</td>
      <td className="py-3 font-semibold">{money(order.payable)}</td>
      <td className="py-3"><OrderStatusBadge status={order.status} /></td>
      <td className="py-3"><PaymentStatusBadge status={order.payment_status} /></td>
    </tr>
  );
}
