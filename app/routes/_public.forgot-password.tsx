import { parseWithZod } from "@conform-to/zod";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, useNavigation, type ShouldRevalidateFunction } from "@remix-run/react";
import { ForgotForm } from "~/components/auth/forgot-form";
import { shopContext } from "~/lib/context.server";
import { DomainError, replyWithError } from "~/lib/domain-error";
import { pageTitle } from "~/lib/seo";
import { AUTH_POSTS_PER_IP, enforceLimit } from "~/lib/rate-limit.server";
import { commitSession } from "~/lib/session.server";
import { forgotSchema } from "~/modules/auth/otp.schema";
import { startPasswordReset } from "~/modules/auth/password-reset.server";
import { listCountries } from "~/modules/auth/register.server";
import { readForm } from "~/lib/forms.server";

export const handle = { i18n: ["auth"] };

/** For guests: a signed-in shopper changes the password in the account area. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { db, user, t } = await shopContext(request);
  if (user) throw redirect("/");
  return { title: t("auth:forgot.title"), countries: await listCountries(db) };
}

/** The countries do not change with a form; after a sign-in this loader would only redirect. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod ? false : defaultShouldRevalidate;

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(matches, data?.title);

/**
 * Step 1 (spec §7 POST /send-otp with forgot_password): a code by the forgotOtpType channel, then the code
 * page. The answer is the same whether or not an account exists.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  await enforceLimit(`otp:${context.clientIp ?? "unknown"}`, AUTH_POSTS_PER_IP);
  const { db, session, settings, t, user } = await shopContext(request);
  if (user) throw redirect("/", { status: 303 });
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: forgotSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  try {
    const pending = await startPasswordReset(
      { db, appEnv: settings.appEnv, appName: settings.appName, t },
      { login: submission.value.phone, countryId: submission.value.country, preferred: settings.forgotOtpType },
    );
    session.set("pendingReset", pending);
    session.unset("resetToken");
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return data(replyWithError(submission, error), { status: 400 });
  }
  const headers = { "Set-Cookie": await commitSession(session), "Cache-Control": "private, no-store" };
  if (formData.get("via") === "dialog") return data({ next: "verify-otp" as const }, { headers });
  return redirect("/verify-otp", { status: 303, headers });
}

export default function ForgotPasswordPage() {
  const { countries } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  return (
    <div className="container-shop flex justify-center py-12">
      <section aria-labelledby="forgot-title" className="w-full max-w-md rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <ForgotForm
          lastResult={result && "status" in result ? result : undefined}
          countries={countries}
          busy={navigation.state === "submitting"}
          titleId="forgot-title"
        />
      </section>
    </div>
  );
}
