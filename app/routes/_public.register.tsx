import { parseWithZod } from "@conform-to/zod";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, useNavigation, type ShouldRevalidateFunction } from "@remix-run/react";
import { RegisterForm } from "~/components/auth/register-form";
import { shopContext } from "~/lib/context.server";
import { DomainError, replyWithError } from "~/lib/domain-error";
import { pageTitle } from "~/lib/seo";
import { AUTH_POSTS_PER_IP, enforceLimit } from "~/lib/rate-limit.server";
import { commitSession, flashToast, safeRedirectPath } from "~/lib/session.server";
import { registerSchema } from "~/modules/auth/register.schema";
import { listCountries, pendingRegistrationCode, registerAccount } from "~/modules/auth/register.server";
import { sendCode } from "~/modules/auth/send-code.server";
import { startSignIn } from "~/modules/auth/sessions.server";
import { readForm } from "~/lib/forms.server";

export const handle = { i18n: ["auth"] };

export async function loader({ request }: LoaderFunctionArgs) {
  const { db, user, t, settings } = await shopContext(request);
  const redirectTo = safeRedirectPath(new URL(request.url).searchParams.get("redirectTo"));
  if (user) throw redirect(redirectTo);
  const { phoneRequired, phoneMinLength, phoneMaxLength } = settings;
  return {
    title: t("auth:register.title"),
    redirectTo,
    countries: await listCountries(db),
    rules: { phoneRequired, phoneMinLength, phoneMaxLength },
  };
}

/** As on /login: after a successful registration this page's loader would only redirect. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod ? false : defaultShouldRevalidate;

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(matches, data?.title);

/**
 * Creates the account and signs the shopper in (spec §4 Registration success). With register_otp_verify on,
 * a code goes to the new phone (or e-mail) and the shopper confirms it on /verify-otp, signed in meanwhile.
 * From the dialog (via=dialog) that next step is answered as data, so the dialog shows it in place.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  await enforceLimit(`register:${context.clientIp ?? "unknown"}`, AUTH_POSTS_PER_IP);
  const { db, session, settings, t } = await shopContext(request);
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: registerSchema(settings) });
  if (submission.status !== "success") return data(submission.reply({ hideFields: ["password"] }), { status: 400 });

  const { name, country, phone, email, password, redirectTo } = submission.value;
  let userId: number;
  try {
    userId = await registerAccount(db, { name, countryId: country, phone, email, password });
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return data(replyWithError(submission, error, ["password"]), { status: 400 });
  }
  await startSignIn(db, session, userId);
  const next = safeRedirectPath(redirectTo);
  const headers = async () => ({ "Set-Cookie": await commitSession(session) });

  const target = settings.registerOtpVerify ? await pendingRegistrationCode(db, userId, settings.registerOtpType) : null;
  if (!target) {
    flashToast(session, { kind: "success", title: "auth:register.successTitle", message: "auth:register.success", duration: 3000 });
    return redirect(next, { status: 303, headers: await headers() });
  }

  flashToast(session, { kind: "success", title: "auth:register.successTitle", message: "auth:register.codeSent", duration: 3000 });
  try {
    await sendCode({ db, appEnv: settings.appEnv, appName: settings.appName, t }, { purpose: "register", ...target, userId });
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    // The account exists and is signed in: the code page offers Resend OTP at once.
    flashToast(session, { kind: "error", message: error.message });
  }
  const verifyPath = `/verify-otp?redirectTo=${encodeURIComponent(next)}`;
  if (formData.get("via") === "dialog") return data({ next: "verify-otp" as const, redirectTo: next }, { headers: await headers() });
  return redirect(verifyPath, { status: 303, headers: await headers() });
}

export default function RegisterPage() {
  const { redirectTo, countries, rules } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const navigation = useNavigation();
  return (
    <div className="container-shop flex justify-center py-12">
      <section aria-labelledby="register-title" className="w-full max-w-md rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <RegisterForm
          lastResult={lastResult && "status" in lastResult ? lastResult : undefined}
          countries={countries}
          rules={rules}
          redirectTo={redirectTo}
          busy={navigation.state === "submitting"}
          titleId="register-title"
        />
      </section>
    </div>
  );
}
