import { useLocation } from "@remix-run/react";
import { useTranslation } from "~/lib/translation";
import { usePersonal } from "~/lib/personal";
import { BagIcon } from "../icons";
import { CartLink } from "./cart-link";

/** Spec §2: no floating cart tab on checkout, buy now, blogs and blog details. */
const HIDDEN_ON = [/^\/checkout(\/|$)/, /^\/buynow(\/|$)/, /^\/blogs(\/|$)/, /^\/blog\//, /^\/order-history\/\d+\/invoice$/];

/** The floating cart tab at the end edge: units and total; it opens the cart. */
export function FloatingCartTab() {
  const personal = usePersonal();
  const { pathname } = useLocation();
  const { t } = useTranslation("cart");
  if (HIDDEN_ON.some((pattern) => pattern.test(pathname))) return null;
  return (
    <aside aria-label={t("tab.label")} className="print:hidden">
      <CartLink
        signedIn={personal.signedIn}
        className="fixed end-0 top-1/2 z-30 flex -translate-y-1/2 flex-col items-center gap-1 rounded-s-lg bg-primary px-2 py-3 text-xs font-semibold text-white shadow-lg hover:bg-primary-800"
      >
        <BagIcon className="h-6 w-6" />
        <span>{personal.text("cart.items")}</span>
        <span className="rounded bg-white px-1 text-primary-800">{personal.text("cart.total")}</span>
      </CartLink>
    </aside>
  );
}
