import { createHmac, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import { sql } from "kysely";
import type { Db } from "~/lib/db.server";
import { DomainError } from "~/lib/domain-error";
import { sessionSecrets } from "~/lib/secrets.server";

/** One-time codes (spec §9: four digits, a new one after 60 s) for confirming a registration or a reset. */
export const CODE_LENGTH = 4;
/** A code is good for this long after it is sent. */
export const CODE_TTL_MS = 10 * 60_000;
/** A new code for the same purpose and recipient only after this long (the page's countdown). */
export const RESEND_INTERVAL_MS = 60_000;
/** At most this many codes per purpose and recipient in an hour, so nobody uses the shop to flood a phone. */
export const MAX_SENDS_PER_HOUR = 5;
/** Wrong tries that burn a code: four digits are guessed in 10,000 tries at most, never in five. */
export const MAX_ATTEMPTS = 5;

export type CodePurpose = "register" | "reset";
export type CodeChannel = "email" | "phone";

export interface CodeTarget {
  purpose: CodePurpose;
  channel: CodeChannel;
  /** A lower-case e-mail or a phone number as +{country code}{digits}. */
  recipient: string;
}

/**
 * HMAC with the session secret (not stored in the database) and a per-code salt: a copy of the table alone
 * does not give the codes away, which a plain hash of 10,000 possible values would.
 */
function codeHash(secret: string, salt: string, target: Pick<CodeTarget, "purpose" | "recipient">, code: string) {
  return createHmac("sha256", secret).update([salt, target.purpose, target.recipient, code].join("\n")).digest("base64url");
}

function hashCode(target: CodeTarget, code: string): string {
  const salt = randomBytes(12).toString("base64url");
  return `hmac$${salt}$${codeHash(sessionSecrets()[0], salt, target, code)}`;
}

/** Checked against every current secret, so rotating SESSION_SECRET does not break codes already sent. */
function codeMatches(stored: string, target: CodeTarget, code: string): boolean {
  const [scheme, salt, digest] = stored.split("$");
  if (scheme !== "hmac" || !salt || !digest) return false;
  const expected = Buffer.from(digest);
  return sessionSecrets().some((secret) => {
    const actual = Buffer.from(codeHash(secret, salt, target, code));
    return actual.length === expected.length && timingSafeEqual(actual, expected);
  });
}

const iso = (time: number) => new Date(time).toISOString();

/** Seconds until a new code may be sent to this recipient for this purpose (0: now). */
export async function resendWaitSeconds(db: Db, target: Omit<CodeTarget, "channel">, now = new Date()): Promise<number> {
  const last = await db
    .selectFrom("one_time_codes")
    .select("created_at")
    .where("purpose", "=", target.purpose)
    .where("recipient", "=", target.recipient)
    .orderBy("created_at", "desc")
    .limit(1)
    .executeTakeFirst();
  if (!last) return 0;
  const waitMs = Date.parse(last.created_at) + RESEND_INTERVAL_MS - now.getTime();
  return waitMs > 0 ? Math.ceil(waitMs / 1000) : 0;
}

/**
 * Makes a new random code for the target and stores its hash; earlier unused codes for the same target stop
 * working. Refused within 60 s of the last code and beyond five codes an hour. The caller sends the code.
 */
export async function issueCode(
  db: Db,
  target: CodeTarget & { userId: number | null },
  now = new Date(),
): Promise<{ id: number; code: string }> {
  const wait = await resendWaitSeconds(db, target, now);
  if (wait > 0) throw new DomainError("auth:errors.otpResendTooSoon", undefined, { seconds: wait });
  const { count } = await db
    .selectFrom("one_time_codes")
    .select((eb) => eb.fn.countAll<string | number>().as("count"))
    .where("purpose", "=", target.purpose)
    .where("recipient", "=", target.recipient)
    .where("created_at", ">", iso(now.getTime() - 60 * 60_000))
    .executeTakeFirstOrThrow();
  if (Number(count) >= MAX_SENDS_PER_HOUR) throw new DomainError("auth:errors.otpTooMany");

  const code = String(randomInt(0, 10 ** CODE_LENGTH)).padStart(CODE_LENGTH, "0");
  return db.transaction().execute(async (trx) => {
    await trx
      .updateTable("one_time_codes")
      .set({ used_at: now.toISOString() })
      .where("purpose", "=", target.purpose)
      .where("recipient", "=", target.recipient)
      .where("used_at", "is", null)
      .execute();
    const row = await trx
      .insertInto("one_time_codes")
      .values({
        purpose: target.purpose,
        channel: target.channel,
        recipient: target.recipient,
        user_id: target.userId,
        code_hash: hashCode(target, code),
        attempts: 0,
        created_at: now.toISOString(),
        expires_at: iso(now.getTime() + CODE_TTL_MS),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return { id: row.id, code };
  });
}

/** Takes back a code that could not be delivered, so the shopper may ask for another at once. */
export async function withdrawCode(db: Db, id: number): Promise<void> {
  await db.deleteFrom("one_time_codes").where("id", "=", id).execute();
}

export interface VerifiedCode {
  id: number;
  userId: number | null;
  channel: CodeChannel;
}

/**
 * Uses the current code of the target: right, unexpired, unused and tried fewer than five times. A wrong
 * code counts a try; the fifth wrong one burns it. Every failure gives the same answer. With `userId`, only
 * that account's code counts.
 */
export async function verifyCode(
  db: Db,
  target: Omit<CodeTarget, "channel"> & { code: string; userId?: number },
  now = new Date(),
): Promise<VerifiedCode> {
  const invalid = new DomainError("auth:errors.otpInvalid", "otp");
  if (!new RegExp(`^\\d{${CODE_LENGTH}}$`).test(target.code)) throw invalid;
  const row = await db
    .selectFrom("one_time_codes")
    .select(["id", "user_id", "channel", "code_hash", "purpose", "recipient"])
    .where("purpose", "=", target.purpose)
    .where("recipient", "=", target.recipient)
    .where("used_at", "is", null)
    .where("expires_at", ">", now.toISOString())
    .where("attempts", "<", MAX_ATTEMPTS)
    .$if(target.userId !== undefined, (q) => q.where("user_id", "=", target.userId!))
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  if (!row) throw invalid;

  if (!codeMatches(row.code_hash, row, target.code)) {
    await db
      .updateTable("one_time_codes")
      .set({ attempts: sql<number>`attempts + 1` })
      .where("id", "=", row.id)
      .execute();
    throw invalid;
  }
  // Claimed with a condition, so two requests racing with the same code cannot both use it.
  const claimed = await db
    .updateTable("one_time_codes")
    .set({ used_at: now.toISOString() })
    .where("id", "=", row.id)
    .where("used_at", "is", null)
    .where("attempts", "<", MAX_ATTEMPTS)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) throw invalid;
  return { id: row.id, userId: row.user_id, channel: row.channel };
}
