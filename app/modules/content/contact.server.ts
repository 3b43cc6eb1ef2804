import type { Db } from "~/lib/db.server";
import type { ContactInput } from "./contact.schema";

/** Keeps a message from the contact form for the shop's staff; answers its id. */
export async function storeContactMessage(db: Db, input: ContactInput & { userId: number | null }): Promise<number> {
  const row = await db
    .insertInto("contact_messages")
    .values({ name: input.name, phone: input.phone, subject: input.subject, message: input.message, user_id: input.userId })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

