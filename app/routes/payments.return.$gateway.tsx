import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/lib/auth.server";
import { DomainError } from "~/lib/domain-error";
import { redirectWithToast } from "~/lib/session.server";
import type { Toast } from "~/lib/toast";
import type { GatewayOutcome } from "~/modules/payments/gateway";
import { completeReturn } from "~/modules/payments/payments.server";

const TOASTS: Record<GatewayOutcome["result"], Pick<Toast, "kind" | "title" | "message">> = {
  paid: { kind: "success", title: "payments:return.paidTitle", message: "payments:return.paid" },
  cancelled: { kind: "warning", title: "payments:return.cancelledTitle", message: "payments:return.cancelled" },
  unfinished: { kind: "warning", title: "payments:return.unfinishedTitle", message: "payments:return.unfinished" },
  processing: { kind: "info", title: "payments:return.processingTitle", message: "payments:return.processing" },
};

const noStore = { "Cache-Control": "private, no-store" };

/**
 * Where a gateway sends the shopper back. The gateway's word is checked (a signature, or Stripe's own record of
 * the session) and must be about the shopper's own payment; then the shopper sees the order with the outcome.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { db, user } = await requireUser(request);
  try {
    const outcome = await completeReturn(db, {
      gateway: params.gateway ?? "",
      params: new URL(request.url).searchParams,
      userId: user.id,
    });
    return redirectWithToast(request, outcome.destination, TOASTS[outcome.result], { headers: noStore });
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return redirectWithToast(
      request,
      "/order-history",
      { kind: "error", title: "payments:errors.title", message: error.message, values: error.values },
      { headers: noStore },
    );
  }
}
