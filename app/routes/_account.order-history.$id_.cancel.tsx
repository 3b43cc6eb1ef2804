import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/link";
import { useTranslation } from "~/lib/translation";
import { CancelOrderForm, type CancelOrderData } from "~/components/orders/cancel-order-form";
import { requireUser } from "~/lib/auth.server";
import { DomainError } from "~/lib/domain-error";
import { pageTitle } from "~/lib/seo";
import { redirectWithToast } from "~/lib/session.server";
import { cancelOrder, orderIdFrom, OrderNotFoundError, orderOrNotFound } from "~/modules/orders/orders.server";

export const handle = { i18n: ["orders"] };

/** The cancel confirmation as a page (the details page's dialog without JavaScript); someone else's order is 404. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { db, user, t } = await requireUser(request);
  const order = await orderOrNotFound(db, user.id, params.id);
  const data: CancelOrderData = { id: order.id, payable: order.payable, shopName: order.shop.name, status: order.status, canCancel: order.can_cancel, currency: order.currency };
  return { title: t("orders:cancel.title"), order: data };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(matches, data?.title);

/** Cancels, then back to the order with a toast: success, or why it can no longer be cancelled. */
export async function action({ request, params }: ActionFunctionArgs) {
  const { db, user } = await requireUser(request);
  const id = orderIdFrom(params.id);
  if (id === null) throw new Response("Not Found", { status: 404 });
  try {
    await cancelOrder(db, user.id, id);
  } catch (error) {
    if (error instanceof OrderNotFoundError) throw new Response("Not Found", { status: 404 });
    if (error instanceof DomainError) return redirectWithToast(request, `/order-history/${id}`, { kind: "error", message: error.message });
    throw error;
  }
  return redirectWithToast(request, `/order-history/${id}`, { kind: "success", message: "orders:cancel.done", values: { id } });
}

export default function CancelOrderPage() {
  const { order } = useLoaderData<typeof loader>();
  const { t } = useTranslation("orders");
  const back = (
    <Link to={`/order-history/${order.id}`} className="btn-secondary">{order.canCancel ? t("cancel.keep") : t("cancel.back")}</Link>
  );
  return (
    <section aria-labelledby="cancel-title" className="mx-auto max-w-md rounded-lg border border-slate-200 bg-white p-6">
      <CancelOrderForm order={order} titleId="cancel-title" keep={back} />
    </section>
  );
}
