import type { Db } from "~/lib/db.server";

export interface CurrentUser {
  id: number;
  name: string;
  email: string | null;
  phone: string | null;
  phone_code: string | null;
  profile_photo: string | null;
}

/** The signed-in shopper, or null when the id is unknown or the account was deactivated. */
export async function findActiveUser(db: Db, id: number | undefined): Promise<CurrentUser | null> {
  if (!Number.isSafeInteger(id) || (id as number) <= 0) return null;
  const user = await db
    .selectFrom("users")
    .select(["id", "name", "email", "phone", "phone_code", "profile_photo"])
    .where("id", "=", id as number)
    .where("is_active", "=", 1)
    .executeTakeFirst();
  return user ?? null;
}
