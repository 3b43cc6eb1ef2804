import { useFetcher } from "@remix-run/react";
import { usePersonal } from "~/lib/personal";
import { useReturnTo } from "~/lib/shared-markup";
import { useTranslation } from "~/lib/translation";
import { useHydrated } from "~/lib/use-hydrated";
import { HeartIcon } from "./icons";

/**
 * The heart of a product (spec §2): a form of its own posting `product_id` and `intent` (add or remove, what the
 * shopper sees) to /wishlist/toggle. Without JS it comes back to this page with a toast; with JS it posts through a
 * fetcher and is answered in place (`stay`): the heart changes at once, the header's count follows. A guest is
 * asked to log in first, as Add to Cart does. Its state is in its name ('Add … to wishlist' / 'Remove … from
 * wishlist'), which every client reads; the filled heart shows it to the eye.
 */
export function WishlistHeart({
  product,
  className = "",
  iconClassName = "h-5 w-5",
}: {
  product: { id: number; name: string };
  className?: string;
  iconClassName?: string;
}) {
  const { t } = useTranslation();
  const fetcher = useFetcher();
  const hydrated = useHydrated();
  const returnTo = useReturnTo();
  const saved = usePersonal().inWishlist(product.id);
  // While the post is on its way the heart already shows what was asked for.
  const pending = fetcher.formData?.get("intent");
  const inWishlist = typeof pending === "string" ? pending === "add" : saved;
  const label = t(inWishlist ? "product.removeFromWishlist" : "product.addToWishlist", { name: product.name });
  return (
    <fetcher.Form method="post" action="/wishlist/toggle" className={className}>
      <input type="hidden" name="product_id" value={product.id} />
      <input type="hidden" name="redirectTo" value={returnTo} />
      {hydrated ? <input type="hidden" name="stay" value="1" /> : null}
      <button
        type="submit"
        name="intent"
        value={inWishlist ? "remove" : "add"}
        className="heart-button"
      >
        <HeartIcon className={iconClassName} fill={inWishlist ? "currentColor" : "none"} />
        <span className="sr-only">{label}</span>
      </button>
    </fetcher.Form>
  );
}
