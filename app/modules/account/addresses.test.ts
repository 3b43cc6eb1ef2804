import { parseWithZod } from "@conform-to/zod";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestDatabase, describeEachDatabase, type TestDatabase } from "../../../tests/integration/support/databases";
import { addressSchema, type AddressInput } from "./addresses.schema";
import {
  addressIdFrom,
  AddressNotFoundError,
  checkoutAddress,
  createAddress,
  deleteAddress,
  getAddress,
  listAddresses,
  MAX_ADDRESSES,
  setDefaultAddress,
  updateAddress,
} from "./addresses.server";

const rules = { phoneMinLength: 9, phoneMaxLength: 16 };
const schema = addressSchema(rules);

function parse(values: Record<string, string>) {
  const form = new FormData();
  for (const [key, value] of Object.entries(values)) form.set(key, value);
  return parseWithZod(form, { schema });
}

const home = { name: "Amina Haddad", phone: "555 010-0101", address_line: "12 Market Street", area: "Downtown", post_code: "94105" };

describe("address form rules", () => {
  it("accepts a complete address, keeps only the phone's digits and defaults the type to home", () => {
    const submission = parse(home);
    expect(submission.status).toBe("success");
    expect(submission.status === "success" && submission.value).toEqual({
      ...home,
      phone: "5550100101",
      address_type: "home",
      is_default: false,
    });
  });

  it("requires the name, the phone and the address line", () => {
    const submission = parse({ name: "", phone: "", address_line: "" });
    expect(submission.status === "error" && submission.error).toEqual({
      name: ["account:errors.nameRequired"],
      phone: ["account:errors.phoneRequired"],
      address_line: ["account:errors.addressLineRequired"],
    });
  });

  it("refuses letters or a wrong length in the phone, an odd post code and an unknown type", () => {
    const submission = parse({ ...home, phone: "555-CALL-NOW", post_code: "<script>", address_type: "castle" });
    expect(submission.status === "error" && submission.error).toEqual({
      phone: ["account:errors.phoneInvalid"],
      post_code: ["account:errors.postCodeInvalid"],
      address_type: ["account:errors.addressTypeInvalid"],
    });
    expect(parse({ ...home, phone: "12345678" }).status).toBe("error");
    expect(parse({ ...home, phone: "12345678901234567" }).status).toBe("error");
  });

  it("reads the default checkbox", () => {
    const submission = parse({ ...home, is_default: "on", address_type: "office" });
    expect(submission.status === "success" && submission.value).toMatchObject({ is_default: true, address_type: "office" });
  });

  it("takes only whole positive numbers as an address id from a URL", () => {
    expect(addressIdFrom("42")).toBe(42);
    for (const bad of [undefined, "", "0", "-1", "1e3", "abc", "4.2", "12345678901"]) {
      expect(() => addressIdFrom(bad)).toThrow(AddressNotFoundError);
    }
  });
});

const input = (overrides: Partial<AddressInput> = {}): AddressInput => ({
  name: "Amina Haddad",
  phone: "5550100101",
  address_line: "12 Market Street",
  address_type: "home",
  is_default: false,
  ...overrides,
});

describeEachDatabase("addresses", (kind) => {
  let test: TestDatabase;
  let owner: number;
  let stranger: number;

  async function newUser(email: string) {
    const { id } = await test.db.insertInto("users").values({ name: email, email, password_hash: null }).returning("id").executeTakeFirstOrThrow();
    return id;
  }

  /** The ids of a user's default addresses: exactly one whenever the user has any address. */
  async function defaults(userId: number) {
    const rows = await test.db.selectFrom("addresses").select("id").where("user_id", "=", userId).where("is_default", "=", 1).execute();
    return rows.map((r) => r.id);
  }

  beforeAll(async () => {
    test = await createTestDatabase(kind);
  });
  afterAll(() => test?.drop());
  beforeEach(async () => {
    await test.db.deleteFrom("addresses").execute();
    await test.db.deleteFrom("users").execute();
    owner = await newUser("owner@example.com");
    stranger = await newUser("stranger@example.com");
  });

  it("makes the first address the default and keeps exactly one default through every change", async () => {
    const first = await createAddress(test.db, owner, input({ name: "First" }));
    expect(await defaults(owner)).toEqual([first]);

    const second = await createAddress(test.db, owner, input({ name: "Second" }));
    expect(await defaults(owner)).toEqual([first]);

    const third = await createAddress(test.db, owner, input({ name: "Third", is_default: true }));
    expect(await defaults(owner)).toEqual([third]);

    await setDefaultAddress(test.db, owner, second);
    expect(await defaults(owner)).toEqual([second]);

    await updateAddress(test.db, owner, first, input({ name: "First, moved", is_default: true }));
    expect(await defaults(owner)).toEqual([first]);

    // Unticking the default does not leave the shopper without one.
    await updateAddress(test.db, owner, first, input({ name: "First again", is_default: false }));
    expect(await defaults(owner)).toEqual([first]);
    expect((await getAddress(test.db, owner, first)).name).toBe("First again");

    // The list shows the default first, then the others in the order they were added.
    expect((await listAddresses(test.db, owner)).map((a) => [a.id, a.is_default])).toEqual([[first, true], [second, false], [third, false]]);
  });

  it("hands the default to the oldest remaining address when the default is deleted", async () => {
    const t0 = new Date("2026-01-01T00:00:00Z");
    const at = (minutes: number) => new Date(t0.getTime() + minutes * 60_000);
    const oldest = await createAddress(test.db, owner, input({ name: "Oldest" }), at(0));
    const middle = await createAddress(test.db, owner, input({ name: "Middle" }), at(1));
    const newest = await createAddress(test.db, owner, input({ name: "Newest", is_default: true }), at(2));

    await deleteAddress(test.db, owner, middle);
    expect(await defaults(owner)).toEqual([newest]);

    await deleteAddress(test.db, owner, newest);
    expect(await defaults(owner)).toEqual([oldest]);

    await deleteAddress(test.db, owner, oldest);
    expect(await listAddresses(test.db, owner)).toEqual([]);
    expect(await checkoutAddress(test.db, owner)).toBeNull();
  });

  it("delivers checkout to the default address, otherwise the first", async () => {
    const first = await createAddress(test.db, owner, input({ name: "First" }));
    const second = await createAddress(test.db, owner, input({ name: "Second", is_default: true }));
    expect((await checkoutAddress(test.db, owner))?.id).toBe(second);
    // Addresses brought in without a default (e.g. imported): the first one is used.
    await test.db.updateTable("addresses").set({ is_default: 0 }).where("user_id", "=", owner).execute();
    expect((await checkoutAddress(test.db, owner))?.id).toBe(first);
  });

  it("keeps one default when a shopper adds addresses at the same moment", async () => {
    await Promise.all(Array.from({ length: 6 }, (_, i) => createAddress(test.db, owner, input({ name: `Parallel ${i}` }))));
    expect(await defaults(owner)).toHaveLength(1);
    expect(await listAddresses(test.db, owner)).toHaveLength(6);
  });

  it("stops at the most addresses an account can keep", async () => {
    for (let i = 0; i < MAX_ADDRESSES; i++) await createAddress(test.db, owner, input({ name: `Address ${i}` }));
    await expect(createAddress(test.db, owner, input())).rejects.toThrow("account:errors.addressLimit");
    expect(await listAddresses(test.db, owner)).toHaveLength(MAX_ADDRESSES);
  });

  it("never lets another shopper read, change, delete or pick someone's address", async () => {
    const mine = await createAddress(test.db, owner, input({ name: "Mine" }));
    await createAddress(test.db, owner, input({ name: "Mine too" }));
    const theirs = await createAddress(test.db, stranger, input({ name: "Theirs" }));
    const before = await test.db.selectFrom("addresses").selectAll().orderBy("id").execute();

    await expect(getAddress(test.db, stranger, mine)).rejects.toThrow(AddressNotFoundError);
    await expect(updateAddress(test.db, stranger, mine, input({ name: "Hijacked", is_default: true }))).rejects.toThrow(AddressNotFoundError);
    await expect(deleteAddress(test.db, stranger, mine)).rejects.toThrow(AddressNotFoundError);
    await expect(setDefaultAddress(test.db, stranger, mine)).rejects.toThrow(AddressNotFoundError);
    // An id that names no address at all answers the same.
    await expect(getAddress(test.db, stranger, mine + 1000)).rejects.toThrow(AddressNotFoundError);

    expect(await test.db.selectFrom("addresses").selectAll().orderBy("id").execute()).toEqual(before);
    expect((await listAddresses(test.db, stranger)).map((a) => a.id)).toEqual([theirs]);
  });
});
