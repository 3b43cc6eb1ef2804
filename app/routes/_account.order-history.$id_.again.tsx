import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/lib/auth.server";
import { DomainError } from "~/lib/domain-error";
import { redirectWithToast } from "~/lib/session.server";
import { orderAgain } from "~/modules/orders/order-again.server";
import { orderIdFrom, OrderNotFoundError } from "~/modules/orders/orders.server";

/** Nothing to show here: the order's page has the button. */
export function loader({ params }: LoaderFunctionArgs) {
  return redirect(`/order-history/${orderIdFrom(params.id) ?? ""}`);
}

/** Order Again: the items go in the cart and the shopper sees the cart, told what could not be added and why. */
export async function action({ request, params }: ActionFunctionArgs) {
  const { db, user } = await requireUser(request);
  const id = orderIdFrom(params.id);
  if (id === null) throw new Response("Not Found", { status: 404 });
  try {
    const { added, unavailable } = await orderAgain(db, user.id, id);
    const names = unavailable.join(", ");
    if (added === 0) return redirectWithToast(request, `/order-history/${id}`, { kind: "error", message: "orders:again.none", values: { names } });
    if (unavailable.length) return redirectWithToast(request, "/cart", { kind: "warning", message: "orders:again.partly", values: { count: added, names } });
    return redirectWithToast(request, "/cart", { kind: "success", message: "orders:again.added", values: { count: added } });
  } catch (error) {
    if (error instanceof OrderNotFoundError) throw new Response("Not Found", { status: 404 });
    if (error instanceof DomainError) return redirectWithToast(request, `/order-history/${id}`, { kind: "error", message: error.message });
    throw error;
  }
}
