import { data, redirect } from "@remix-run/node";
import type { Db } from "~/lib/db.server";
import { shopContext } from "~/lib/context.server";
import { DomainError } from "~/lib/domain-error";
import { commitSession, flashToast, getSession, redirectWithToast, safeRedirectPath } from "~/lib/session.server";
import type { CurrentUser } from "~/modules/auth/user.server";
import type { Settings } from "~/modules/settings/settings.server";
import { parseId } from "~/modules/catalog/product-options";

/**
 * What every cart and voucher form post shares (spec §8): a guest is sent to log in ('Please login first!') and
 * comes back; a broken rule is an error toast; success is a toast. Without JS the answer is a 303 to the page the
 * form was on (`redirectTo`); the JS cart panel and voucher dialog post with `stay=1` and are answered in place
 * (the toast flashed, the page data revalidated), so they stay open.
 */
export type CartToast = Parameters<typeof flashToast>[1];

export interface CartFormContext {
  db: Db;
  user: CurrentUser;
  settings: Settings;
  form: FormData;
}

export interface CartOutcome {
  /** None when the page shows the change itself (a quantity, a selection) or Buy Now's page says it. */
  toast?: CartToast;
  /** Go there even when answering in place (Proceed to Checkout). */
  navigate?: string;
  /** Where a post without JS lands, when not the page it came from. */
  to?: string;
}

const CART_TOAST_MS = 3000;

/** The form's page to come back to: a same-site path, else the cart. */
export function formPage(form: FormData, fallback = "/cart"): string {
  return safeRedirectPath(form.get("redirectTo"), fallback);
}

/** A line id or shop id posted by a cart form (0 when missing or malformed: it then names nothing). */
export function formId(form: FormData, name: string): number {
  return parseId(form.get(name)) ?? 0;
}

export async function cartFormAction(
  request: Request,
  run: (context: CartFormContext) => Promise<CartOutcome>,
  /** The page the form belongs to (default: `redirectTo`, else the cart): a guest returns there after logging in. */
  back: (form: FormData) => string = (form) => formPage(form),
) {
  const { db, user, settings } = await shopContext(request);
  const form = await request.formData().catch(() => new FormData());
  if (!user) {
    return redirectWithToast(request, `/login?redirectTo=${encodeURIComponent(back(form))}`, {
      kind: "error",
      message: "cart:loginFirst",
      duration: CART_TOAST_MS,
    });
  }

  let outcome: CartOutcome;
  try {
    outcome = await run({ db, user, settings, form });
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    outcome = { toast: { kind: "error", message: error.message, values: error.values } };
  }
  const headers = new Headers();
  if (outcome.toast) {
    const session = await getSession(request);
    flashToast(session, { duration: CART_TOAST_MS, ...outcome.toast });
    headers.append("Set-Cookie", await commitSession(session));
  }
  if (form.get("stay") === "1" && !outcome.navigate) {
    // 200 even for a refusal: the page data (and the root's toasts) revalidate only after a successful action.
    return data({ ok: outcome.toast?.kind !== "error" }, { headers });
  }
  return redirect(outcome.navigate ?? outcome.to ?? back(form), { status: 303, headers });
}

/** The toast after adding to the cart, with 'View In Cart' (spec §8). */
export function addedToast(name: string): CartToast {
  return {
    kind: "success",
    message: "cart:toast.added",
    values: { name },
    action: { label: "cart:toast.viewInCart", href: "/cart", dialog: "cart" },
  };
}

/** The toast after removing a line, with 'Again Add to Cart': one unit, no colour, size or unit (spec §8). */
export function removedToast(product: { product_id: number; name: string }): CartToast {
  return {
    kind: "success",
    message: "cart:toast.removed",
    values: { name: product.name },
    action: { label: "cart:toast.addAgain", post: "/cart/add", fields: { product_id: String(product.product_id), quantity: "1" } },
  };
}
