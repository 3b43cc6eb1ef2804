import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { addedToast, cartFormAction, formPage } from "~/modules/cart/cart-form.server";
import { addToCart } from "~/modules/cart/cart.server";
import { checkCartChoice } from "~/modules/catalog/product-details.server";
import { OPTION_KINDS, parseId, UPDATE_PRICE_INTENT } from "~/modules/catalog/product-options";

/** Nothing to show at this address: a visitor who types it lands on the home page. */
export function loader() {
  return redirect("/");
}

/** The product page the form came from, with the choices kept so a return shows them again. */
function productPage(form: FormData): string {
  const id = parseId(form.get("product_id"));
  if (id === null) return "/";
  const query = new URLSearchParams();
  for (const kind of OPTION_KINDS) {
    const option = parseId(form.get(kind));
    if (option !== null) query.set(kind, String(option));
  }
  const quantity = parseId(form.get("quantity"));
  if (quantity !== null) query.set("quantity", String(quantity));
  const search = query.toString();
  return `/products/${id}/details${search ? `?${search}` : ""}`;
}

/**
 * Add to Cart and Buy Now (payload of spec §3). A guest is sent to log in first and comes back to the product; a
 * bad payload goes back to the product with the reason. Never a 500: anything unexpected in the form is a refusal.
 * Added to the cart, the shopper stays where the form was (`redirectTo`, else the product); Buy Now goes to /buynow.
 */
export async function action({ request }: ActionFunctionArgs) {
  // 'Update price' (the page's button without JS) is a named button of the same form, so every client sends what is
  // chosen: the product page with those choices, and the cart untouched (a guest may use it too).
  const choices = await request.clone().formData().catch(() => new FormData());
  if (choices.get("intent") === UPDATE_PRICE_INTENT) return redirect(productPage(choices), 303);
  return cartFormAction(
    request,
    async ({ db, user, form }) => {
      const back = productPage(form);
      const result = await checkCartChoice(db, Object.fromEntries(form));
      if (!result.ok) {
        // A product that is gone has no page to go back to.
        return {
          to: result.error.message === "unavailable" ? "/" : back,
          toast: { kind: "error", message: `product:cart.refused.${result.error.message}`, values: result.error.values },
        };
      }
      await addToCart(db, user.id, result.choice, result.product);
      if (result.choice.is_buy_now) return { navigate: "/buynow" };
      return { toast: addedToast(result.product.name) };
    },
    (form) => formPage(form, productPage(form)),
  );
}
