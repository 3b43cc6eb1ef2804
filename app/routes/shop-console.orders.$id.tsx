import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { Link } from "~/components/link";
import { z } from "zod";
import { OrderAddress, OrderItemList, OrderStatusBadge, OrderTimeline, OrderTotals, PaymentStatusBadge, usePaymentMethod } from "~/components/orders/order-parts";
import { requireStaff } from "~/lib/auth.server";
import { formatDate } from "~/lib/dates";
import { DomainError } from "~/lib/domain-error";
import { pageTitle } from "~/lib/seo";
import { redirectWithToast } from "~/lib/session.server";
import { useTranslation } from "~/lib/translation";
import type { OrderStatus } from "~/db/schema";
import { advanceOrder, cancelOrderInScope, markOrderPaid } from "~/modules/orders/order-lifecycle.server";
import { ORDER_FLOW, tabOfStatus } from "~/modules/orders/order-status";
import { getOrderInScope, orderIdFrom, OrderNotFoundError } from "~/modules/orders/orders.server";
import { readForm } from "~/lib/forms.server";

/** One order of the shop (any shop's for the admin); another shop's, or none, is Page Not Found. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { db, t, locale, scope } = await requireStaff(request);
  const id = orderIdFrom(params.id);
  const order = id === null ? null : await getOrderInScope(db, scope, id);
  if (!order) throw new Response("Not Found", { status: 404 });
  return { title: t("console:meta.order", { id: order.id }), locale, order };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(matches, data?.title);

// The button says which status it moves the order to: a post made for an older page is refused, not re-applied.
const orderAction = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("advance"), to: z.enum(ORDER_FLOW.slice(1) as [OrderStatus, ...OrderStatus[]]) }),
  z.object({ intent: z.literal("cancel") }),
  z.object({ intent: z.literal("mark-paid") }),
]);

/** Next status, Mark as Paid or Cancel, then back to the order with a toast: what changed, or why nothing did. */
export async function action({ request, params }: ActionFunctionArgs) {
  const { db, t, user, scope } = await requireStaff(request);
  const id = orderIdFrom(params.id);
  if (id === null) throw new Response("Not Found", { status: 404 });
  const back = `/shop-console/orders/${id}`;
  const parsed = orderAction.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) return redirectWithToast(request, back, { kind: "error", message: "console:orders.errors.badStep" });
  try {
    if (parsed.data.intent === "advance") {
      await advanceOrder(db, scope, user.id, id, parsed.data.to);
      const status = t(`orders:status.${tabOfStatus(parsed.data.to)}`);
      return redirectWithToast(request, back, { kind: "success", message: "console:orders.moved", values: { id, status } });
    }
    if (parsed.data.intent === "mark-paid") {
      await markOrderPaid(db, scope, user.id, id);
      return redirectWithToast(request, back, { kind: "success", message: "console:orders.markedPaid", values: { id } });
    }
    await cancelOrderInScope(db, scope, user.id, id);
    return redirectWithToast(request, back, { kind: "success", message: "console:orders.cancelled", values: { id } });
  } catch (error) {
    if (error instanceof OrderNotFoundError) throw new Response("Not Found", { status: 404 });
    if (error instanceof DomainError) return redirectWithToast(request, back, { kind: "error", message: error.message });
    throw error;
  }
}

export default function ConsoleOrder() {
  const { order, locale } = useLoaderData<typeof loader>();
  const { t } = useTranslation("console");
  const paymentMethod = usePaymentMethod();
  const panel = "rounded-lg border border-slate-200 bg-white p-6";
  const term = "text-xs text-slate-600";
  return (
    <div className="space-y-6">
      <section aria-labelledby="order-title" className={panel}>
        <Link to="/shop-console/orders" className="text-sm font-semibold text-primary-700 hover:underline">{t("orders.back")}</Link>
        <div className="mt-2 flex flex-wrap items-center gap-3">
          <h1 id="order-title" className="text-2xl font-bold">{t("orders:order.title", { id: order.id })}</h1>
          <OrderStatusBadge status={order.status} />
        </div>
        <dl className="mt-4 grid grid-cols-2 gap-4 text-sm lg:grid-cols-4">
          <div>
            <dt className={term}>{t("orders:order.placedOn")}</dt>
            <dd className="font-medium"><time dateTime={order.created_at}>{formatDate(order.created_at, locale)}</time></dd>
          </div>
          <div>
            <dt className={term}>{t("orders:order.shop")}</dt>
            <dd className="font-medium">{order.shop.name}</dd>
          </div>
          <div>
            <dt className={term}>{t("orders:order.paymentMethod")}</dt>
            <dd className="font-medium">{paymentMethod(order)}</dd>
          </div>
          <div>
            <dt className={term}>{t("orders:order.paymentStatus")}</dt>
            <dd><PaymentStatusBadge status={order.payment_status} /></dd>
          </div>
        </dl>
        <div className="mt-5 flex flex-wrap items-start gap-6">
          {order.next_status ? (
            <Form method="post" className="max-w-xs">
              <input type="hidden" name="to" value={order.next_status} />
              <p className="text-sm font-semibold">{t("orders.nextStep")}</p>
              <button type="submit" name="intent" value="advance" className="btn-primary mt-1">{t(`orders:tabs.${tabOfStatus(order.next_status)}`)}</button>
              <p className="mt-1 text-xs text-slate-600">{t("orders.nextStepHint", { status: t(`orders:status.${tabOfStatus(order.next_status)}`) })}</p>
            </Form>
          ) : (
            <p className="text-sm text-slate-700">{t("orders.noNextStep")}</p>
          )}
          {order.can_mark_paid ? (
            <Form method="post" className="max-w-xs pt-6">
              <button type="submit" name="intent" value="mark-paid" className="btn-secondary">{t("orders.markPaid")}</button>
              <p className="mt-1 text-xs text-slate-600">{t(order.needs_shipping ? "orders.markPaidHint" : "orders.markPaidDigitalHint")}</p>
            </Form>
          ) : null}
          {order.can_cancel ? (
            <Form method="post" className="max-w-xs pt-6">
              <button type="submit" name="intent" value="cancel" className="btn-secondary text-red-700">{t("orders.cancel")}</button>
              <p className="mt-1 text-xs text-slate-600">{t("orders.cancelHint")}</p>
            </Form>
          ) : null}
        </div>
      </section>

      <section aria-labelledby="items-title" className={panel}>
        <h2 id="items-title" className="text-lg font-bold">{t("orders:items.title")}</h2>
        <OrderItemList order={order} />
      </section>

      <div className="grid gap-6 lg:grid-cols-2">
        <section aria-labelledby="customer-title" className={panel}>
          <h2 id="customer-title" className="text-lg font-bold">{t("orders.customer")}</h2>
          <dl className="mt-2 space-y-1 text-sm">
            <div className="flex gap-2"><dt className="text-slate-600">{t("orders.customer")}:</dt><dd><bdi>{order.customer.name}</bdi></dd></div>
            {order.customer.email ? <div className="flex gap-2"><dt className="text-slate-600">{t("orders.email")}:</dt><dd><bdi dir="ltr">{order.customer.email}</bdi></dd></div> : null}
            {order.customer.phone ? <div className="flex gap-2"><dt className="text-slate-600">{t("orders.phone")}:</dt><dd><bdi dir="ltr">{order.customer.phone}</bdi></dd></div> : null}
          </dl>
          <h3 className="mt-4 font-semibold">{t("orders:order.shippingAddress")}</h3>
          <OrderAddress order={order} />
          {order.note ? (
            <>
              <h3 className="mt-4 font-semibold">{t("orders:order.note")}</h3>
              <p className="mt-1 whitespace-pre-line text-sm" dir="auto">{order.note}</p>
            </>
          ) : null}
        </section>
        <section aria-labelledby="summary-title" className={panel}>
          <h2 id="summary-title" className="text-lg font-bold">{t("orders:summary.title")}</h2>
          <div className="mt-3"><OrderTotals order={order} locale={locale} /></div>
        </section>
      </div>

      <section aria-labelledby="timeline-title" className={panel}>
        <h2 id="timeline-title" className="text-lg font-bold">{t("orders:timeline.title")}</h2>
        <OrderTimeline events={order.timeline} locale={locale} />
      </section>
    </div>
  );
}
