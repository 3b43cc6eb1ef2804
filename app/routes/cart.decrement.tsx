import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { cartFormAction, formId } from "~/modules/cart/cart-form.server";
import { decrementLine } from "~/modules/cart/cart.server";

export const loader = () => redirect("/cart");

/** '−' on a cart line: one unit less; below the minimum order the line leaves ('product removed from cart'). */
export async function action({ request }: ActionFunctionArgs) {
  return cartFormAction(request, async ({ db, user, form }) => {
    const change = await decrementLine(db, user.id, formId(form, "line_id"));
    return change.removed ? { toast: { kind: "success", message: "cart:toast.decrementedAway" } } : {};
  });
}
