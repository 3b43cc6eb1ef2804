import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { shopContext } from "~/lib/context.server";
import { redirectWithToast } from "~/lib/session.server";
import { checkCartChoice, type CartChoice } from "~/modules/catalog/product-details.server";
import { OPTION_KINDS, parseId } from "~/modules/catalog/product-options";

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
 * Add to Cart and Buy Now (payload of spec §3). A guest is sent to log in first; a bad payload goes
 * back to the product with the reason. Never a 500: anything unexpected in the form is a refusal.
 */
export async function action({ request }: ActionFunctionArgs) {
  const { db, user } = await shopContext(request);
  const form = await request.formData().catch(() => new FormData());
  const back = productPage(form);

  if (!user) {
    return redirectWithToast(request, `/login?redirectTo=${encodeURIComponent(back)}`, {
      kind: "error",
      message: "product:cart.loginFirst",
      duration: 3000,
    });
  }

  const result = await checkCartChoice(db, Object.fromEntries(form));
  if (!result.ok) {
    // A product that is gone has no page to go back to.
    return redirectWithToast(request, result.error.message === "unavailable" ? "/" : back, {
      kind: "error",
      message: `product:cart.refused.${result.error.message}`,
      values: result.error.values,
      duration: 3000,
    });
  }
  return addToCart(request, result.choice, back);
}

/** Issue 5 (the cart) replaces this: until the cart exists, the shopper is told it opens soon. */
function addToCart(request: Request, _choice: CartChoice, back: string) {
  return redirectWithToast(request, back, { kind: "info", message: "product:cart.comingSoon", duration: 3000 });
}
