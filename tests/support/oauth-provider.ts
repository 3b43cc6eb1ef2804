import { OAuth2Server } from "oauth2-mock-server";

/** Who the test provider says signs in, as an OpenID Connect provider states it in the ID token. */
export interface TestIdentity {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
}

interface IssuedCode {
  identity: TestIdentity;
  clientId: string;
  redirectUri: string;
}

/**
 * A real OAuth 2 / OpenID Connect server on this machine for the tests (oauth2-mock-server: discovery, JWKS,
 * RS256-signed ID tokens with the request's nonce, S256 PKCE), made stricter where a real provider is: a code is
 * single-use, bound to its client and redirect URI, and only exchanged with its PKCE verifier. Its authorize
 * endpoint approves at once as `identity`, or refuses consent when told to.
 */
export class TestOAuthProvider {
  private readonly server = new OAuth2Server();
  private readonly codes = new Map<string, IssuedCode>();
  private readonly identities = new Map<string, TestIdentity>();
  private refuseNext = false;
  /** The identity the next approvals sign in as. */
  identity: TestIdentity = { sub: "test-user", email: "test-user@example.com", email_verified: true, name: "Test User" };
  /** Every token request's form, newest last (what the shop sent: client credentials, verifier …). */
  readonly tokenRequests: Record<string, string>[] = [];

  get issuer(): string {
    return this.server.issuer.url!;
  }

  /** The next authorization is refused, as when the shopper clicks "Cancel" at the provider. */
  refuseConsent() {
    this.refuseNext = true;
  }

  async start(port: number) {
    await this.server.issuer.keys.generate("RS256");
    const service = this.server.service;

    service.on("beforeAuthorizeRedirect", ({ url }, req) => {
      const query = new URL(req.url ?? "/", "http://provider").searchParams;
      const code = url.searchParams.get("code");
      if (this.refuseNext) {
        this.refuseNext = false;
        url.searchParams.delete("code");
        url.searchParams.set("error", "access_denied");
        return;
      }
      if (!code) return;
      this.codes.set(code, { identity: { ...this.identity }, clientId: query.get("client_id") ?? "", redirectUri: query.get("redirect_uri") ?? "" });
      this.identities.set(this.identity.sub, { ...this.identity });
      // A real provider requires PKCE of public-facing clients; this one requires it of everyone.
      if (query.get("code_challenge_method") !== "S256" || !query.get("code_challenge")) {
        this.codes.delete(code);
        url.searchParams.delete("code");
        url.searchParams.set("error", "invalid_request");
      }
    });

    service.on("beforeResponse", (response, req) => {
      const body = req.body as Record<string, string>;
      this.tokenRequests.push({ ...body });
      if (body.grant_type !== "authorization_code") return;
      const issued = this.codes.get(body.code);
      this.codes.delete(body.code);
      const refused = !issued || !body.code_verifier || issued.clientId !== body.client_id || issued.redirectUri !== body.redirect_uri;
      if (refused) {
        response.statusCode = 400;
        response.body = { error: "invalid_grant" };
      }
    });

    service.on("beforeTokenSigning", (token, req) => {
      const issued = this.codes.get((req.body as Record<string, string>).code ?? "");
      if (!issued) return;
      const { sub, ...claims } = issued.identity;
      token.payload.sub = sub;
      Object.assign(token.payload, claims);
    });

    // The userinfo endpoint also answers as Facebook's Graph API /me does (id, name, email).
    service.on("beforeUserinfo", (response, req) => {
      const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? "")?.[1];
      const sub = bearer ? (JSON.parse(Buffer.from(bearer.split(".")[1] ?? "", "base64url").toString() || "{}") as { sub?: string }).sub : undefined;
      const identity = sub ? this.identities.get(sub) : undefined;
      if (!identity) {
        response.statusCode = 401;
        response.body = { error: "invalid_token" };
        return;
      }
      response.body = { ...identity, id: identity.sub };
    });

    // The issuer as the shop is told it (the library would say "localhost", which a strict client tells apart).
    this.server.issuer.url = `http://127.0.0.1:${port}`;
    await this.server.start(port, "127.0.0.1");
    return this;
  }

  async stop() {
    await this.server.stop();
  }
}
