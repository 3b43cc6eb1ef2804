import { parseWithZod } from "@conform-to/zod";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useNavigation, type ShouldRevalidateFunction } from "@remix-run/react";
import { ResetForm } from "~/components/auth/reset-form";
import { shopContext } from "~/lib/context.server";
import { DomainError } from "~/lib/domain-error";
import { pageTitle } from "~/lib/seo";
import { AUTH_POSTS_PER_IP, enforceLimit } from "~/lib/rate-limit.server";
import { commitSession, flashToast, type ShopSession } from "~/lib/session.server";
import { resetSchema } from "~/modules/auth/otp.schema";
import { resetPassword, resetTokenValid } from "~/modules/auth/password-reset.server";
import { readForm } from "~/lib/forms.server";

export const handle = { i18n: ["auth"] };

const PRIVATE = { "Cache-Control": "private, no-store" };

/** Without a valid reset token in the session the shopper starts again, told why. */
async function startAgain(session: ShopSession) {
  session.unset("resetToken");
  flashToast(session, { kind: "error", message: "auth:reset.expired" });
  return redirect("/forgot-password", { status: 303, headers: { ...PRIVATE, "Set-Cookie": await commitSession(session) } });
}

export async function loader({ request }: LoaderFunctionArgs) {
  const { db, session, t } = await shopContext(request);
  if (!(await resetTokenValid(db, session.get("resetToken")))) throw await startAgain(session);
  return data({ title: t("auth:reset.title") }, { headers: PRIVATE });
}

/** A refused form answers itself; reloading would only repeat the token check. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod ? false : defaultShouldRevalidate;

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(matches, data?.title);

/**
 * Step 3 (spec §7 POST /reset-password): the new password with the session's token. Every sign-in of the
 * account ends (this browser's too); the shopper logs in again with the new password (spec §4).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  await enforceLimit(`otp:${context.clientIp ?? "unknown"}`, AUTH_POSTS_PER_IP);
  const { db, session } = await shopContext(request);
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: resetSchema });
  if (submission.status !== "success") {
    return data(submission.reply({ hideFields: ["password", "password_confirmation"] }), { status: 400, headers: PRIVATE });
  }
  const token = session.get("resetToken");
  try {
    if (!token) throw new DomainError("auth:errors.resetExpired");
    await resetPassword(db, { token, password: submission.value.password });
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return startAgain(session);
  }
  session.unset("resetToken");
  session.unset("signIn");
  flashToast(session, { kind: "success", title: "auth:reset.successTitle", message: "auth:reset.success" });
  const headers = { ...PRIVATE, "Set-Cookie": await commitSession(session) };
  if (formData.get("via") === "dialog") return data({ next: "login" as const }, { headers });
  return redirect("/login", { status: 303, headers });
}

export default function ResetPasswordPage() {
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  return (
    <div className="container-shop flex justify-center py-12">
      <section aria-labelledby="reset-title" className="w-full max-w-md rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <ResetForm lastResult={result && "status" in result ? result : undefined} busy={navigation.state === "submitting"} titleId="reset-title" />
      </section>
    </div>
  );
}
