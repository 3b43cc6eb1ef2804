import { sql } from "kysely";
import type { Db } from "~/lib/db.server";
import { DomainError } from "~/lib/domain-error";
import type { Settings } from "~/modules/settings/settings.server";
import { endEverySignIn } from "./sessions.server";

export const SOCIAL_PROVIDERS = ["google", "facebook", "apple"] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

export function isSocialProvider(value: unknown): value is SocialProvider {
  return (SOCIAL_PROVIDERS as readonly unknown[]).includes(value);
}

/** Who the provider says signed in: its stable id for them, and what it shares of their name and email. */
export interface SocialProfile {
  subject: string;
  email: string | null;
  /** Only a provider's own word that the address is verified lets it find an existing account. */
  emailVerified: boolean;
  name: string | null;
}

/** The server-side credentials each provider needs besides the client id kept in settings. */
const SERVER_CREDENTIALS: Record<SocialProvider, string[]> = {
  google: ["GOOGLE_CLIENT_SECRET"],
  facebook: ["FACEBOOK_CLIENT_SECRET"],
  apple: ["APPLE_TEAM_ID", "APPLE_KEY_ID", "APPLE_PRIVATE_KEY"],
};
const warned = new Set<SocialProvider>();
type Environment = Record<string, string | undefined>;

/**
 * Whether a provider's button is shown and its sign-in accepted: active in settings with a client id, and its
 * secret configured on the server. An active provider without its secret could never finish a sign-in, so it
 * stays hidden and the operator is told once in the log.
 */
export function socialProviderReady(provider: SocialProvider, settings: Settings, env: Environment = process.env): boolean {
  const config = settings.socialAuths[provider];
  if (!config.is_active || !config.client_id.trim()) return false;
  const missing = SERVER_CREDENTIALS[provider].filter((name) => !env[name]);
  if (missing.length && !warned.has(provider)) {
    warned.add(provider);
    console.warn(`Social login with ${provider} is active in settings but ${missing.join(", ")} ${missing.length > 1 ? "are" : "is"} not set: its button is hidden.`);
  }
  return missing.length === 0;
}

/** The providers whose buttons the login form shows, in the spec's order. */
export function activeSocialProviders(settings: Settings, env: Environment = process.env): SocialProvider[] {
  return SOCIAL_PROVIDERS.filter((provider) => socialProviderReady(provider, settings, env));
}

/** A provider named in a URL that may be used now, or null (the route answers 404). */
export function readySocialProvider(name: string | undefined, settings: Settings, env: Environment = process.env): SocialProvider | null {
  return isSocialProvider(name) && socialProviderReady(name, settings, env) ? name : null;
}

const normalEmail = (email: string | null) => email?.trim().toLowerCase() || null;

async function linkedUser(db: Db, provider: SocialProvider, subject: string) {
  return db
    .selectFrom("social_accounts as s")
    .innerJoin("users as u", "u.id", "s.user_id")
    .select(["u.id", "u.is_active"])
    .where("s.provider", "=", provider)
    .where("s.subject", "=", subject)
    .executeTakeFirst();
}

/**
 * The account a provider's sign-in belongs to, linking or creating it on first use:
 * 1. an account already linked to (provider, subject) — the provider's stable id, whatever the email now is;
 * 2. else the account with the same email, only when the provider says the email is verified. If that account's
 *    own email was never verified, whoever registered it had not proved the address was theirs: its password and
 *    sign-ins are dropped, so a stranger who registered the address first cannot share the account;
 * 3. else a new account (no password), its email verified when the provider says so.
 * An email that belongs to an account but that the provider does not vouch for links nothing and creates nothing
 * (the address is taken): the shopper logs in with their password instead.
 */
export async function findOrCreateSocialUser(db: Db, provider: SocialProvider, profile: SocialProfile, now = new Date()): Promise<number> {
  const subject = profile.subject.trim();
  if (!subject) throw new DomainError("social:errors.failed");
  const linked = await linkedUser(db, provider, subject);
  if (linked) {
    if (linked.is_active !== 1) throw new DomainError("social:errors.accountClosed");
    return linked.id;
  }

  const email = normalEmail(profile.email);
  const at = now.toISOString();
  try {
    return await db.transaction().execute(async (trx) => {
      const existing = email
        ? await trx
            .selectFrom("users")
            .select(["id", "is_active", "email_verified_at"])
            .where(sql<string>`lower(email)`, "=", email)
            .executeTakeFirst()
        : undefined;
      if (existing) {
        if (!profile.emailVerified) throw new DomainError("social:errors.emailTaken");
        if (existing.is_active !== 1) throw new DomainError("social:errors.accountClosed");
        if (!existing.email_verified_at) {
          await trx.updateTable("users").set({ email_verified_at: at, password_hash: null, updated_at: at }).where("id", "=", existing.id).execute();
          await endEverySignIn(trx, existing.id);
        }
        await trx.insertInto("social_accounts").values({ provider, subject, user_id: existing.id, email, created_at: at }).execute();
        return existing.id;
      }

      const name = profile.name?.trim() || email?.split("@")[0];
      if (!name) throw new DomainError("social:errors.incompleteProfile");
      const user = await trx
        .insertInto("users")
        .values({
          name: name.slice(0, 191),
          email,
          password_hash: null,
          email_verified_at: email && profile.emailVerified ? at : null,
          created_at: at,
          updated_at: at,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      await trx.insertInto("social_accounts").values({ provider, subject, user_id: user.id, email, created_at: at }).execute();
      return user.id;
    });
  } catch (error) {
    // Two callbacks of the same person at once: the one that lost the race finds the account the other made.
    if (error instanceof DomainError) throw error;
    const raced = await linkedUser(db, provider, subject);
    if (raced?.is_active === 1) return raced.id;
    throw error;
  }
}
