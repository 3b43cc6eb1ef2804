import type { Transaction } from "kysely";
import { dialectOf } from "~/db/dialect";
import type { Database, Row } from "~/db/schema";
import type { Db } from "~/lib/db.server";
import { DomainError } from "~/lib/domain-error";
import type { AddressInput } from "./addresses.schema";

/** A shopper keeps at most this many addresses (a form cannot fill the table). */
export const MAX_ADDRESSES = 20;

export type Address = Omit<Row<"addresses">, "user_id" | "is_default"> & { is_default: boolean };

/**
 * The address does not exist or belongs to someone else: both look the same (404), so ids of other shoppers'
 * addresses cannot be probed.
 */
export class AddressNotFoundError extends DomainError {
  constructor() {
    super("account:errors.addressNotFound");
    this.name = "AddressNotFoundError";
  }
}

const columns = [
  "id", "name", "phone", "area", "flat_no", "post_code", "address_line", "address_line2", "address_type",
  "is_default", "latitude", "longitude", "created_at", "updated_at",
] as const;

const toAddress = ({ is_default, ...row }: Omit<Row<"addresses">, "user_id">): Address => ({ ...row, is_default: is_default === 1 });

/** The shopper's addresses: the default first, then oldest first (the order they were added in). */
export async function listAddresses(db: Db, userId: number): Promise<Address[]> {
  const rows = await db
    .selectFrom("addresses")
    .select(columns)
    .where("user_id", "=", userId)
    .orderBy("is_default", "desc")
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  return rows.map(toAddress);
}

/** One of the shopper's addresses; someone else's is not found. */
export async function getAddress(db: Db, userId: number, addressId: number): Promise<Address> {
  const row = await db.selectFrom("addresses").select(columns).where("id", "=", addressId).where("user_id", "=", userId).executeTakeFirst();
  if (!row) throw new AddressNotFoundError();
  return toAddress(row);
}

/** Where checkout delivers by default (spec §4): the default address, otherwise the first; none when none. */
export async function checkoutAddress(db: Db, userId: number): Promise<Address | null> {
  const [first] = await listAddresses(db, userId);
  return first ?? null;
}

type Tx = Transaction<Database>;

/**
 * Runs `work` in a transaction that holds the shopper's row, so two requests of one shopper change the
 * addresses one after the other and "exactly one default" holds. (SQLite runs one transaction at a time.)
 */
function forShopper<T>(db: Db, userId: number, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (tx) => {
    if (dialectOf(db) === "postgres") {
      await tx.selectFrom("users").select("id").where("id", "=", userId).forUpdate().execute();
    }
    return work(tx);
  });
}

async function makeDefault(tx: Tx, userId: number, addressId: number, now: string) {
  await tx.updateTable("addresses").set({ is_default: 0, updated_at: now }).where("user_id", "=", userId).where("is_default", "=", 1).where("id", "!=", addressId).execute();
  await tx.updateTable("addresses").set({ is_default: 1, updated_at: now }).where("id", "=", addressId).where("user_id", "=", userId).execute();
}

async function ownedAddress(tx: Tx, userId: number, addressId: number) {
  const row = await tx.selectFrom("addresses").select(["id", "is_default"]).where("id", "=", addressId).where("user_id", "=", userId).executeTakeFirst();
  if (!row) throw new AddressNotFoundError();
  return row;
}

const fieldsOf = (input: AddressInput) => ({
  name: input.name,
  phone: input.phone,
  area: input.area ?? null,
  flat_no: input.flat_no ?? null,
  post_code: input.post_code ?? null,
  address_line: input.address_line,
  address_line2: input.address_line2 ?? null,
  address_type: input.address_type,
  latitude: input.latitude ?? null,
  longitude: input.longitude ?? null,
});

/** Adds an address; the shopper's first one, or one marked so, becomes the default. Answers its id. */
export async function createAddress(db: Db, userId: number, input: AddressInput, now = new Date()): Promise<number> {
  const at = now.toISOString();
  return forShopper(db, userId, async (tx) => {
    const { count } = await tx.selectFrom("addresses").select((eb) => eb.fn.countAll<number>().as("count")).where("user_id", "=", userId).executeTakeFirstOrThrow();
    if (Number(count) >= MAX_ADDRESSES) throw new DomainError("account:errors.addressLimit");
    const { id } = await tx
      .insertInto("addresses")
      .values({ ...fieldsOf(input), user_id: userId, is_default: 0, created_at: at, updated_at: at })
      .returning("id")
      .executeTakeFirstOrThrow();
    if (Number(count) === 0 || input.is_default) await makeDefault(tx, userId, id, at);
    return id;
  });
}

/**
 * Changes one of the shopper's addresses. Marking it default unsets the others; the default stays the
 * default when unmarked (there is always exactly one: another is picked by making it the default).
 */
export async function updateAddress(db: Db, userId: number, addressId: number, input: AddressInput, now = new Date()): Promise<void> {
  const at = now.toISOString();
  await forShopper(db, userId, async (tx) => {
    await ownedAddress(tx, userId, addressId);
    await tx.updateTable("addresses").set({ ...fieldsOf(input), updated_at: at }).where("id", "=", addressId).where("user_id", "=", userId).execute();
    if (input.is_default) await makeDefault(tx, userId, addressId, at);
  });
}

/** Makes one of the shopper's addresses the default, and no other. */
export async function setDefaultAddress(db: Db, userId: number, addressId: number, now = new Date()): Promise<void> {
  await forShopper(db, userId, async (tx) => {
    await ownedAddress(tx, userId, addressId);
    await makeDefault(tx, userId, addressId, now.toISOString());
  });
}

/** Deletes one of the shopper's addresses; when it was the default, the oldest remaining one becomes it. */
export async function deleteAddress(db: Db, userId: number, addressId: number, now = new Date()): Promise<void> {
  await forShopper(db, userId, async (tx) => {
    const address = await ownedAddress(tx, userId, addressId);
    await tx.deleteFrom("addresses").where("id", "=", addressId).where("user_id", "=", userId).execute();
    if (address.is_default !== 1) return;
    const oldest = await tx
      .selectFrom("addresses")
      .select("id")
      .where("user_id", "=", userId)
      .orderBy("created_at")
      .orderBy("id")
      .limit(1)
      .executeTakeFirst();
    if (oldest) await makeDefault(tx, userId, oldest.id, now.toISOString());
  });
}

/** The address id in a URL; anything that cannot be one is not found. */
export function addressIdFrom(param: string | undefined): number {
  const id = /^\d{1,9}$/.test(param ?? "") ? Number(param) : 0;
  if (id < 1) throw new AddressNotFoundError();
  return id;
}

/** For routes: runs an address operation and turns "not found" into the Page Not Found answer (404). */
export async function orNotFound<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AddressNotFoundError) throw new Response("Not Found", { status: 404 });
    throw error;
  }
}
