import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestDatabase, describeEachDatabase, type TestDatabase } from "../../../tests/integration/support/databases";
import { DomainError } from "~/lib/domain-error";
import type { Settings } from "~/modules/settings/settings.server";
import { getSettings } from "~/modules/settings/settings.server";
import { activeSocialProviders, findOrCreateSocialUser, readySocialProvider, type SocialProfile } from "./social.server";

const google = (profile: Partial<SocialProfile> = {}): SocialProfile => ({
  subject: "google-sub-1",
  email: "ada@example.com",
  emailVerified: true,
  name: "Ada Lovelace",
  ...profile,
});

async function domainError(promise: Promise<unknown>) {
  const error = await promise.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(DomainError);
  return (error as DomainError).message;
}

describe("which social logins are offered", () => {
  const settingsWith = (socialAuths: Settings["socialAuths"]) => ({ socialAuths }) as Settings;
  const all = settingsWith({
    google: { is_active: true, client_id: "g-id" },
    facebook: { is_active: true, client_id: "fb-id" },
    apple: { is_active: true, client_id: "apple-id", redirect_url: "" },
  });
  const secrets = { GOOGLE_CLIENT_SECRET: "s", FACEBOOK_CLIENT_SECRET: "s", APPLE_TEAM_ID: "t", APPLE_KEY_ID: "k", APPLE_PRIVATE_KEY: "p" };

  it("lists the active providers with a client id and a server secret, in the spec's order", () => {
    expect(activeSocialProviders(all, secrets)).toEqual(["google", "facebook", "apple"]);
    expect(
      activeSocialProviders(
        settingsWith({
          google: { is_active: false, client_id: "g-id" },
          facebook: { is_active: true, client_id: " " },
          apple: { is_active: true, client_id: "apple-id", redirect_url: "" },
        }),
        secrets,
      ),
    ).toEqual(["apple"]);
  });

  it("hides a provider whose secret the server lacks (its sign-in could never finish)", () => {
    expect(activeSocialProviders(all, { GOOGLE_CLIENT_SECRET: "s", APPLE_TEAM_ID: "t" })).toEqual(["google"]);
  });

  it("knows only the three providers", () => {
    expect(readySocialProvider("google", all, secrets)).toBe("google");
    expect(readySocialProvider("twitter", all, secrets)).toBeNull();
    expect(readySocialProvider(undefined, all, secrets)).toBeNull();
  });
});

describeEachDatabase("finding the account of a social sign-in", (kind) => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await test?.drop();
  });
  beforeEach(async () => {
    await test.db.deleteFrom("users").execute();
  });

  async function addUser(email: string, { verified = true, active = 1 as 0 | 1 } = {}) {
    const now = new Date().toISOString();
    const { id } = await test.db
      .insertInto("users")
      .values({ name: "Existing", email, password_hash: "hash", email_verified_at: verified ? now : null, is_active: active, created_at: now, updated_at: now })
      .returning("id")
      .executeTakeFirstOrThrow();
    return id;
  }
  const user = (id: number) => test.db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const links = () => test.db.selectFrom("social_accounts").select(["provider", "subject", "user_id", "email"]).orderBy("id").execute();
  const userCount = async () => (await test.db.selectFrom("users").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n;

  it("creates an account without a password on first sign-in, email verified, and finds it again by (provider, subject)", async () => {
    const id = await findOrCreateSocialUser(test.db, "google", google());
    const created = await user(id);
    expect(created).toMatchObject({ name: "Ada Lovelace", email: "ada@example.com", password_hash: null, is_active: 1 });
    expect(created.email_verified_at).not.toBeNull();
    expect(await links()).toEqual([{ provider: "google", subject: "google-sub-1", user_id: id, email: "ada@example.com" }]);

    // The provider's id is what counts: a new email or name at the provider is still the same shopper.
    expect(await findOrCreateSocialUser(test.db, "google", google({ email: "ada@new.example", name: "Ada K." }))).toBe(id);
    expect((await user(id)).name).toBe("Ada Lovelace");
    expect(await userCount()).toBe(1);
    // The same subject at another provider is someone else's id there: not this account.
    expect(await domainError(findOrCreateSocialUser(test.db, "apple", google({ emailVerified: false })))).toBe("social:errors.emailTaken");
  });

  it("links an existing account by an email the provider verified, whatever its case", async () => {
    const id = await addUser("ada@example.com");
    expect(await findOrCreateSocialUser(test.db, "google", google({ email: "Ada@Example.COM" }))).toBe(id);
    expect(await links()).toEqual([{ provider: "google", subject: "google-sub-1", user_id: id, email: "ada@example.com" }]);
    // The account keeps its password: it was already proven to be this address's.
    expect((await user(id)).password_hash).toBe("hash");
    expect(await userCount()).toBe(1);
  });

  it("links an account whose email was never verified, dropping its password and sign-ins", async () => {
    const id = await addUser("ada@example.com", { verified: false });
    const now = new Date();
    await test.db
      .insertInto("user_sessions")
      .values({ token_hash: "someone-elses", user_id: id, created_at: now.toISOString(), last_seen_at: now.toISOString(), expires_at: new Date(now.getTime() + 3600_000).toISOString() })
      .execute();
    expect(await findOrCreateSocialUser(test.db, "google", google(), now)).toBe(id);
    expect(await user(id)).toMatchObject({ password_hash: null, email_verified_at: now.toISOString() });
    expect(await test.db.selectFrom("user_sessions").select("token_hash").where("user_id", "=", id).execute()).toEqual([]);
  });

  it("refuses to link by an email the provider does not vouch for, and creates nothing", async () => {
    const id = await addUser("ada@example.com");
    expect(await domainError(findOrCreateSocialUser(test.db, "facebook", google({ subject: "fb-1", emailVerified: false })))).toBe("social:errors.emailTaken");
    expect(await links()).toEqual([]);
    expect(await userCount()).toBe(1);
    expect((await user(id)).password_hash).toBe("hash");
  });

  it("creates a separate account for an unverified email nobody has, its email left unverified", async () => {
    const id = await findOrCreateSocialUser(test.db, "facebook", { subject: "fb-2", email: "grace@example.com", emailVerified: false, name: "Grace Hopper" });
    expect(await user(id)).toMatchObject({ name: "Grace Hopper", email: "grace@example.com", email_verified_at: null });
  });

  it("names a nameless account after its email, and needs a name or an email", async () => {
    const id = await findOrCreateSocialUser(test.db, "apple", { subject: "apple-1", email: "relay123@privaterelay.appleid.com", emailVerified: true, name: null });
    expect((await user(id)).name).toBe("relay123");
    const phoneOnly = await findOrCreateSocialUser(test.db, "facebook", { subject: "fb-3", email: null, emailVerified: false, name: "Phone Person" });
    expect(await user(phoneOnly)).toMatchObject({ name: "Phone Person", email: null });
    expect(await domainError(findOrCreateSocialUser(test.db, "facebook", { subject: "fb-4", email: null, emailVerified: false, name: " " }))).toBe("social:errors.incompleteProfile");
  });

  it("never signs in to a closed account", async () => {
    await addUser("ada@example.com", { active: 0 });
    expect(await domainError(findOrCreateSocialUser(test.db, "google", google()))).toBe("social:errors.accountClosed");
    expect(await links()).toEqual([]);
  });

  it("reads its client ids from the shop's settings", async () => {
    const settings = await getSettings(test.db);
    expect(activeSocialProviders(settings, {})).toEqual([]);
  });
});
