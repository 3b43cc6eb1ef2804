import { createHash, randomBytes } from "node:crypto";
import { sql } from "kysely";
import type { Db } from "~/lib/db.server";
import { DomainError } from "~/lib/domain-error";
import { resendWaitSeconds, verifyCode, type CodeChannel, type CodeTarget } from "./otp.server";
import { hashPassword } from "./password.server";
import { fullPhone, markVerified, phoneCodeDigits } from "./register.server";
import { sendCode, type CodeSender } from "./send-code.server";
import { endEverySignIn } from "./sessions.server";

/** A confirmed reset code gives a token good for this long, once. */
export const RESET_TOKEN_TTL_MS = 15 * 60_000;

const hashToken = (token: string) => createHash("sha256").update(token).digest("base64url");

interface ResetAccount {
  id: number;
  email: string | null;
  phone: string | null;
  phone_code: string | null;
}

/** The active account a typed e-mail, or a phone number in the chosen country, belongs to. */
async function findResetAccount(db: Db, login: string, phoneCode: string): Promise<ResetAccount | undefined> {
  const query = db.selectFrom("users").select(["id", "email", "phone", "phone_code"]).where("is_active", "=", 1);
  if (login.includes("@")) return query.where(sql<string>`lower(email)`, "=", login.trim().toLowerCase()).orderBy("id").executeTakeFirst();
  const digits = login.replace(/\D/g, "");
  if (digits.length < 4) return undefined;
  const full = `${phoneCodeDigits(phoneCode)}${digits}`;
  return query
    .where((eb) =>
      eb.or([
        eb.and([eb("phone", "=", digits), eb(sql<string>`replace(coalesce(phone_code, ''), '+', '')`, "=", phoneCodeDigits(phoneCode))]),
        eb(sql<string>`replace(coalesce(phone_code, ''), '+', '') || phone`, "=", full),
      ]),
    )
    .orderBy("id")
    .executeTakeFirst();
}

/** The typed login as a code recipient: a lower-case e-mail, or +{country code}{digits}. */
function typedRecipient(login: string, phoneCode: string): { channel: CodeChannel; recipient: string } {
  if (login.includes("@")) return { channel: "email", recipient: login.trim().toLowerCase() };
  return { channel: "phone", recipient: fullPhone(phoneCode, login.replace(/\D/g, "")) };
}

/** The channel the forgotOtpType setting names, or the other one when the account has no such address. */
function accountTarget(account: ResetAccount, preferred: CodeChannel): { channel: CodeChannel; recipient: string } | null {
  const phone = account.phone ? fullPhone(account.phone_code, account.phone) : null;
  const email = account.email ? account.email.toLowerCase() : null;
  if (preferred === "phone" && phone) return { channel: "phone", recipient: phone };
  if (email) return { channel: "email", recipient: email };
  return phone ? { channel: "phone", recipient: phone } : null;
}

export type PendingReset = CodeTarget & { purpose: "reset"; shown: string };

/**
 * Step 1 of a forgotten password (spec §7 POST /send-otp with forgot_password): sends a code to the account
 * the login names. The answer is the same whether or not an account exists (no enumeration): an unknown
 * login gets a decoy code that goes nowhere. Within 60 s of the last code nothing new is sent; the earlier
 * code still works.
 */
export async function startPasswordReset(
  sender: CodeSender,
  input: { login: string; countryId: number; preferred: CodeChannel },
  now = new Date(),
): Promise<PendingReset> {
  const country = await sender.db.selectFrom("countries").select("phone_code").where("id", "=", input.countryId).executeTakeFirst();
  if (!country) throw new DomainError("auth:errors.countryRequired", "country");
  const typed = typedRecipient(input.login, country.phone_code);
  if (typed.channel === "phone" && input.login.replace(/\D/g, "").length < 4) throw new DomainError("auth:errors.contactInvalid", "phone");
  const account = await findResetAccount(sender.db, input.login, country.phone_code);
  const target = (account && accountTarget(account, input.preferred)) ?? typed;
  // What the shopper typed is shown back; where the code went is not (it may be the account's other address).
  const pending: PendingReset = { purpose: "reset", ...target, shown: typed.recipient };
  if ((await resendWaitSeconds(sender.db, pending, now)) > 0) return pending;
  await sendCode(sender, { ...pending, userId: account?.id ?? null, decoy: !account }, now);
  return pending;
}

/** Asks for another code for the same reset (the Resend OTP button); refused within 60 s of the last one. */
export async function resendResetCode(sender: CodeSender, pending: CodeTarget, now = new Date()): Promise<void> {
  const owner = await sender.db
    .selectFrom("one_time_codes")
    .select("user_id")
    .where("purpose", "=", "reset")
    .where("recipient", "=", pending.recipient)
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  const userId = owner?.user_id ?? null;
  await sendCode(sender, { ...pending, purpose: "reset", userId, decoy: userId === null }, now);
}

/**
 * Step 2: a right code gives a random reset token (its hash stored, 15 minutes, single use). Earlier unused
 * tokens of the account stop working. A decoy code never verifies as anything but wrong.
 */
export async function confirmResetCode(db: Db, input: { recipient: string; code: string }, now = new Date()): Promise<string> {
  const verified = await verifyCode(db, { purpose: "reset", recipient: input.recipient, code: input.code }, now);
  if (verified.userId === null) throw new DomainError("auth:errors.otpInvalid", "otp");
  await markVerified(db, verified.userId, verified.channel, now);
  return createResetToken(db, verified.userId, now);
}

export async function createResetToken(db: Db, userId: number, now = new Date()): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await db.transaction().execute(async (trx) => {
    await trx.updateTable("password_reset_tokens").set({ used_at: now.toISOString() }).where("user_id", "=", userId).where("used_at", "is", null).execute();
    await trx
      .insertInto("password_reset_tokens")
      .values({ token_hash: hashToken(token), user_id: userId, created_at: now.toISOString(), expires_at: new Date(now.getTime() + RESET_TOKEN_TTL_MS).toISOString(), used_at: null })
      .execute();
  });
  return token;
}

/** Whether a reset token can still be used (the new-password page shows only then). */
export async function resetTokenValid(db: Db, token: string | undefined, now = new Date()): Promise<boolean> {
  if (!token) return false;
  const row = await db
    .selectFrom("password_reset_tokens")
    .select("user_id")
    .where("token_hash", "=", hashToken(token))
    .where("used_at", "is", null)
    .where("expires_at", ">", now.toISOString())
    .executeTakeFirst();
  return Boolean(row);
}

/**
 * Step 3 (spec §7 POST /reset-password): sets the new password with a valid token, uses the token up and
 * signs the account out everywhere, so whoever knew the old password is out too.
 */
export async function resetPassword(db: Db, input: { token: string; password: string }, now = new Date()): Promise<number> {
  const passwordHash = await hashPassword(input.password);
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable("password_reset_tokens")
      .set({ used_at: now.toISOString() })
      .where("token_hash", "=", hashToken(input.token))
      .where("used_at", "is", null)
      .where("expires_at", ">", now.toISOString())
      .returning("user_id")
      .executeTakeFirst();
    if (!row) throw new DomainError("auth:errors.resetExpired");
    await trx.updateTable("users").set({ password_hash: passwordHash, updated_at: now.toISOString() }).where("id", "=", row.user_id).execute();
    await trx.updateTable("one_time_codes").set({ used_at: now.toISOString() }).where("user_id", "=", row.user_id).where("purpose", "=", "reset").where("used_at", "is", null).execute();
    await endEverySignIn(trx, row.user_id);
    return row.user_id;
  });
}
