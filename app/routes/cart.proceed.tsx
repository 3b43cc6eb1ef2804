import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { cartFormAction } from "~/modules/cart/cart-form.server";
import { prepareCheckout } from "~/modules/cart/cart.server";

export const loader = () => redirect("/cart");

/** Proceed to Checkout (spec §4): on to /checkout, or back with 'Please select at least one shop'. */
export async function action({ request }: ActionFunctionArgs) {
  return cartFormAction(request, async ({ db, user, settings }) => {
    await prepareCheckout(db, user.id, settings);
    return { navigate: "/checkout" };
  });
}
