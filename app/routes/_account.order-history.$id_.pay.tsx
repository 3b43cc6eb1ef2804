import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/lib/auth.server";
import { DomainError } from "~/lib/domain-error";
import { redirectWithToast } from "~/lib/session.server";
import { idFrom } from "~/modules/payments/gateway";
import { PaymentOrderNotFoundError, payOrder, shopOrigin } from "~/modules/payments/payments.server";

function orderIdFrom(param: string | undefined): number {
  const id = idFrom(param);
  if (!id) throw new Response("Not Found", { status: 404 });
  return id;
}

/** Only a POST pays; a visit to this address goes to the order. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request);
  return redirect(`/order-history/${orderIdFrom(params.id)}`);
}

/** Make Payment: a new payment through the order's own gateway, and off to the gateway's page. */
export async function action({ request, params }: ActionFunctionArgs) {
  const { db, user, settings, t } = await requireUser(request);
  const orderId = orderIdFrom(params.id);
  try {
    const { redirectTo } = await payOrder(db, {
      userId: user.id,
      orderId,
      origin: shopOrigin(settings, request.url),
      description: t("payments:gateway.description", { shop: settings.appName, orders: `#${orderId}` }),
    });
    return redirect(redirectTo, { status: 303, headers: { "Cache-Control": "private, no-store" } });
  } catch (error) {
    if (error instanceof PaymentOrderNotFoundError) throw new Response("Not Found", { status: 404 });
    if (!(error instanceof DomainError)) throw error;
    return redirectWithToast(request, `/order-history/${orderId}`, {
      kind: "error",
      title: "payments:errors.title",
      message: error.message,
      values: error.values,
    });
  }
}
