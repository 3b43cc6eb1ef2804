import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { shopContext } from "~/lib/context.server";
import { DomainError } from "~/lib/domain-error";
import { commitSession, flashToast } from "~/lib/session.server";
import { findOrCreateSocialUser, readySocialProvider } from "~/modules/auth/social.server";
import { clearPendingSignIn, completeSocialSignIn, readPendingSignIn } from "~/modules/auth/social-oauth.server";
import { startSignIn } from "~/modules/auth/sessions.server";
import { readForm } from "~/lib/forms.server";

/**
 * The provider sends the shopper back here: the sign-in is checked and finished, the account found, linked or
 * created, and the shopper signed in and sent where they were going. Any failure (consent refused, an old or
 * foreign state, a failed exchange) goes back to the login page with an error toast.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { db, settings, session } = await shopContext(request);
  const provider = readySocialProvider(params.provider, settings);
  if (!provider) throw new Response("Not Found", { status: 404 });

  const pending = await readPendingSignIn(request);
  const redirectTo = pending?.redirectTo ?? "/";
  // The state is single-use: it goes whatever the outcome.
  const headers = new Headers({ "Set-Cookie": await clearPendingSignIn(), "Cache-Control": "private, no-store" });
  try {
    const profile = await completeSocialSignIn(provider, settings, pending, new URL(request.url).searchParams);
    const userId = await findOrCreateSocialUser(db, provider, profile);
    await startSignIn(db, session, userId);
    flashToast(session, { kind: "success", title: "auth:login.successTitle", message: "auth:login.success", duration: 3000 });
    headers.append("Set-Cookie", await commitSession(session));
    return redirect(redirectTo, { status: 303, headers });
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    flashToast(session, { kind: "error", title: "social:errors.title", message: error.message });
    headers.append("Set-Cookie", await commitSession(session));
    return redirect(`/login?redirectTo=${encodeURIComponent(redirectTo)}`, { status: 303, headers });
  }
}

/**
 * Apple answers with a cross-site POST (response_mode=form_post), which carries no SameSite=Lax cookie, so the
 * pending sign-in cannot be read here: the answer is passed on as a GET to this same URL, which does carry it.
 * Nothing is read from cookies or changed here (server.js lets exactly this POST through its cross-site check).
 */
export async function action({ request, params }: ActionFunctionArgs) {
  if (params.provider !== "apple") throw new Response("Not Found", { status: 404 });
  const form = await readForm(request);
  const answer = new URLSearchParams();
  for (const key of ["code", "state", "error", "user"]) {
    const value = form.get(key);
    if (typeof value === "string") answer.set(key, value);
  }
  return redirect(`/auth/apple/callback?${answer}`, { status: 303, headers: { "Cache-Control": "private, no-store" } });
}
