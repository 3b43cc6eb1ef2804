import { sql } from "kysely";
import type { Db } from "~/lib/db.server";
import { DomainError } from "~/lib/domain-error";
import type { ShopSession } from "~/lib/session.server";
import { hashPassword, verifyPassword } from "~/modules/auth/password.server";
import { endEverySignIn } from "~/modules/auth/sessions.server";
import { processAvatar, removeAvatar, saveAvatar } from "./avatars.server";
import type { ChangePasswordInput, Gender, ProfileInput } from "./profile.schema";

export interface Profile {
  name: string;
  email: string | null;
  phone: string | null;
  phone_code: string | null;
  country: number | null;
  gender: Gender | null;
  date_of_birth: string | null;
  profile_photo: string | null;
  /** Changes with every save (profile or password): the page's form starts afresh from the saved values. */
  updated_at: string;
}

/** The shopper's profile as the form shows it (spec: GET /profile). */
export async function getProfile(db: Db, userId: number): Promise<Profile> {
  const row = await db
    .selectFrom("users")
    .select(["name", "email", "phone", "phone_code", "country_id", "gender", "date_of_birth", "profile_photo", "updated_at"])
    .where("id", "=", userId)
    .executeTakeFirstOrThrow();
  const { country_id, gender, ...rest } = row;
  return { ...rest, country: country_id, gender: (gender as Gender | null) ?? null };
}

/** The countries a phone's code is chosen from. */
export function listCountries(db: Db) {
  return db.selectFrom("countries").select(["id", "name", "phone_code"]).orderBy("name").execute();
}

async function emailTaken(db: Db, userId: number, email: string) {
  const other = await db.selectFrom("users").select("id").where(sql<string>`lower(email)`, "=", email.toLowerCase()).where("id", "!=", userId).executeTakeFirst();
  return Boolean(other);
}

/** Sign-in by phone finds one account per number, so two accounts cannot share one. */
async function phoneTaken(db: Db, userId: number, phoneCode: string, phone: string) {
  const other = await db.selectFrom("users").select("id").where("phone_code", "=", phoneCode).where("phone", "=", phone).where("id", "!=", userId).executeTakeFirst();
  return Boolean(other);
}

/**
 * Saves My Profile (spec: POST /update-profile). The email and the phone stay unique among accounts; a
 * changed one is no longer verified. A new photo (its bytes as uploaded) replaces the old one, which is
 * deleted once the profile no longer points to it.
 */
export async function updateProfile(db: Db, userId: number, input: ProfileInput, photo?: Uint8Array | null, now = new Date()): Promise<void> {
  const current = await db
    .selectFrom("users")
    .select(["email", "phone", "phone_code", "profile_photo"])
    .where("id", "=", userId)
    .executeTakeFirstOrThrow();
  const email = input.email ?? null;
  const country = input.phone && input.country
    ? await db.selectFrom("countries").select(["id", "phone_code"]).where("id", "=", input.country).executeTakeFirst()
    : null;
  if (input.phone && !country) throw new DomainError("account:errors.countryRequired", "country");
  const phone = input.phone ?? null;
  const phoneCode = country?.phone_code ?? null;

  if (email && (await emailTaken(db, userId, email))) throw new DomainError("account:errors.emailTaken", "email");
  if (phone && phoneCode && (await phoneTaken(db, userId, phoneCode, phone))) throw new DomainError("account:errors.phoneTaken", "phone");

  // The picture is checked and converted before anything is written, so a bad one changes nothing.
  const processed = photo ? await processAvatar(photo) : null;
  const photoPath = processed ? await saveAvatar(processed) : null;

  const emailChanged = (current.email ?? "").toLowerCase() !== (email ?? "");
  const phoneChanged = current.phone !== phone || current.phone_code !== phoneCode;
  try {
    await db
      .updateTable("users")
      .set({
        name: input.name,
        email,
        phone,
        phone_code: phoneCode,
        country_id: country?.id ?? null,
        gender: input.gender ?? null,
        date_of_birth: input.date_of_birth ?? null,
        updated_at: now.toISOString(),
        ...(emailChanged ? { email_verified_at: null } : {}),
        ...(phoneChanged ? { phone_verified_at: null } : {}),
        ...(photoPath ? { profile_photo: photoPath } : {}),
      })
      .where("id", "=", userId)
      .execute();
  } catch (error) {
    await removeAvatar(photoPath);
    // Another account took the email between the check and the write (the column is unique).
    if (email && (await emailTaken(db, userId, email))) throw new DomainError("account:errors.emailTaken", "email");
    throw error;
  }
  if (photoPath) await removeAvatar(current.profile_photo);
}

/**
 * Change Password (spec: POST /change-password): the current password must match and the new one differ
 * from it. Every other sign-in of the shopper ends; `keep` (this browser) stays signed in.
 */
export async function changePassword(db: Db, userId: number, input: Pick<ChangePasswordInput, "current_password" | "password">, keep: ShopSession): Promise<void> {
  const user = await db.selectFrom("users").select("password_hash").where("id", "=", userId).executeTakeFirstOrThrow();
  if (!(await verifyPassword(input.current_password, user.password_hash))) {
    throw new DomainError("account:errors.currentPasswordWrong", "current_password");
  }
  if (input.password === input.current_password) throw new DomainError("account:errors.passwordUnchanged", "password");
  const passwordHash = await hashPassword(input.password);
  await db.transaction().execute(async (tx) => {
    await tx.updateTable("users").set({ password_hash: passwordHash, updated_at: new Date().toISOString() }).where("id", "=", userId).execute();
    await endEverySignIn(tx, userId, keep);
  });
}
