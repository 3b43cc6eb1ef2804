import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { cartFormAction, formId } from "~/modules/cart/cart-form.server";
import { incrementLine } from "~/modules/cart/cart.server";

export const loader = () => redirect("/cart");

/** '+' on a cart line: one more unit, never beyond the stock (the refusal is an error toast). */
export async function action({ request }: ActionFunctionArgs) {
  return cartFormAction(request, async ({ db, user, form }) => {
    await incrementLine(db, user.id, formId(form, "line_id"));
    return {};
  });
}
