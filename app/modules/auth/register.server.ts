import { sql } from "kysely";
import type { Db } from "~/lib/db.server";
import { DomainError } from "~/lib/domain-error";
import type { CodeChannel } from "./otp.server";
import { verifyCode } from "./otp.server";
import { hashPassword } from "./password.server";

export interface Country {
  id: number;
  name: string;
  phone_code: string;
}

/** The countries a shopper picks from (spec §7 GET /countries), by name. */
export function listCountries(db: Db): Promise<Country[]> {
  return db.selectFrom("countries").select(["id", "name", "phone_code"]).orderBy("name").orderBy("id").execute();
}

/** "+880" → "880": phone numbers are compared by digits. */
export const phoneCodeDigits = (phoneCode: string | null | undefined) => (phoneCode ?? "").replace(/\D/g, "");

/** A phone number as codes are sent to it: +{country code}{number}. */
export const fullPhone = (phoneCode: string | null | undefined, phone: string) => `+${phoneCodeDigits(phoneCode)}${phone}`;

export interface Registration {
  name: string;
  countryId: number;
  /** Digits only, already checked against the settings' length. */
  phone?: string;
  email: string;
  password: string;
}

/**
 * Whether a phone number already belongs to an account, with this country code or as typed: a login by phone
 * (findAccount) must name exactly one account.
 */
async function phoneTaken(db: Db, phoneCode: string, phone: string): Promise<boolean> {
  const full = `${phoneCodeDigits(phoneCode)}${phone}`;
  const row = await db
    .selectFrom("users")
    .select("id")
    .where((eb) =>
      eb.or([
        eb("phone", "=", phone),
        eb("phone", "=", full),
        eb(sql<string>`replace(coalesce(phone_code, ''), '+', '') || phone`, "=", full),
      ]),
    )
    .limit(1)
    .executeTakeFirst();
  return Boolean(row);
}

async function emailTaken(db: Db, email: string): Promise<boolean> {
  const row = await db.selectFrom("users").select("id").where(sql<string>`lower(email)`, "=", email.toLowerCase()).limit(1).executeTakeFirst();
  return Boolean(row);
}

/** Creates a shopper's account (spec §7 POST /registration); the e-mail and the phone must be new to the shop. */
export async function registerAccount(db: Db, input: Registration, now = new Date()): Promise<number> {
  const country = await db.selectFrom("countries").select(["id", "phone_code"]).where("id", "=", input.countryId).executeTakeFirst();
  if (!country) throw new DomainError("auth:errors.countryRequired", "country");
  const email = input.email.trim().toLowerCase();
  if (await emailTaken(db, email)) throw new DomainError("auth:errors.emailTaken", "email");
  if (input.phone && (await phoneTaken(db, country.phone_code, input.phone))) throw new DomainError("auth:errors.phoneTaken", "phone");

  const passwordHash = await hashPassword(input.password);
  try {
    const row = await db
      .insertInto("users")
      .values({
        name: input.name.trim(),
        email,
        phone: input.phone || null,
        phone_code: country.phone_code,
        country_id: country.id,
        password_hash: passwordHash,
        profile_photo: null,
        gender: null,
        date_of_birth: null,
        email_verified_at: null,
        phone_verified_at: null,
        last_seen_at: null,
        created_at: now.toISOString(),
        updated_at: now.toISOString(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return row.id;
  } catch (error) {
    // Two registrations with one e-mail at the same moment: the unique index lets one through.
    if (await emailTaken(db, email)) throw new DomainError("auth:errors.emailTaken", "email");
    throw error;
  }
}

export interface VerifiableAccount {
  email: string | null;
  phone: string | null;
  phone_code: string | null;
  email_verified_at: string | null;
  phone_verified_at: string | null;
}

/**
 * Where a registration code goes (spec §4): to the phone, or to the e-mail when there is no phone; with both,
 * the registerOtpType setting decides. Null when that address is confirmed already.
 */
export function registrationCodeTarget(account: VerifiableAccount, preferred: CodeChannel): { channel: CodeChannel; recipient: string } | null {
  const phone = account.phone ? fullPhone(account.phone_code, account.phone) : null;
  const email = account.email ? account.email.toLowerCase() : null;
  const channel: CodeChannel | null = phone && email ? preferred : phone ? "phone" : email ? "email" : null;
  if (channel === "phone" && phone && !account.phone_verified_at) return { channel, recipient: phone };
  if (channel === "email" && email && !account.email_verified_at) return { channel, recipient: email };
  return null;
}

/** Where the account's registration code goes, or null when there is nothing left to confirm. */
export async function pendingRegistrationCode(db: Db, userId: number, preferred: CodeChannel) {
  const account = await db
    .selectFrom("users")
    .select(["email", "phone", "phone_code", "email_verified_at", "phone_verified_at"])
    .where("id", "=", userId)
    .executeTakeFirst();
  return account ? registrationCodeTarget(account, preferred) : null;
}

/** Marks the address a code went to as the account's own. */
export async function markVerified(db: Db, userId: number, channel: CodeChannel, now = new Date()): Promise<void> {
  await db
    .updateTable("users")
    .set(channel === "phone" ? { phone_verified_at: now.toISOString(), updated_at: now.toISOString() } : { email_verified_at: now.toISOString(), updated_at: now.toISOString() })
    .where("id", "=", userId)
    .execute();
}

/** Confirms a registration with the code sent to the shopper's phone or e-mail; only for that shopper's code. */
export async function confirmRegistration(db: Db, input: { userId: number; recipient: string; code: string }, now = new Date()): Promise<CodeChannel> {
  const verified = await verifyCode(db, { purpose: "register", recipient: input.recipient, code: input.code, userId: input.userId }, now);
  await markVerified(db, input.userId, verified.channel, now);
  return verified.channel;
}
