import { createHash, randomBytes } from "node:crypto";
import type { Db } from "~/lib/db.server";
import { preparedQuery } from "~/lib/prepared-query.server";
import type { ShopSession } from "~/lib/session.server";
import type { CurrentUser } from "./user.server";

/** A sign-in lasts this long without use; each use within it keeps it going (see LAST_SEEN_EVERY_MS). */
export const SIGN_IN_DAYS = 30;
const SIGN_IN_MS = SIGN_IN_DAYS * 24 * 60 * 60 * 1000;
/** Writing last-seen on every request would turn every page view into a write. */
const LAST_SEEN_EVERY_MS = 10 * 60 * 1000;

/** Hashes of the tokens seen lately: a signed-in shopper's every page would hash theirs again. */
const tokenHashes = new Map<string, string>();
const TOKEN_HASHES_KEPT = 5000;

function hashToken(token: string) {
  let hash = tokenHashes.get(token);
  if (hash === undefined) {
    if (tokenHashes.size >= TOKEN_HASHES_KEPT) tokenHashes.clear();
    hash = createHash("sha256").update(token).digest("base64url");
    tokenHashes.set(token, hash);
  }
  return hash;
}

/**
 * Signs the user in on this browser: a new random token (the cookie holds only the token; the database its
 * hash), replacing any sign-in the session held before, so a session fixed by someone else is worthless.
 */
export async function startSignIn(db: Db, session: ShopSession, userId: number, now = new Date()): Promise<void> {
  await endSignIn(db, session);
  const token = randomBytes(32).toString("base64url");
  await db
    .insertInto("user_sessions")
    .values({
      token_hash: hashToken(token),
      user_id: userId,
      created_at: now.toISOString(),
      last_seen_at: now.toISOString(),
      expires_at: new Date(now.getTime() + SIGN_IN_MS).toISOString(),
    })
    .execute();
  session.set("signIn", token);
}

/** Signs this browser out: its sign-in is deleted, so the cookie is worthless even if it was copied. */
export async function endSignIn(db: Db, session: ShopSession): Promise<void> {
  const token = session.get("signIn");
  session.unset("signIn");
  if (typeof token === "string" && token) {
    await db.deleteFrom("user_sessions").where("token_hash", "=", hashToken(token)).execute();
  }
}

/** Signs the user out on every browser (after a password change or reset), except `keep` when given. */
export async function endEverySignIn(db: Db, userId: number, keep?: ShopSession): Promise<void> {
  const kept = keep?.get("signIn");
  await db
    .deleteFrom("user_sessions")
    .where("user_id", "=", userId)
    .$if(typeof kept === "string", (q) => q.where("token_hash", "!=", hashToken(kept as string)))
    .execute();
}

const sessionUser = preparedQuery((db, tokenHash: string, now: string) =>
  db
    .selectFrom("user_sessions as us")
    .innerJoin("users as u", "u.id", "us.user_id")
    .select(["u.id", "u.name", "u.email", "u.phone", "u.phone_code", "u.profile_photo", "u.email_verified_at", "u.phone_verified_at", "u.role", "u.shop_id", "us.last_seen_at", "us.token_hash"])
    .where("us.token_hash", "=", tokenHash)
    .where("us.expires_at", ">", now)
    .where("u.is_active", "=", 1));

/** The signed-in shopper of this session: the sign-in must exist, be unexpired, and its account active. */
export async function signedInUser(db: Db, session: ShopSession, now = new Date()): Promise<CurrentUser | null> {
  const token = session.get("signIn");
  if (typeof token !== "string" || !token) return null;
  const [row] = await sessionUser(db, hashToken(token), now.toISOString());
  if (!row) return null;
  if (now.getTime() - Date.parse(row.last_seen_at) > LAST_SEEN_EVERY_MS) {
    const seen = now.toISOString();
    await db
      .updateTable("user_sessions")
      .set({ last_seen_at: seen, expires_at: new Date(now.getTime() + SIGN_IN_MS).toISOString() })
      .where("token_hash", "=", row.token_hash)
      .execute();
    await db.updateTable("users").set({ last_seen_at: seen }).where("id", "=", row.id).execute();
  }
  const { last_seen_at: _seen, token_hash: _hash, ...user } = row;
  return user;
}
