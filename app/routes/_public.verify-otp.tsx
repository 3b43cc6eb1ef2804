import { parseWithZod } from "@conform-to/zod";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, useNavigation, type ShouldRevalidateFunction } from "@remix-run/react";
import { OtpForm } from "~/components/auth/otp-form";
import { shopContext, type ShopContext } from "~/lib/context.server";
import { DomainError, replyWithError } from "~/lib/domain-error";
import { pageTitle } from "~/lib/seo";
import { accountBackoff, AUTH_POSTS_PER_IP, enforceLimit } from "~/lib/rate-limit.server";
import { commitSession, flashToast, safeRedirectPath } from "~/lib/session.server";
import { otpSchema } from "~/modules/auth/otp.schema";
import { CODE_TTL_MS, resendWaitSeconds, type CodeChannel } from "~/modules/auth/otp.server";
import { confirmResetCode, resendResetCode } from "~/modules/auth/password-reset.server";
import { confirmRegistration, pendingRegistrationCode } from "~/modules/auth/register.server";
import { sendCode } from "~/modules/auth/send-code.server";
import { readForm } from "~/lib/forms.server";

export const handle = { i18n: ["auth"] };

/** The page shows where a code went: never kept by a cache. */
const PRIVATE = { "Cache-Control": "private, no-store" };

type CodeStep = { channel: CodeChannel; recipient: string; shown: string } & (
  | { purpose: "register"; userId: number }
  | { purpose: "reset" }
);

/**
 * What the code on this page confirms. Signed in: the shopper's own registration (the phone, or the e-mail,
 * still unconfirmed), so a code only ever confirms the account it was sent for. A guest: the password reset
 * started on /forgot-password, whose recipient is kept in the session, never in the address.
 */
async function currentStep({ db, session, user, settings }: ShopContext, redirectTo: string): Promise<CodeStep> {
  if (user) {
    // Registration codes, and the confirmation a shop asks for before taking orders (orderPlaceAccountVerify).
    const confirming = settings.registerOtpVerify || settings.orderPlaceAccountVerify;
    const target = confirming ? await pendingRegistrationCode(db, user.id, settings.registerOtpType) : null;
    if (!target) throw redirect(redirectTo);
    return { purpose: "register", ...target, shown: target.recipient, userId: user.id };
  }
  const reset = session.get("pendingReset");
  if (!reset) throw redirect("/forgot-password");
  return reset;
}

const verifyPath = (redirectTo: string) => `/verify-otp?redirectTo=${encodeURIComponent(redirectTo)}`;

export async function loader({ request }: LoaderFunctionArgs) {
  const context = await shopContext(request);
  const redirectTo = safeRedirectPath(new URL(request.url).searchParams.get("redirectTo"));
  const step = await currentStep(context, redirectTo);
  return data(
    {
      title: context.t("auth:otp.title"),
      purpose: step.purpose,
      shown: step.shown,
      remaining: await resendWaitSeconds(context.db, step),
      countedAt: Date.now(),
      minutes: CODE_TTL_MS / 60_000,
      redirectTo,
    },
    { headers: PRIVATE },
  );
}

/**
 * Only this page's own forms reload it: a new code (the countdown starts again). A wrong code answers itself,
 * and after a confirmed code (answered as data to the dialog) or another form (a sign-in) this loader would
 * only redirect.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, formAction, actionResult, defaultShouldRevalidate }) => {
  if (!formMethod) return defaultShouldRevalidate;
  if (!formAction?.startsWith("/verify-otp")) return false;
  const answered = actionResult && typeof actionResult === "object" && ("status" in actionResult || "next" in actionResult);
  return !answered;
};

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(matches, data?.title);

/**
 * Confirm (spec §7 POST /verify-otp) or Resend OTP (POST /send-otp). From the dialog (via=dialog), a resend
 * and a confirmed reset code answer as data so the dialog stays and shows the next step.
 */
export async function action({ request, context: load }: ActionFunctionArgs) {
  await enforceLimit(`otp:${load.clientIp ?? "unknown"}`, AUTH_POSTS_PER_IP);
  const context = await shopContext(request);
  const { db, session, settings, t } = context;
  const formData = await readForm(request);
  const redirectTo = safeRedirectPath(formData.get("redirectTo"));
  const step = await currentStep(context, redirectTo);
  const viaDialog = formData.get("via") === "dialog";
  const submission = parseWithZod(formData, { schema: otpSchema });
  if (submission.status !== "success") return data(submission.reply({ hideFields: ["otp"] }), { status: 400, headers: PRIVATE });

  if (submission.value.intent === "resend") {
    const sender = { db, appEnv: settings.appEnv, appName: settings.appName, t };
    try {
      if (step.purpose === "register") await sendCode(sender, step);
      else await resendResetCode(sender, step);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      return data(replyWithError(submission, error), { status: 400, headers: PRIVATE });
    }
    flashToast(session, { kind: "success", message: "auth:otp.resent" });
    const headers = { ...PRIVATE, "Set-Cookie": await commitSession(session) };
    if (viaDialog) return data({ resent: true as const }, { headers });
    return redirect(verifyPath(redirectTo), { status: 303, headers });
  }

  const code = submission.value.otp;
  const account = `otp:${step.purpose}:${step.recipient}`;
  await accountBackoff.check(account);
  let resetToken: string | null = null;
  try {
    if (step.purpose === "register") {
      await confirmRegistration(db, { userId: step.userId, recipient: step.recipient, code });
    } else {
      resetToken = await confirmResetCode(db, { recipient: step.recipient, code });
    }
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    await accountBackoff.failed(account);
    return data(replyWithError(submission, error, ["otp"]), { status: 400, headers: PRIVATE });
  }
  await accountBackoff.succeeded(account);

  if (resetToken) {
    session.unset("pendingReset");
    session.set("resetToken", resetToken);
    flashToast(session, { kind: "success", message: "auth:otp.confirmed" });
    const headers = { ...PRIVATE, "Set-Cookie": await commitSession(session) };
    if (viaDialog) return data({ next: "reset-password" as const }, { headers });
    return redirect("/reset-password", { status: 303, headers });
  }
  flashToast(session, { kind: "success", title: "auth:otp.verifiedTitle", message: "auth:otp.verified", duration: 3000 });
  const headers = { ...PRIVATE, "Set-Cookie": await commitSession(session) };
  if (viaDialog) return data({ next: "done" as const }, { headers });
  return redirect(redirectTo, { status: 303, headers });
}

export default function VerifyOtpPage() {
  const page = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  return (
    <div className="container-shop flex justify-center py-12">
      <section aria-labelledby="otp-title" className="w-full max-w-md rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <OtpForm
          purpose={page.purpose}
          shown={page.shown}
          remaining={page.remaining}
          countedAt={page.countedAt}
          minutes={page.minutes}
          redirectTo={page.redirectTo}
          lastResult={result && "status" in result ? result : undefined}
          busy={navigation.state === "submitting"}
          titleId="otp-title"
        />
      </section>
    </div>
  );
}
