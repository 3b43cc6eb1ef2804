import type { ReactNode } from "react";
import { DialogLink } from "../dialogs";

/**
 * A link to the cart: with JS it opens the cart panel (spec §2). A guest has no cart: the link asks them to log in
 * and comes back to the cart.
 */
export function CartLink({ signedIn, className, children }: { signedIn: boolean; className?: string; children: ReactNode }) {
  return signedIn ? (
    <DialogLink dialog="cart" to="/cart" className={className}>{children}</DialogLink>
  ) : (
    <DialogLink dialog="login" to={`/login?redirectTo=${encodeURIComponent("/cart")}`} className={className}>{children}</DialogLink>
  );
}
