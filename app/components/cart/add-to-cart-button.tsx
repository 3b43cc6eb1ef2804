import { useLocation } from "@remix-run/react";
import { useTranslation } from "~/lib/translation";
import { BagIcon } from "../icons";
import { CartForm } from "./cart-form";

/**
 * A product card's quick Add to Cart: one unit, no colour, size or unit, back to the same page. The server checks
 * it like any add (a product with a larger minimum order goes to its page with the reason).
 */
export function AddToCartButton({ product, className }: { product: { id: number; name: string }; className?: string }) {
  const { t } = useTranslation("cart");
  const location = useLocation();
  return (
    <CartForm action="/cart/add" fields={{ product_id: product.id, quantity: 1 }} redirectTo={`${location.pathname}${location.search}`} className={className}>
      {(busy) => (
        <button
          type="submit"
          disabled={busy}
          className="flex h-9 w-9 items-center justify-center rounded-full bg-primary text-white shadow hover:bg-primary-800 disabled:opacity-60"
        >
          <BagIcon className="h-5 w-5" />
          <span className="sr-only">{t("addProduct", { name: product.name })}</span>
        </button>
      )}
    </CartForm>
  );
}
