import { parseWithZod } from "@conform-to/zod";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, useNavigation, type ShouldRevalidateFunction } from "@remix-run/react";
import { LoginForm } from "~/components/auth/login-form";
import { shopContext } from "~/lib/context.server";
import { DomainError, replyWithError } from "~/lib/domain-error";
import { pageTitle } from "~/lib/seo";
import { accountBackoff, AUTH_POSTS_PER_IP, enforceLimit } from "~/lib/rate-limit.server";
import { isConsoleUser } from "~/modules/console/staff.server";
import { commitSession, flashToast, safeRedirectPath } from "~/lib/session.server";
import { loginSchema } from "~/modules/auth/auth.schema";
import { authenticate } from "~/modules/auth/login.server";
import { startSignIn } from "~/modules/auth/sessions.server";
import { DEMO_LOGIN } from "~/modules/auth/demo.server";
import { activeSocialProviders } from "~/modules/auth/social.server";
import { readForm } from "~/lib/forms.server";

export const handle = { i18n: ["auth", "social"] };

export async function loader({ request }: LoaderFunctionArgs) {
  const { user, t, settings } = await shopContext(request);
  const redirectTo = safeRedirectPath(new URL(request.url).searchParams.get("redirectTo"));
  if (user) throw redirect(redirectTo);
  return {
    title: t("auth:login.title"),
    redirectTo,
    demo: settings.appEnv === "local" ? DEMO_LOGIN : null,
    socialProviders: activeSocialProviders(settings),
  };
}

/**
 * A form answer never changes this page's data; reloading it after a successful sign-in would answer with a
 * redirect (the shopper is signed in now) and load the page a second time, dropping the welcome toast.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod ? false : defaultShouldRevalidate;

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(matches, data?.title);

export async function action({ request, context }: ActionFunctionArgs) {
  await enforceLimit(`login:${context.clientIp ?? "unknown"}`, AUTH_POSTS_PER_IP);
  const { db, session } = await shopContext(request);
  const submission = parseWithZod(await readForm(request), { schema: loginSchema });
  if (submission.status !== "success") return data(submission.reply({ hideFields: ["password"] }), { status: 400 });

  const account = `login:${submission.value.phone.toLowerCase()}`;
  await accountBackoff.check(account);
  let userId: number;
  try {
    userId = await authenticate(db, { login: submission.value.phone, password: submission.value.password });
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    await accountBackoff.failed(account);
    return data(replyWithError(submission, error, ["password"]), { status: 400 });
  }
  await accountBackoff.succeeded(account);
  await startSignIn(db, session, userId);
  flashToast(session, { kind: "success", title: "auth:login.successTitle", message: "auth:login.success", duration: 3000 });
  const requested = safeRedirectPath(submission.value.redirectTo);
  const to = requested === "/" && (await isConsoleUser(db, userId)) ? "/shop-console" : requested;
  return redirect(to, { status: 303, headers: { "Set-Cookie": await commitSession(session) } });
}

export default function LoginPage() {
  const { redirectTo, demo, socialProviders } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const navigation = useNavigation();
  return (
    <div className="container-shop flex justify-center py-12">
      <section aria-labelledby="login-title" className="w-full max-w-md rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <LoginForm lastResult={lastResult} redirectTo={redirectTo} demo={demo} busy={navigation.state === "submitting"} titleId="login-title" socialProviders={socialProviders} />
      </section>
    </div>
  );
}
