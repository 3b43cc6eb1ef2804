import { createHmac, createPrivateKey, sign } from "node:crypto";
import { createCookie } from "@remix-run/node";
import * as oidc from "openid-client";
import { DomainError } from "~/lib/domain-error";
import { secureCookies, sessionSecrets } from "~/lib/secrets.server";
import type { Settings } from "~/modules/settings/settings.server";
import type { SocialProfile, SocialProvider } from "./social.server";

/**
 * The server-side OAuth 2 authorization code flow (openid-client, docs/decisions/0008-social-login.md):
 * state, PKCE for every provider, and for the OpenID Connect ones (Google, Apple) a nonce and a validated,
 * signature-checked ID token. Endpoints default to the real providers; the environment can point each one
 * elsewhere (the tests' local OAuth server).
 */

const SCOPES: Record<SocialProvider, string> = {
  google: "openid email profile",
  facebook: "public_profile email",
  apple: "openid name email",
};

/** A sign-in must come back within this time (the cookie that carries its state expires with it). */
const PENDING_SECONDS = 10 * 60;
const REQUEST_TIMEOUT_SECONDS = 10;

/** What the start of a sign-in leaves for its callback to check, in a signed cookie. */
export interface PendingSignIn {
  provider: SocialProvider;
  state: string;
  codeVerifier: string;
  /** OpenID Connect only: the ID token must carry it back. */
  nonce: string | null;
  /** Sent with the authorization request; the code exchange must send the very same. */
  redirectUri: string;
  /** Where the shopper goes once signed in (already a safe same-site path). */
  redirectTo: string;
  startedAt: number;
}

const pendingCookie = () =>
  createCookie("bazaar_social", {
    httpOnly: true,
    // Lax comes back on the provider's top-level GET redirect; Apple's cross-site POST is turned into one first.
    sameSite: "lax",
    secure: secureCookies(),
    path: "/auth",
    maxAge: PENDING_SECONDS,
    secrets: sessionSecrets(),
  });

export function savePendingSignIn(pending: PendingSignIn): Promise<string> {
  return pendingCookie().serialize(pending);
}

export function clearPendingSignIn(): Promise<string> {
  return pendingCookie().serialize("", { maxAge: 0 });
}

/** The pending sign-in of this browser, or null when there is none, it was tampered with, or it is too old. */
export async function readPendingSignIn(request: Request, now = Date.now()): Promise<PendingSignIn | null> {
  let value: unknown;
  try {
    value = await pendingCookie().parse(request.headers.get("Cookie"));
  } catch {
    return null;
  }
  if (!value || typeof value !== "object") return null;
  const pending = value as PendingSignIn;
  if (typeof pending.state !== "string" || typeof pending.startedAt !== "number") return null;
  return now - pending.startedAt <= PENDING_SECONDS * 1000 ? pending : null;
}

/** Where the provider sends the shopper back: Apple's registered redirect URL when set, else our own callback. */
export function socialRedirectUri(provider: SocialProvider, settings: Settings, requestUrl: string): string {
  if (provider === "apple" && settings.socialAuths.apple.redirect_url.trim()) return settings.socialAuths.apple.redirect_url.trim();
  return `${settings.baseUrl || new URL(requestUrl).origin}/auth/${provider}/callback`;
}

// ---- Provider configuration -------------------------------------------------------------------------------

const env = (name: string) => process.env[name]?.trim() || undefined;

const endpoints = {
  googleIssuer: () => env("OAUTH_GOOGLE_ISSUER") ?? "https://accounts.google.com",
  appleIssuer: () => env("OAUTH_APPLE_ISSUER") ?? "https://appleid.apple.com",
  facebook: () => ({
    authorize: env("OAUTH_FACEBOOK_AUTH_URL") ?? "https://www.facebook.com/v20.0/dialog/oauth",
    token: env("OAUTH_FACEBOOK_TOKEN_URL") ?? "https://graph.facebook.com/v20.0/oauth/access_token",
    profile: env("OAUTH_FACEBOOK_USERINFO_URL") ?? "https://graph.facebook.com/v20.0/me?fields=id,name,email",
  }),
};

/** Plain http is only ever allowed to this machine (a local test server); providers are reached over https. */
function isLoopbackHttp(url: string) {
  const { protocol, hostname } = new URL(url);
  return protocol === "http:" && ["localhost", "127.0.0.1", "[::1]"].includes(hostname);
}

/** Discovery documents, kept for an hour: they change rarely, and every sign-in would otherwise fetch one. */
const DISCOVERY_MS = 60 * 60 * 1000;
const discovered = new Map<string, { metadata: oidc.ServerMetadata; expires: number }>();

async function discoverIssuer(issuer: string, clientId: string): Promise<oidc.ServerMetadata> {
  const hit = discovered.get(issuer);
  if (hit && hit.expires > Date.now()) return hit.metadata;
  const config = await oidc.discovery(new URL(issuer), clientId, undefined, undefined, {
    execute: isLoopbackHttp(issuer) ? [oidc.allowInsecureRequests] : [],
    timeout: REQUEST_TIMEOUT_SECONDS,
  });
  // A plain copy: the library's helpers on the object do not survive being cloned into each sign-in's configuration.
  const metadata = JSON.parse(JSON.stringify(config.serverMetadata())) as oidc.ServerMetadata;
  discovered.set(issuer, { metadata, expires: Date.now() + DISCOVERY_MS });
  return metadata;
}

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");

/**
 * Apple's client secret is a JWT the shop signs (ES256) with its Sign in with Apple key: issued by the team,
 * about the client (Services ID), for Apple. Made per sign-in and short-lived, so no long-lived secret is kept.
 */
export function appleClientSecret(clientId: string, audience: string, now = Date.now(), source: Record<string, string | undefined> = process.env): string {
  const teamId = source.APPLE_TEAM_ID?.trim();
  const keyId = source.APPLE_KEY_ID?.trim();
  // A PEM in one line of .env keeps its line breaks as "\n".
  const privateKey = source.APPLE_PRIVATE_KEY?.replace(/\\n/g, "\n");
  if (!teamId || !keyId || !privateKey) throw new Error("APPLE_TEAM_ID, APPLE_KEY_ID and APPLE_PRIVATE_KEY must be set for Sign in with Apple");
  const issuedAt = Math.floor(now / 1000);
  const input = `${base64url({ alg: "ES256", kid: keyId, typ: "JWT" })}.${base64url({ iss: teamId, iat: issuedAt, exp: issuedAt + 300, aud: audience, sub: clientId })}`;
  const signature = sign("sha256", Buffer.from(input), { key: createPrivateKey(privateKey), dsaEncoding: "ieee-p1363" });
  return `${input}.${signature.toString("base64url")}`;
}

/** A fresh client configuration for one sign-in (so Apple's secret is new, and ID token keys are fetched anew). */
async function configurationFor(provider: SocialProvider, settings: Settings): Promise<oidc.Configuration> {
  const clientId = settings.socialAuths[provider].client_id.trim();
  let config: oidc.Configuration;
  let insecure: boolean;
  if (provider === "facebook") {
    const facebook = endpoints.facebook();
    const metadata: oidc.ServerMetadata = { issuer: new URL(facebook.authorize).origin, authorization_endpoint: facebook.authorize, token_endpoint: facebook.token };
    config = new oidc.Configuration(metadata, clientId, undefined, oidc.ClientSecretPost(env("FACEBOOK_CLIENT_SECRET")));
    insecure = [facebook.authorize, facebook.token, facebook.profile].every(isLoopbackHttp);
  } else {
    const issuer = provider === "google" ? endpoints.googleIssuer() : endpoints.appleIssuer();
    const metadata = await discoverIssuer(issuer, clientId);
    const secret = provider === "google" ? env("GOOGLE_CLIENT_SECRET") : appleClientSecret(clientId, issuer);
    config = new oidc.Configuration(metadata, clientId, undefined, oidc.ClientSecretPost(secret));
    // The ID token comes straight from the provider, yet its signature is checked too: cheap, and it keeps a
    // proxy or a misrouted endpoint from vouching for anyone.
    oidc.enableNonRepudiationChecks(config);
    insecure = isLoopbackHttp(issuer);
  }
  if (insecure) oidc.allowInsecureRequests(config);
  config.timeout = REQUEST_TIMEOUT_SECONDS;
  return config;
}

// ---- The flow ---------------------------------------------------------------------------------------------

/** Starts a sign-in: the provider's authorization URL, and what its callback must find again. */
export async function beginSocialSignIn(
  provider: SocialProvider,
  settings: Settings,
  { redirectUri, redirectTo }: { redirectUri: string; redirectTo: string },
  now = Date.now(),
): Promise<{ url: URL; pending: PendingSignIn }> {
  let config: oidc.Configuration;
  try {
    config = await configurationFor(provider, settings);
  } catch (error) {
    console.error(`Social login with ${provider} could not start:`, error);
    throw new DomainError("social:errors.failed");
  }
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = provider === "facebook" ? null : oidc.randomNonce();
  const parameters: Record<string, string> = {
    redirect_uri: redirectUri,
    scope: SCOPES[provider],
    state,
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: "S256",
  };
  if (nonce) parameters.nonce = nonce;
  // Apple sends the name and email only with response_mode=form_post (a POST back to the callback).
  if (provider === "apple") parameters.response_mode = "form_post";
  return {
    url: oidc.buildAuthorizationUrl(config, parameters),
    pending: { provider, state, codeVerifier, nonce, redirectUri, redirectTo, startedAt: now },
  };
}

/** Apple's `user` field (first sign-in only): {"name":{"firstName","lastName"},"email"}. */
function appleName(user: string | null): string | null {
  if (!user) return null;
  try {
    const name = (JSON.parse(user) as { name?: { firstName?: unknown; lastName?: unknown } }).name;
    const parts = [name?.firstName, name?.lastName].filter((part): part is string => typeof part === "string" && part.trim() !== "");
    return parts.length ? parts.join(" ").trim() : null;
  } catch {
    return null;
  }
}

const stringClaim = (value: unknown) => (typeof value === "string" && value.trim() ? value.trim() : null);

/**
 * Finishes a sign-in from the provider's answer (the callback's query): the state must match this browser's
 * pending sign-in, the code is exchanged with the PKCE verifier, and the ID token (issuer, audience, nonce, expiry,
 * signature) or Facebook's profile tells who signed in. Every failure is a DomainError for a toast.
 */
export async function completeSocialSignIn(
  provider: SocialProvider,
  settings: Settings,
  pending: PendingSignIn | null,
  answer: URLSearchParams,
): Promise<SocialProfile> {
  const error = answer.get("error");
  // access_denied: the shopper said no (Apple: user_cancelled_authorize).
  if (error) throw new DomainError(error === "access_denied" || error === "user_cancelled_authorize" ? "social:errors.cancelled" : "social:errors.failed");
  if (!pending || pending.provider !== provider || answer.get("state") !== pending.state) throw new DomainError("social:errors.expired");

  // The provider's answer as it reached our redirect URI: the code exchange sends that URI again.
  const callback = new URL(pending.redirectUri);
  for (const key of ["code", "state", "iss"]) {
    const value = answer.get(key);
    if (value !== null) callback.searchParams.set(key, value);
  }
  try {
    const config = await configurationFor(provider, settings);
    const tokens = await oidc.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: pending.codeVerifier,
      expectedState: pending.state,
      expectedNonce: pending.nonce ?? undefined,
      idTokenExpected: provider !== "facebook",
    });
    if (provider === "facebook") return await facebookProfile(config, tokens.access_token);
    const claims = tokens.claims();
    if (!claims) throw new Error("no ID token");
    return {
      subject: claims.sub,
      email: stringClaim(claims.email),
      // Apple writes the flag as a string.
      emailVerified: claims.email_verified === true || claims.email_verified === "true",
      name: provider === "apple" ? appleName(answer.get("user")) : stringClaim(claims.name),
    };
  } catch (failure) {
    console.error(`Social login with ${provider} failed:`, failure);
    throw new DomainError("social:errors.failed");
  }
}

/**
 * Facebook is plain OAuth 2: the profile comes from the Graph API, with the app secret proof Facebook asks of
 * server calls. Facebook does not say whether the email was verified, so it never finds an existing account.
 */
async function facebookProfile(config: oidc.Configuration, accessToken: string): Promise<SocialProfile> {
  const url = new URL(endpoints.facebook().profile);
  url.searchParams.set("appsecret_proof", createHmac("sha256", env("FACEBOOK_CLIENT_SECRET") ?? "").update(accessToken).digest("hex"));
  const response = await oidc.fetchProtectedResource(config, accessToken, url, "GET");
  if (!response.ok) throw new Error(`Facebook profile answered ${response.status}`);
  const profile = (await response.json()) as { id?: unknown; name?: unknown; email?: unknown };
  const subject = typeof profile.id === "string" || typeof profile.id === "number" ? String(profile.id) : "";
  if (!subject) throw new Error("Facebook profile without an id");
  return { subject, email: stringClaim(profile.email), emailVerified: false, name: stringClaim(profile.name) };
}
