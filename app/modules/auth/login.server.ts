import { sql } from "kysely";
import type { Db } from "~/lib/db.server";
import { DomainError } from "~/lib/domain-error";
import { hashPassword, verifyPassword } from "./password.server";

/** The account a typed login names: an email (any case) or a phone number, with or without its country code. */
export async function findAccount(db: Db, login: string) {
  const query = db.selectFrom("users").select(["id", "password_hash", "is_active"]);
  if (login.includes("@")) return query.where(sql<string>`lower(email)`, "=", login.trim().toLowerCase()).executeTakeFirst();
  const digits = login.replace(/\D/g, "");
  if (digits.length < 4) return undefined;
  return query
    .where((eb) => eb.or([eb("phone", "=", digits), eb(sql<string>`replace(coalesce(phone_code, ''), '+', '') || phone`, "=", digits)]))
    .orderBy("id")
    .executeTakeFirst();
}

/** Compared against when no account matches, so both answers take the same time (no account enumeration). */
let decoyHash: Promise<string> | undefined;

/**
 * The user a login and password belong to. A wrong password, an unknown login and a closed account all give
 * the same answer under the password field.
 */
export async function authenticate(db: Db, { login, password }: { login: string; password: string }): Promise<number> {
  const account = await findAccount(db, login);
  decoyHash ??= hashPassword("decoy password never used");
  const matches = await verifyPassword(password, account?.password_hash ?? (await decoyHash));
  if (!account || !matches || account.is_active !== 1) throw new DomainError("auth:errors.wrongCredentials", "password");
  return account.id;
}
