import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { cartFormAction, formId, removedToast } from "~/modules/cart/cart-form.server";
import { removeLine } from "~/modules/cart/cart.server";

export const loader = () => redirect("/cart");

/** Delete on a cart line: '{name} has been remove to cart' with 'Again Add to Cart' (spec §8). */
export async function action({ request }: ActionFunctionArgs) {
  return cartFormAction(request, async ({ db, user, form }) => {
    const change = await removeLine(db, user.id, formId(form, "line_id"));
    return { toast: removedToast(change) };
  });
}
