import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { cartFormAction, formPage } from "~/modules/cart/cart-form.server";
import { parseId } from "~/modules/catalog/product-options";
import { addToWishlist, removeFromWishlist, toggleWishlist } from "~/modules/wishlist/wishlist.server";

/** Nothing to show at this address: a visitor who types it lands on the home page. */
export function loader() {
  return redirect("/");
}

/**
 * The hearts (product cards, product page) and Remove on /wishlist: `product_id`, and `intent` "add" or "remove"
 * (what the shopper saw, so a stale page or a second click does what it said; anything else toggles). A guest is
 * asked to log in first and comes back to the page; an unknown product is an error toast, never a 500. Without JS
 * a 303 back to `redirectTo`; with JS (`stay`) answered in place, the hearts and the header count revalidated
 * (the cart forms' pattern, ADR 0014).
 */
export async function action({ request }: ActionFunctionArgs) {
  return cartFormAction(
    request,
    async ({ db, user, form }) => {
      const productId = parseId(form.get("product_id")) ?? 0;
      const intent = form.get("intent");
      const change =
        intent === "add"
          ? await addToWishlist(db, user.id, productId)
          : intent === "remove"
            ? await removeFromWishlist(db, user.id, productId)
            : await toggleWishlist(db, user.id, productId);
      const name = change.product.name;
      return {
        toast: change.inWishlist
          ? { kind: "success", message: "wishlist:toast.added", values: { name }, duration: 5000, action: { label: "wishlist:toast.view", href: "/wishlist" } }
          : {
              kind: "success",
              message: "wishlist:toast.removed",
              values: { name },
              duration: 5000,
              action: { label: "wishlist:toast.undo", post: "/wishlist/toggle", fields: { product_id: String(change.product.id), intent: "add" } },
            },
      };
    },
    (form) => formPage(form, "/wishlist"),
  );
}
