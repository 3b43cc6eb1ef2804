import { generateKeyPairSync, verify } from "node:crypto";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../tests/integration/support/databases";
import { TestOAuthProvider } from "../../../tests/support/oauth-provider";
import { DomainError } from "~/lib/domain-error";
import { getSettings, type Settings } from "~/modules/settings/settings.server";
import type { SocialProvider } from "./social.server";
import {
  appleClientSecret,
  beginSocialSignIn,
  completeSocialSignIn,
  readPendingSignIn,
  savePendingSignIn,
  socialRedirectUri,
  type PendingSignIn,
} from "./social-oauth.server";

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

const appleKey = generateKeyPairSync("ec", { namedCurve: "P-256" });
const SHOP = "http://shop.test";

let provider: TestOAuthProvider;
let database: TestDatabase;
let settings: Settings;

beforeAll(async () => {
  // Every refused sign-in is logged for the operator; here they are the point of the tests.
  vi.spyOn(console, "error").mockImplementation(() => undefined);
  provider = await new TestOAuthProvider().start(await freePort());
  const issuer = provider.issuer;
  Object.assign(process.env, {
    SESSION_SECRET: "social-oauth-test",
    OAUTH_GOOGLE_ISSUER: issuer,
    OAUTH_APPLE_ISSUER: issuer,
    OAUTH_FACEBOOK_AUTH_URL: `${issuer}/authorize`,
    OAUTH_FACEBOOK_TOKEN_URL: `${issuer}/token`,
    OAUTH_FACEBOOK_USERINFO_URL: `${issuer}/userinfo?fields=id,name,email`,
    GOOGLE_CLIENT_SECRET: "google-secret",
    FACEBOOK_CLIENT_SECRET: "facebook-secret",
    APPLE_TEAM_ID: "TEAM123456",
    APPLE_KEY_ID: "KEY1234567",
    APPLE_PRIVATE_KEY: appleKey.privateKey.export({ format: "pem", type: "pkcs8" }).toString().replace(/\n/g, "\\n"),
  });
  database = await createTestDatabase("sqlite");
  const stored = await getSettings(database.db);
  settings = {
    ...stored,
    baseUrl: SHOP,
    socialAuths: {
      google: { is_active: true, client_id: "shop-google" },
      facebook: { is_active: true, client_id: "shop-facebook" },
      apple: { is_active: true, client_id: "shop.apple.services", redirect_url: "" },
    },
  };
});

afterAll(async () => {
  vi.restoreAllMocks();
  await provider?.stop();
  await database?.drop();
});

/** Plays the browser: follows the authorization URL to the provider, which answers with a redirect to the shop. */
async function authorize(url: URL): Promise<URLSearchParams> {
  const response = await fetch(url, { redirect: "manual" });
  expect(response.status).toBe(302);
  const back = new URL(response.headers.get("location")!);
  return back.searchParams;
}

async function begin(name: SocialProvider) {
  return beginSocialSignIn(name, settings, { redirectUri: socialRedirectUri(name, settings, `${SHOP}/auth/${name}`), redirectTo: "/shops" });
}

async function failure(promise: Promise<unknown>) {
  const error = await promise.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(DomainError);
  return (error as DomainError).message;
}

describe("social sign-in against a local OpenID Connect provider", () => {
  it("Google: state, nonce and S256 PKCE go out; the code comes back and the ID token says who signed in", async () => {
    provider.identity = { sub: "g-100", email: "ada@example.com", email_verified: true, name: "Ada Lovelace" };
    const { url, pending } = await begin("google");
    expect(url.origin).toBe(provider.issuer);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: "shop-google",
      response_type: "code",
      redirect_uri: `${SHOP}/auth/google/callback`,
      scope: "openid email profile",
      state: pending.state,
      nonce: pending.nonce,
      code_challenge_method: "S256",
    });
    expect(url.searchParams.get("code_challenge")).not.toBe(pending.codeVerifier);

    const answer = await authorize(url);
    expect(await completeSocialSignIn("google", settings, pending, answer)).toEqual({
      subject: "g-100",
      email: "ada@example.com",
      emailVerified: true,
      name: "Ada Lovelace",
    });
    expect(provider.tokenRequests.at(-1)).toMatchObject({
      grant_type: "authorization_code",
      client_id: "shop-google",
      client_secret: "google-secret",
      code_verifier: pending.codeVerifier,
      redirect_uri: `${SHOP}/auth/google/callback`,
    });

    // A code works once.
    expect(await failure(completeSocialSignIn("google", settings, pending, answer))).toBe("social:errors.failed");
  });

  it("refuses an answer with another state, for another provider, or with no sign-in pending", async () => {
    const { url, pending } = await begin("google");
    const answer = await authorize(url);
    expect(await failure(completeSocialSignIn("google", settings, { ...pending, state: "someone-else" }, answer))).toBe("social:errors.expired");
    expect(await failure(completeSocialSignIn("apple", settings, pending, answer))).toBe("social:errors.expired");
    expect(await failure(completeSocialSignIn("google", settings, null, answer))).toBe("social:errors.expired");
  });

  it("fails when the PKCE verifier or the nonce is not the pending sign-in's", async () => {
    const first = await begin("google");
    const stolen = await authorize(first.url);
    const other = await begin("google");
    // The code of one sign-in with the verifier of another: the provider refuses the exchange.
    expect(await failure(completeSocialSignIn("google", settings, { ...first.pending, codeVerifier: other.pending.codeVerifier }, stolen))).toBe("social:errors.failed");

    const second = await begin("google");
    const answer = await authorize(second.url);
    expect(await failure(completeSocialSignIn("google", settings, { ...second.pending, nonce: "not-the-one-sent" }, answer))).toBe("social:errors.failed");
  });

  it("tells a refused consent from a failure", async () => {
    const { url, pending } = await begin("google");
    provider.refuseConsent();
    const answer = await authorize(url);
    expect(answer.get("error")).toBe("access_denied");
    expect(await failure(completeSocialSignIn("google", settings, pending, answer))).toBe("social:errors.cancelled");
    expect(await failure(completeSocialSignIn("apple", settings, null, new URLSearchParams("error=user_cancelled_authorize")))).toBe("social:errors.cancelled");
    expect(await failure(completeSocialSignIn("google", settings, pending, new URLSearchParams("error=server_error")))).toBe("social:errors.failed");
  });

  it("Apple: form_post, a client secret signed with the shop's key, the name from Apple's first answer", async () => {
    provider.identity = { sub: "apple-7", email: "x7@privaterelay.appleid.com", email_verified: true };
    const { url, pending } = await begin("apple");
    expect(url.searchParams.get("response_mode")).toBe("form_post");
    expect(url.searchParams.get("scope")).toBe("openid name email");
    const answer = await authorize(url);
    answer.set("user", JSON.stringify({ name: { firstName: "Grace", lastName: "Hopper" }, email: "x7@privaterelay.appleid.com" }));
    expect(await completeSocialSignIn("apple", settings, pending, answer)).toEqual({
      subject: "apple-7",
      email: "x7@privaterelay.appleid.com",
      emailVerified: true,
      name: "Grace Hopper",
    });

    const secret = provider.tokenRequests.at(-1)!.client_secret!;
    const [header, payload, signature] = secret.split(".");
    const signed = verify("sha256", Buffer.from(`${header}.${payload}`), { key: appleKey.publicKey, dsaEncoding: "ieee-p1363" }, Buffer.from(signature, "base64url"));
    expect(signed).toBe(true);
    expect(JSON.parse(Buffer.from(header, "base64url").toString())).toMatchObject({ alg: "ES256", kid: "KEY1234567" });
    const claims = JSON.parse(Buffer.from(payload, "base64url").toString());
    expect(claims).toMatchObject({ iss: "TEAM123456", sub: "shop.apple.services", aud: provider.issuer });
    expect(claims.exp - claims.iat).toBeLessThanOrEqual(300);
  });

  it("Apple: a registered redirect URL in settings is the one sent", () => {
    const withRedirect = { ...settings, socialAuths: { ...settings.socialAuths, apple: { ...settings.socialAuths.apple, redirect_url: "https://shop.example.com/auth/apple/callback" } } };
    expect(socialRedirectUri("apple", withRedirect, "http://internal:3000/auth/apple")).toBe("https://shop.example.com/auth/apple/callback");
    expect(socialRedirectUri("google", { ...settings, baseUrl: "" }, "http://127.0.0.1:3000/auth/google")).toBe("http://127.0.0.1:3000/auth/google/callback");
  });

  it("Facebook: plain OAuth 2 with PKCE; the profile from the Graph API, its email never counted as verified", async () => {
    provider.identity = { sub: "10220", email: "fb@example.com", email_verified: true, name: "Face Book" };
    const { url, pending } = await begin("facebook");
    expect(pending.nonce).toBeNull();
    expect(url.searchParams.get("scope")).toBe("public_profile email");
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
    const answer = await authorize(url);
    expect(await completeSocialSignIn("facebook", settings, pending, answer)).toEqual({
      subject: "10220",
      email: "fb@example.com",
      emailVerified: false,
      name: "Face Book",
    });
    expect(provider.tokenRequests.at(-1)).toMatchObject({ client_id: "shop-facebook", client_secret: "facebook-secret", code_verifier: pending.codeVerifier });
  });

  it("a provider that cannot be reached fails the start, not the shop", async () => {
    const saved = process.env.OAUTH_GOOGLE_ISSUER;
    process.env.OAUTH_GOOGLE_ISSUER = `http://127.0.0.1:${await freePort()}`;
    try {
      expect(await failure(begin("google"))).toBe("social:errors.failed");
    } finally {
      process.env.OAUTH_GOOGLE_ISSUER = saved;
    }
    expect(() => appleClientSecret("id", "aud", Date.now(), {})).toThrow(/APPLE_TEAM_ID/);
  });
});

describe("the pending sign-in cookie", () => {
  const pending: PendingSignIn = {
    provider: "google",
    state: "s1",
    codeVerifier: "v1",
    nonce: "n1",
    redirectUri: `${SHOP}/auth/google/callback`,
    redirectTo: "/shops",
    startedAt: 1_000_000,
  };
  const requestWith = (setCookie: string) => new Request(`${SHOP}/auth/google/callback`, { headers: { Cookie: setCookie.split(";")[0] } });

  it("comes back as it was, for ten minutes", async () => {
    const cookie = await savePendingSignIn(pending);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\/auth/);
    expect(await readPendingSignIn(requestWith(cookie), pending.startedAt + 60_000)).toEqual(pending);
    expect(await readPendingSignIn(requestWith(cookie), pending.startedAt + 11 * 60_000)).toBeNull();
  });

  it("is refused when tampered with or absent", async () => {
    const cookie = await savePendingSignIn(pending);
    const [name, value] = cookie.split(";")[0].split("=");
    const forged = Buffer.from(JSON.stringify({ ...pending, state: "forged" })).toString("base64");
    expect(await readPendingSignIn(requestWith(`${name}=${encodeURIComponent(forged)}${value.slice(value.indexOf("."))}`), pending.startedAt)).toBeNull();
    expect(await readPendingSignIn(new Request(SHOP), pending.startedAt)).toBeNull();
  });
});
