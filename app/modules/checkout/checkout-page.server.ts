import { parseWithZod } from "@conform-to/zod";
import { data, redirect } from "@remix-run/node";
import { randomBytes } from "node:crypto";
import { shopContext } from "~/lib/context.server";
import { DomainError, replyWithError } from "~/lib/domain-error";
import { redirectWithToast } from "~/lib/session.server";
import { listAddresses } from "~/modules/account/addresses.server";
import type { CurrentUser } from "~/modules/auth/user.server";
import type { CartKind } from "~/modules/cart/cart.server";
import { availableGateways, beginPayment, shopOrigin } from "~/modules/payments/payments.server";
import type { Settings } from "~/modules/settings/settings.server";
import { applyCouponCode, computeCheckout, removeCouponCode } from "./checkout.server";
import { couponSchema, placeOrderSchema } from "./checkout.schema";
import { placeOrder, type OrderRules } from "./place-order.server";
import { readForm } from "~/lib/forms.server";

/** /checkout and /buynow are one page over two kinds of checkout: the cart's selected shops, or the buy-now line. */
export const CHECKOUT_PATHS: Record<CartKind, string> = { cart: "/checkout", buynow: "/buynow" };

const PRIVATE = { "Cache-Control": "private, no-store" };

/** settings.orderPlaceAccountVerify: the shopper needs a confirmed e-mail or phone before ordering. */
export function mustVerify(settings: Settings, user: CurrentUser): boolean {
  return settings.orderPlaceAccountVerify && !user.email_verified_at && !user.phone_verified_at;
}

function orderRules(settings: Settings, user: CurrentUser): OrderRules {
  return {
    multiVendor: settings.multiVendor,
    cashOnDelivery: settings.cashOnDelivery,
    onlinePayment: settings.onlinePayment,
    gateways: availableGateways(settings).map((gateway) => gateway.name),
    mustVerify: mustVerify(settings, user),
  };
}

/** The checkout needs a signed-in shopper (spec §6): a guest logs in first and comes back here. */
async function signedIn(request: Request, kind: CartKind) {
  const context = await shopContext(request);
  if (!context.user) {
    throw await redirectWithToast(request, `/login?redirectTo=${encodeURIComponent(CHECKOUT_PATHS[kind])}`, {
      kind: "error", message: "product:cart.loginFirst", duration: 3000,
    });
  }
  return { ...context, user: context.user };
}

export async function checkoutPageData(request: Request, kind: CartKind) {
  const { db, user, settings, t } = await signedIn(request, kind);
  const [checkout, addresses] = await Promise.all([
    computeCheckout(db, user.id, { kind, multiVendor: settings.multiVendor }),
    listAddresses(db, user.id),
  ]);
  const { coupon_problem, ...shown } = checkout;
  return data(
    {
      title: t(kind === "buynow" ? "checkout:buyNowTitle" : "checkout:title"),
      kind,
      path: CHECKOUT_PATHS[kind],
      checkout: shown,
      couponProblem: coupon_problem && { message: coupon_problem.message, values: coupon_problem.values ?? null },
      addresses,
      payment: {
        cash: settings.cashOnDelivery,
        gateways: availableGateways(settings).map(({ name, title, logo }) => ({ name, title, logo })),
      },
      mustVerify: mustVerify(settings, user),
      // A fresh token per page: the same page posted twice places one set of orders.
      token: randomBytes(18).toString("base64url"),
    },
    { headers: PRIVATE },
  );
}

/** An error answer of one of the page's forms, told apart by `form` so each shows its own messages. */
const refused = <T>(form: "coupon" | "place", reply: T, values?: Record<string, string | number>) =>
  data({ form, reply, values: values ?? null }, { status: 400 });

export async function checkoutPageAction(request: Request, kind: CartKind) {
  const { db, user, settings, t, currency } = await signedIn(request, kind);
  const path = CHECKOUT_PATHS[kind];
  const form = await readForm(request);
  const intent = form.get("intent");

  if (intent === "remove-coupon") {
    await removeCouponCode(db, user.id, kind);
    return redirectWithToast(request, path, { kind: "info", message: "checkout:coupon.removed" });
  }

  if (intent === "coupon") {
    const submission = parseWithZod(form, { schema: couponSchema });
    if (submission.status !== "success") return refused("coupon", submission.reply());
    try {
      await applyCouponCode(db, user.id, { kind, code: submission.value.coupon_code, multiVendor: settings.multiVendor });
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      return refused("coupon", replyWithError(submission, error), error.values);
    }
    return redirectWithToast(request, path, { kind: "success", message: "checkout:coupon.applied" });
  }

  const submission = parseWithZod(form, { schema: placeOrderSchema });
  if (submission.status !== "success") return refused("place", submission.reply());
  try {
    const placed = await placeOrder(db, user.id, { kind, ...submission.value, address_id: submission.value.address_id ?? null, currency }, orderRules(settings, user));
    if (placed.payment_method === "cash" || placed.repeated) {
      return redirectWithToast(request, `/order-confirmation/${placed.checkout_id}`, { kind: "success", message: "checkout:placed" });
    }
    const payment = await beginPayment(db, {
      userId: user.id,
      orderIds: placed.order_ids,
      gateway: placed.payment_method,
      origin: shopOrigin(settings, request.url),
      description: t("checkout:paymentDescription", { count: placed.order_ids.length, appName: settings.appName }),
    }).catch((error: unknown) => {
      if (error instanceof DomainError) return null;
      throw error;
    });
    // Orders are placed either way; a gateway that fails now leaves 'Make Payment' on the confirmation.
    if (!payment) {
      return redirectWithToast(request, `/order-confirmation/${placed.checkout_id}`, { kind: "warning", message: "checkout:paymentNotStarted" });
    }
    return redirect(payment.redirectTo, 303);
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    // Stock and coupon problems concern the whole order: shown over the form, and as a toast with JS.
    return refused("place", replyWithError(submission, error), error.values);
  }
}
