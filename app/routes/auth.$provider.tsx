import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { shopContext } from "~/lib/context.server";
import { DomainError } from "~/lib/domain-error";
import { AUTH_POSTS_PER_IP, enforceLimit } from "~/lib/rate-limit.server";
import { redirectWithToast, safeRedirectPath } from "~/lib/session.server";
import { readySocialProvider } from "~/modules/auth/social.server";
import { beginSocialSignIn, savePendingSignIn, socialRedirectUri } from "~/modules/auth/social-oauth.server";
import { readForm } from "~/lib/forms.server";

/** A GET here (a bookmark, the back button) has nothing to start: the login page offers the buttons. */
export function loader() {
  return redirect("/login");
}

/**
 * "Continue with …" on the login form: starts the provider's sign-in (state, PKCE and nonce kept in a signed,
 * short-lived cookie) and sends the shopper to the provider. Unknown or inactive providers are 404.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const { settings } = await shopContext(request);
  const provider = readySocialProvider(params.provider, settings);
  if (!provider) throw new Response("Not Found", { status: 404 });
  await enforceLimit(`social:${context.clientIp ?? "unknown"}`, AUTH_POSTS_PER_IP);

  const redirectTo = safeRedirectPath((await readForm(request)).get("redirectTo"));
  try {
    const { url, pending } = await beginSocialSignIn(provider, settings, {
      redirectUri: socialRedirectUri(provider, settings, request.url),
      redirectTo,
    });
    return redirect(url.href, { status: 303, headers: { "Set-Cookie": await savePendingSignIn(pending) } });
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return redirectWithToast(request, `/login?redirectTo=${encodeURIComponent(redirectTo)}`, {
      kind: "error",
      title: "social:errors.title",
      message: error.message,
    });
  }
}
