import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { createTestDatabase, describeEachDatabase, type TestDatabase } from "../../../tests/integration/support/databases";
import { seedDatabase } from "~/db/seed";
import type { Db } from "~/lib/db.server";
import { DomainError } from "~/lib/domain-error";
import {
  addToWishlist,
  countWishlist,
  listWishlist,
  MAX_WISHLIST,
  removeFromWishlist,
  toggleWishlist,
  wishlistedAmong,
  wishlistIds,
  WishlistProductNotFoundError,
} from "./wishlist.server";

describeEachDatabase("wishlist", (kind) => {
  let test: TestDatabase;
  let db: Db;
  const owner = 1; // the seed's demo customers
  const other = 2;
  let products: { id: number; name: string; shop_id: number }[];

  const rows = () => db.selectFrom("wishlist_items").select(["user_id", "product_id"]).orderBy("user_id").orderBy("product_id").execute();
  const at = (minutes: number) => new Date(Date.UTC(2026, 0, 1, 0, minutes));

  beforeAll(async () => {
    test = await createTestDatabase(kind);
    db = test.db;
    // More products than a wishlist may keep, so the limit can be reached.
    await seedDatabase(db, { products: MAX_WISHLIST + 20 });
    products = await db.selectFrom("products").select(["id", "name", "shop_id"]).where("is_active", "=", 1).orderBy("id").limit(14).execute();
  });
  afterAll(() => test?.drop());
  beforeEach(async () => {
    await db.deleteFrom("wishlist_items").execute();
    await db.updateTable("products").set({ is_active: 1 }).where("id", "in", products.map((p) => p.id)).execute();
    await db.updateTable("shops").set({ is_active: 1 }).execute();
  });

  it("toggling twice gives back the original state, whichever state it starts from", async () => {
    const [first, second] = products;
    const on = await toggleWishlist(db, owner, first.id);
    expect(on).toEqual({ product: { id: first.id, name: first.name }, inWishlist: true, changed: true });
    expect(await wishlistIds(db, owner)).toEqual([first.id]);
    const off = await toggleWishlist(db, owner, first.id);
    expect(off).toEqual({ product: { id: first.id, name: first.name }, inWishlist: false, changed: true });
    expect(await rows()).toEqual([]);

    await addToWishlist(db, owner, second.id);
    await toggleWishlist(db, owner, second.id);
    await toggleWishlist(db, owner, second.id);
    expect(await rows()).toEqual([{ user_id: owner, product_id: second.id }]);
  });

  it("adding or removing twice changes nothing the second time (a stale page, a double click)", async () => {
    const [product] = products;
    expect((await addToWishlist(db, owner, product.id)).changed).toBe(true);
    expect((await addToWishlist(db, owner, product.id)).changed).toBe(false);
    expect(await countWishlist(db, owner)).toBe(1);
    expect((await removeFromWishlist(db, owner, product.id)).changed).toBe(true);
    expect((await removeFromWishlist(db, owner, product.id)).changed).toBe(false);
    expect(await countWishlist(db, owner)).toBe(0);
  });

  it("refuses a product that does not exist or an id that cannot be one, and writes nothing", async () => {
    const { max } = await db.selectFrom("products").select((eb) => eb.fn.max("id").as("max")).executeTakeFirstOrThrow();
    const missing = Number(max) + 1000;
    for (const id of [missing, 0, -3, 1.5, Number.NaN]) {
      await expect(toggleWishlist(db, owner, id)).rejects.toThrow(WishlistProductNotFoundError);
      await expect(addToWishlist(db, owner, id)).rejects.toThrow(WishlistProductNotFoundError);
      await expect(removeFromWishlist(db, owner, id)).rejects.toThrow(WishlistProductNotFoundError);
    }
    const error = await addToWishlist(db, owner, missing).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).message).toBe("wishlist:errors.productNotFound");
    expect(await rows()).toEqual([]);
  });

  it("refuses to add a product taken off sale, hides it while it is off and lets the shopper remove it", async () => {
    const [kept, hidden] = products;
    await addToWishlist(db, owner, kept.id, at(1));
    await addToWishlist(db, owner, hidden.id, at(2));
    await db.updateTable("products").set({ is_active: 0 }).where("id", "=", hidden.id).execute();

    expect(await countWishlist(db, owner)).toBe(1);
    expect(await wishlistIds(db, owner)).toEqual([kept.id]);
    expect((await listWishlist(db, owner)).products.map((p) => p.id)).toEqual([kept.id]);
    await expect(addToWishlist(db, owner, hidden.id)).rejects.toThrow(WishlistProductNotFoundError);

    // Back on sale, it is back in the list where it was.
    await db.updateTable("products").set({ is_active: 1 }).where("id", "=", hidden.id).execute();
    expect(await wishlistIds(db, owner)).toEqual([hidden.id, kept.id]);

    // A suspended shop hides its products too; they can still be removed.
    await db.updateTable("shops").set({ is_active: 0 }).where("id", "=", hidden.shop_id).execute();
    expect(await wishlistIds(db, owner)).not.toContain(hidden.id);
    expect((await removeFromWishlist(db, owner, hidden.id)).changed).toBe(true);
  });

  it("keeps each shopper's wishlist apart", async () => {
    const [a, b, c] = products;
    await addToWishlist(db, owner, a.id, at(1));
    await addToWishlist(db, owner, b.id, at(2));
    await addToWishlist(db, other, b.id, at(3));
    await addToWishlist(db, other, c.id, at(4));

    expect(await wishlistIds(db, owner)).toEqual([b.id, a.id]);
    expect(await wishlistIds(db, other)).toEqual([c.id, b.id]);
    expect(await countWishlist(db, owner)).toBe(2);
    expect(await countWishlist(db, other)).toBe(2);

    // The other shopper's heart on b goes off; the owner's stays.
    await toggleWishlist(db, other, b.id);
    expect(await wishlistIds(db, owner)).toEqual([b.id, a.id]);
    expect(await wishlistIds(db, other)).toEqual([c.id]);
    expect(await wishlistedAmong(db, other, [a.id, b.id, c.id])).toEqual([c.id]);
    expect(await wishlistedAmong(db, owner, [c.id, b.id, a.id, b.id, -1])).toEqual([b.id, a.id]);
    expect(await wishlistedAmong(db, owner, [])).toEqual([]);
  });

  it("lists newest first, ten a page, the page kept within the pages there are, with the right counts", async () => {
    for (const [index, product] of products.slice(0, 12).entries()) await addToWishlist(db, owner, product.id, at(index));
    const newestFirst = products.slice(0, 12).map((p) => p.id).reverse();

    const first = await listWishlist(db, owner);
    expect(first).toMatchObject({ total: 12, page: 1, perPage: 10 });
    expect(first.products.map((p) => p.id)).toEqual(newestFirst.slice(0, 10));
    expect(first.products[0]).toMatchObject({ name: products[11].name });
    expect(typeof first.products[0].price).toBe("number");

    const second = await listWishlist(db, owner, { page: 2 });
    expect(second.products.map((p) => p.id)).toEqual(newestFirst.slice(10));
    expect((await listWishlist(db, owner, { page: 99 })).page).toBe(2);
    expect((await listWishlist(db, owner, { page: -4 })).page).toBe(1);
    expect(await countWishlist(db, owner)).toBe(12);

    expect(await listWishlist(db, other)).toEqual({ total: 0, page: 1, perPage: 10, products: [] });
  });

  it("goes when the product or the shopper is deleted", async () => {
    const shopper = await db.insertInto("users").values({ name: "Leaving", email: "leaving@example.com", password_hash: null }).returning("id").executeTakeFirstOrThrow();
    await addToWishlist(db, shopper.id, products[0].id);
    await addToWishlist(db, owner, products[0].id);
    await db.deleteFrom("users").where("id", "=", shopper.id).execute();
    expect(await rows()).toEqual([{ user_id: owner, product_id: products[0].id }]);
  });

  it(`stops at ${MAX_WISHLIST} products; one already in it is still "added"`, async () => {
    const ids = (await db.selectFrom("products").select("id").where("is_active", "=", 1).orderBy("id").limit(MAX_WISHLIST + 1).execute()).map((row) => row.id);
    expect(ids).toHaveLength(MAX_WISHLIST + 1);
    const [last, ...full] = [ids.at(-1)!, ...ids.slice(0, MAX_WISHLIST)];
    await db.insertInto("wishlist_items").values(full.map((id) => ({ user_id: owner, product_id: id }))).execute();
    const refused = await addToWishlist(db, owner, last).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(DomainError);
    expect((refused as DomainError).message).toBe("wishlist:errors.full");
    expect((await addToWishlist(db, owner, full[0])).changed).toBe(false);
    await removeFromWishlist(db, owner, full[0]);
    expect((await addToWishlist(db, owner, last)).changed).toBe(true);
  });
});
