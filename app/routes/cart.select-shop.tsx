import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { cartFormAction, formId } from "~/modules/cart/cart-form.server";
import { toggleShopSelection } from "~/modules/cart/cart.server";

export const loader = () => redirect("/cart");

/** A shop group's select control (multi-vendor mode): chooses the shop for checkout, or takes it out again. */
export async function action({ request }: ActionFunctionArgs) {
  return cartFormAction(request, async ({ db, user, form }) => {
    await toggleShopSelection(db, user.id, formId(form, "shop_id"));
    return {};
  });
}
