import { parseWithZod } from "@conform-to/zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, describeEachDatabase, type TestDatabase } from "../../../tests/integration/support/databases";
import enAuth from "../../../public/locales/en/auth.json";
import { DomainError } from "~/lib/domain-error";
import { translatorFor } from "~/lib/i18n.server";
import { getSession } from "~/lib/session.server";
import { authenticate } from "./login.server";
import { forgotSchema, otpSchema, resetSchema } from "./otp.schema";
import { issueCode } from "./otp.server";
import { confirmResetCode, createResetToken, RESET_TOKEN_TTL_MS, resetPassword, resetTokenValid, startPasswordReset } from "./password-reset.server";
import { verifyPassword } from "./password.server";
import { registerSchema, type PhoneRules } from "./register.schema";
import { confirmRegistration, pendingRegistrationCode, registerAccount, registrationCodeTarget } from "./register.server";
import { signedInUser, startSignIn } from "./sessions.server";

process.env.SESSION_SECRET ??= "register-test-secret";

const rules: PhoneRules = { phoneRequired: true, phoneMinLength: 9, phoneMaxLength: 16 };

function form(values: Record<string, string | string[]>) {
  const data = new FormData();
  for (const [key, value] of Object.entries(values)) {
    if (Array.isArray(value)) value.forEach((v, i) => data.set(`${key}[${i}]`, v));
    else data.set(key, value);
  }
  return data;
}

function errorsOf(schema: Parameters<typeof parseWithZod>[1]["schema"], values: Record<string, string | string[]>) {
  const submission = parseWithZod(form(values), { schema });
  return submission.status === "error" ? submission.error : null;
}

async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (error instanceof DomainError) return { key: error.message, field: error.field };
    throw error;
  }
  throw new Error("expected a refusal");
}

const valid = { name: "Amina Haddad", country: "1", phone: "(555) 010-0199", email: "Amina@Example.com", password: "long enough" };

describe("registration rules", () => {
  it("strips the phone to digits and lower-cases the e-mail", () => {
    const submission = parseWithZod(form(valid), { schema: registerSchema(rules) });
    expect(submission.status === "success" && submission.value).toEqual({
      name: "Amina Haddad",
      country: 1,
      phone: "5550100199",
      email: "amina@example.com",
      password: "long enough",
    });
  });

  it("takes the phone's length limits and requirement from the settings", () => {
    expect(errorsOf(registerSchema(rules), { ...valid, phone: "555-0101" })).toEqual({ phone: ["auth:errors.phoneLength"] });
    expect(errorsOf(registerSchema(rules), { ...valid, phone: "1".repeat(17) })).toEqual({ phone: ["auth:errors.phoneLength"] });
    expect(errorsOf(registerSchema(rules), { ...valid, phone: "1".repeat(16) })).toBeNull();
    expect(errorsOf(registerSchema({ ...rules, phoneMinLength: 6, phoneMaxLength: 8 }), { ...valid, phone: "555-0101" })).toBeNull();
    expect(errorsOf(registerSchema({ ...rules, phoneMinLength: 6, phoneMaxLength: 8 }), valid)).toEqual({ phone: ["auth:errors.phoneLength"] });
    expect(errorsOf(registerSchema(rules), { ...valid, phone: " - " })).toEqual({ phone: ["auth:errors.phoneRequired"] });
    const optional = parseWithZod(form({ ...valid, phone: "" }), { schema: registerSchema({ ...rules, phoneRequired: false }) });
    expect(optional.status === "success" && optional.value.phone).toBeUndefined();
  });

  it("requires every other field, with the spec's country message", () => {
    expect(errorsOf(registerSchema(rules), { name: "", country: "", phone: valid.phone, email: "not-an-email", password: "short" })).toEqual({
      name: ["auth:errors.nameRequired"],
      country: ["auth:errors.countryRequired"],
      email: ["auth:errors.emailInvalid"],
      password: ["auth:errors.passwordTooShort"],
    });
    expect(enAuth.errors.countryRequired).toBe("The country field is required");
  });

  it("asks forgot password for a country and a phone or e-mail, and reset for a matching confirmation", () => {
    expect(errorsOf(forgotSchema, { country: "", phone: " " })).toEqual({
      country: ["auth:errors.countryRequired"],
      phone: ["auth:errors.contactRequired"],
    });
    expect(enAuth.errors.contactRequired).toBe("The phone or email field is required");
    expect(errorsOf(resetSchema, { password: "new password", password_confirmation: "new passw0rd" })).toEqual({
      password_confirmation: ["auth:errors.confirmationMismatch"],
    });
    expect(enAuth.errors.confirmationMismatch).toBe("Confirm Password does not match.");
    expect(errorsOf(resetSchema, { password: "new password", password_confirmation: "new password" })).toBeNull();
  });

  it("joins the four code boxes into one code", () => {
    const submission = parseWithZod(form({ intent: "verify", otp: ["1", "2", "3", "4"] }), { schema: otpSchema });
    expect(submission.status === "success" && submission.value).toEqual({ intent: "verify", otp: "1234" });
    expect(errorsOf(otpSchema, { intent: "verify", otp: ["1", "", "3", "4"] })).toEqual({ otp: ["auth:errors.otpRequired"] });
    expect(errorsOf(otpSchema, { intent: "verify", otp: ["1", "2", "3", "x"] })).toEqual({ otp: ["auth:errors.otpRequired"] });
    expect(errorsOf(otpSchema, { intent: "resend" })).toBeNull();
  });

  it("verifies the code when a simple client sends no button name (Enter in a box)", () => {
    const submission = parseWithZod(form({ otp: ["5", "6", "7", "8"] }), { schema: otpSchema });
    expect(submission.status === "success" && submission.value).toEqual({ intent: "verify", otp: "5678" });
  });

  it("sends the registration code to the phone, to the e-mail without a phone, or as the setting says", () => {
    const account = { email: "a@example.com", phone: "5550100199", phone_code: "+1", email_verified_at: null, phone_verified_at: null };
    expect(registrationCodeTarget(account, "phone")).toEqual({ channel: "phone", recipient: "+15550100199" });
    expect(registrationCodeTarget(account, "email")).toEqual({ channel: "email", recipient: "a@example.com" });
    expect(registrationCodeTarget({ ...account, phone: null }, "phone")).toEqual({ channel: "email", recipient: "a@example.com" });
    expect(registrationCodeTarget({ ...account, phone_verified_at: "2026-01-01T00:00:00.000Z" }, "phone")).toBeNull();
  });
});

describeEachDatabase("accounts: registration and password reset", (kind) => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase(kind);
    await test.db
      .insertInto("countries")
      .values([
        { id: 1, name: "United States", iso2: "US", phone_code: "+1" },
        { id: 2, name: "Bangladesh", iso2: "BD", phone_code: "+880" },
      ])
      .execute();
  });
  afterAll(() => test?.drop());

  const sender = () => ({ db: test.db, appEnv: "testing", appName: "Bazaar", t: translatorFor("en") });

  it("creates an account with a hashed password and the country's phone code", async () => {
    const id = await registerAccount(test.db, { name: " Amina ", countryId: 2, phone: "1712345678", email: "Amina@Example.com", password: "long enough" });
    const user = await test.db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(user).toMatchObject({ name: "Amina", email: "amina@example.com", phone: "1712345678", phone_code: "+880", country_id: 2, is_active: 1, email_verified_at: null, phone_verified_at: null });
    expect(user.password_hash).toMatch(/^scrypt\$/);
    expect(await verifyPassword("long enough", user.password_hash)).toBe(true);
    // The new account logs in by e-mail and by phone.
    expect(await authenticate(test.db, { login: "amina@example.com", password: "long enough" })).toBe(id);
    expect(await authenticate(test.db, { login: "+880 1712-345678", password: "long enough" })).toBe(id);
  });

  it("refuses an e-mail or a phone that already has an account", async () => {
    expect(await refusal(registerAccount(test.db, { name: "Other", countryId: 1, phone: "2025550123", email: "AMINA@example.com", password: "long enough" }))).toEqual({
      key: "auth:errors.emailTaken",
      field: "email",
    });
    expect(await refusal(registerAccount(test.db, { name: "Other", countryId: 2, phone: "1712345678", email: "other@example.com", password: "long enough" }))).toEqual({
      key: "auth:errors.phoneTaken",
      field: "phone",
    });
    expect(await refusal(registerAccount(test.db, { name: "Other", countryId: 99, phone: "2025550123", email: "other@example.com", password: "long enough" }))).toEqual({
      key: "auth:errors.countryRequired",
      field: "country",
    });
    expect(await test.db.selectFrom("users").select("id").where("email", "=", "other@example.com").execute()).toEqual([]);
  });

  it("confirms a registration with the code sent to the phone", async () => {
    const id = await registerAccount(test.db, { name: "Ben", countryId: 1, phone: "2025550100", email: "ben@example.com", password: "long enough" });
    const target = await pendingRegistrationCode(test.db, id, "phone");
    expect(target).toEqual({ channel: "phone", recipient: "+12025550100" });
    const { code } = await issueCode(test.db, { purpose: "register", ...target!, userId: id });
    expect(await confirmRegistration(test.db, { userId: id, recipient: target!.recipient, code })).toBe("phone");
    const user = await test.db.selectFrom("users").select(["phone_verified_at", "email_verified_at"]).where("id", "=", id).executeTakeFirstOrThrow();
    expect(user.phone_verified_at).not.toBeNull();
    expect(user.email_verified_at).toBeNull();
    expect(await pendingRegistrationCode(test.db, id, "phone")).toBeNull();
    // With the setting on e-mail, the e-mail is what remains to confirm.
    expect(await pendingRegistrationCode(test.db, id, "email")).toEqual({ channel: "email", recipient: "ben@example.com" });
  });

  it("answers a reset alike for known and unknown logins, sending a code only to a real account", async () => {
    const id = await registerAccount(test.db, { name: "Cleo", countryId: 1, phone: "2025550111", email: "cleo@example.com", password: "old password" });
    const known = await startPasswordReset(sender(), { login: "Cleo@example.com", countryId: 1, preferred: "phone" });
    // forgotOtpType "phone": the code goes to the account's phone, though the e-mail was typed.
    expect(known).toEqual({ purpose: "reset", channel: "phone", recipient: "+12025550111", shown: "cleo@example.com" });
    const unknown = await startPasswordReset(sender(), { login: "nobody@example.com", countryId: 1, preferred: "phone" });
    expect(unknown).toEqual({ purpose: "reset", channel: "email", recipient: "nobody@example.com", shown: "nobody@example.com" });

    const codes = await test.db.selectFrom("one_time_codes").select(["recipient", "user_id"]).where("purpose", "=", "reset").orderBy("id").execute();
    expect(codes).toEqual([{ recipient: "+12025550111", user_id: id }, { recipient: "nobody@example.com", user_id: null }]);
    const outbox = await test.db.selectFrom("outbox").select(["recipient", "body"]).execute();
    expect(outbox.map((m) => m.recipient)).toEqual(["+12025550111"]);

    // Asking again within 60 s sends nothing new; the first code still works.
    await startPasswordReset(sender(), { login: "2025550111", countryId: 1, preferred: "phone" });
    expect(await test.db.selectFrom("outbox").select("id").execute()).toHaveLength(1);

    const code = outbox[0].body.match(/\d{4}/)![0];
    const token = await confirmResetCode(test.db, { recipient: known.recipient, code });
    expect(await resetTokenValid(test.db, token)).toBe(true);
    const stored = await test.db.selectFrom("password_reset_tokens").selectAll().where("user_id", "=", id).execute();
    expect(stored).toHaveLength(1);
    expect(stored[0].token_hash).not.toBe(token);
    expect(stored[0].token_hash).not.toContain(token);

    // The reset ends every sign-in of the account and uses the token up.
    const session = await getSession(new Request("http://shop.test/"));
    await startSignIn(test.db, session, id);
    expect(await signedInUser(test.db, session)).toMatchObject({ id });
    expect(await resetPassword(test.db, { token, password: "new password" })).toBe(id);
    expect(await signedInUser(test.db, session)).toBeNull();
    expect(await authenticate(test.db, { login: "cleo@example.com", password: "new password" })).toBe(id);
    expect((await refusal(authenticate(test.db, { login: "cleo@example.com", password: "old password" }))).key).toBe("auth:errors.wrongCredentials");
    expect(await refusal(resetPassword(test.db, { token, password: "third password" }))).toEqual({ key: "auth:errors.resetExpired", field: undefined });
    expect(await resetTokenValid(test.db, token)).toBe(false);
  });

  it("never confirms a decoy code", async () => {
    const { code } = await issueCode(test.db, { purpose: "reset", channel: "email", recipient: "ghost@example.com", userId: null });
    expect(await refusal(confirmResetCode(test.db, { recipient: "ghost@example.com", code }))).toEqual({ key: "auth:errors.otpInvalid", field: "otp" });
  });

  it("lets a reset token expire after 15 minutes, and a newer token replaces it", async () => {
    const id = await registerAccount(test.db, { name: "Dan", countryId: 1, phone: "2025550122", email: "dan@example.com", password: "old password" });
    const now = new Date();
    const token = await createResetToken(test.db, id, now);
    expect(await resetTokenValid(test.db, token, new Date(now.getTime() + RESET_TOKEN_TTL_MS - 1000))).toBe(true);
    expect(await resetTokenValid(test.db, token, new Date(now.getTime() + RESET_TOKEN_TTL_MS + 1000))).toBe(false);
    expect((await refusal(resetPassword(test.db, { token, password: "new password" }, new Date(now.getTime() + RESET_TOKEN_TTL_MS + 1000)))).key).toBe("auth:errors.resetExpired");

    const newer = await createResetToken(test.db, id, now);
    expect(await resetTokenValid(test.db, token, now)).toBe(false);
    expect(await resetTokenValid(test.db, newer, now)).toBe(true);
    expect(await verifyPassword("old password", (await test.db.selectFrom("users").select("password_hash").where("id", "=", id).executeTakeFirstOrThrow()).password_hash)).toBe(true);
  });
});
