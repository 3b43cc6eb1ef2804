import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { createTestDatabase, describeEachDatabase, type TestDatabase } from "../../../tests/integration/support/databases";
import { seedDatabase } from "~/db/seed";
import type { Db } from "~/lib/db.server";
import { DomainError } from "~/lib/domain-error";
import { checkCartChoice } from "~/modules/catalog/product-details.server";
import {
  addToCart,
  cartSummary,
  decrementLine,
  incrementLine,
  prepareCheckout,
  readCart,
  removeLine,
  toggleShopSelection,
} from "./cart.server";

async function add(db: Db, userId: number, productId: number, quantity = 1, options: Record<string, unknown> = {}) {
  const result = await checkCartChoice(db, { product_id: String(productId), quantity: String(quantity), ...options });
  if (!result.ok) throw new Error(`cannot add ${productId}: ${result.error.message}`);
  await addToCart(db, userId, result.choice, result.product);
}

async function expectDomainError(work: Promise<unknown>, message: string, values?: Record<string, unknown>) {
  const error = await work.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(DomainError);
  expect((error as DomainError).message).toBe(message);
  if (values) expect((error as DomainError).values).toEqual(values);
}

describeEachDatabase("cart", (kind) => {
  let test: TestDatabase;
  let db: Db;
  let shopper: number;
  let other: number;
  /** A product of the first shop with priced colours and sizes, no flash sale. */
  let dressed: { id: number; price: number; discount_price: number; quantity: number; name: string; shop_id: number };
  /** A product of another shop in the running flash sale, with its sale price. */
  let onSale: { id: number; price: number; sale_price: number; shop_id: number };

  beforeAll(async () => {
    test = await createTestDatabase(kind);
    db = test.db;
    // The full demo catalogue: priced colours and sizes are in the fashion shops, flash sales elsewhere too.
    await seedDatabase(db);
    const now = new Date().toISOString();
    const sale = await db.selectFrom("flash_sale_products as fp")
      .innerJoin("flash_sales as f", "f.id", "fp.flash_sale_id")
      .innerJoin("products as p", "p.id", "fp.product_id")
      .select(["p.id", "p.price", "p.shop_id", "fp.price as sale_price"])
      .where("f.starts_at", "<=", now).where("f.ends_at", ">", now).where("p.is_active", "=", 1).where("p.quantity", ">=", 5)
      .where("p.min_order_quantity", "<=", 1)
      .orderBy("p.id").executeTakeFirstOrThrow();
    onSale = sale;
    dressed = await db.selectFrom("products as p")
      .select(["p.id", "p.price", "p.discount_price", "p.quantity", "p.name", "p.shop_id"])
      .where("p.shop_id", "!=", sale.shop_id).where("p.is_active", "=", 1).where("p.quantity", ">=", 5).where("p.quantity", "<=", 500)
      .where("p.min_order_quantity", "<=", 1)
      .where((eb) => eb.exists(eb.selectFrom("product_colors").select("product_id").whereRef("product_id", "=", "p.id").where("price", ">", 0)))
      .where((eb) => eb.exists(eb.selectFrom("product_sizes").select("product_id").whereRef("product_id", "=", "p.id").where("price", ">", 0)))
      .where((eb) => eb.not(eb.exists(eb.selectFrom("flash_sale_products").select("product_id").whereRef("product_id", "=", "p.id"))))
      .orderBy("p.id").executeTakeFirstOrThrow();
  }, 60_000);
  afterAll(async () => test?.drop());

  let serial = 0;
  beforeEach(async () => {
    serial += 1;
    const made = await db.insertInto("users").values([
      { name: "Cart Shopper", email: `cart-${kind}-${serial}@example.test` },
      { name: "Other Shopper", email: `other-${kind}-${serial}@example.test` },
    ]).returning("id").execute();
    [shopper, other] = made.map((row) => row.id);
  });

  async function pricedOption(table: "product_colors" | "product_sizes", column: "color_id" | "size_id") {
    return db.selectFrom(table).select([`${column} as id`, "price"]).where("product_id", "=", dressed.id).where("price", ">", 0)
      .orderBy(column).executeTakeFirstOrThrow();
  }

  it("prices each line from the database: options on top of the discount, the flash sale's price while it runs", async () => {
    const color = await pricedOption("product_colors", "color_id");
    const size = await pricedOption("product_sizes", "size_id");
    await add(db, shopper, dressed.id, 2, { color: String(color.id), size: String(size.id) });
    await add(db, shopper, onSale.id, 1);

    const cart = await readCart(db, shopper);
    expect(cart.groups.map((group) => group.shop_id)).toEqual([dressed.shop_id, onSale.shop_id]);
    const base = dressed.discount_price > 0 && dressed.discount_price < dressed.price ? dressed.discount_price : dressed.price;
    const line = cart.groups[0].lines[0];
    expect(line).toMatchObject({
      product_id: dressed.id,
      quantity: 2,
      unit_price: base + color.price + size.price,
      list_price: dressed.price + color.price + size.price,
      line_total: 2 * (base + color.price + size.price),
    });
    expect(line.color?.id).toBe(color.id);
    expect(line.size?.id).toBe(size.id);
    expect(line.thumbnail).toMatch(/^\/media\//);
    expect(cart.groups[1].lines[0]).toMatchObject({ unit_price: onSale.sale_price, list_price: onSale.price });
    expect(cart.count).toBe(3);
    expect(cart.total).toBe(line.line_total + onSale.sale_price);
    expect(await cartSummary(db, shopper)).toEqual({ count: 3, total: cart.total });

    // Once the sale has ended the usual price applies.
    const ends = await db.selectFrom("flash_sale_products as fp").innerJoin("flash_sales as f", "f.id", "fp.flash_sale_id")
      .select("f.ends_at").where("fp.product_id", "=", onSale.id).executeTakeFirstOrThrow();
    const later = await readCart(db, shopper, { now: new Date(new Date(ends.ends_at).getTime() + 1000) });
    expect(later.groups[1].lines[0].unit_price).toBeGreaterThan(onSale.sale_price);
    // Another shopper's cart is their own.
    expect(await readCart(db, other)).toEqual({ groups: [], count: 0, total: 0 });
  });

  it("gives the header the cart's own count and total: an option no longer offered, a product taken down, a sale ended", async () => {
    const color = await pricedOption("product_colors", "color_id");
    await add(db, shopper, dressed.id, 2, { color: String(color.id) });
    await add(db, shopper, onSale.id, 3);
    const summaryOf = async (now?: Date) => {
      const cart = await readCart(db, shopper, { now });
      expect(await cartSummary(db, shopper, now)).toEqual({ count: cart.count, total: cart.total });
      return cart;
    };
    expect((await summaryOf()).count).toBe(5);
    const ends = await db.selectFrom("flash_sale_products as fp").innerJoin("flash_sales as f", "f.id", "fp.flash_sale_id")
      .select("f.ends_at").where("fp.product_id", "=", onSale.id).executeTakeFirstOrThrow();
    await summaryOf(new Date(new Date(ends.ends_at).getTime() + 1000));
    const taken = await db.deleteFrom("product_colors").where("product_id", "=", dressed.id).where("color_id", "=", color.id).returningAll().executeTakeFirstOrThrow();
    try {
      expect((await summaryOf()).groups[0].lines[0].color).toBeNull();
      await db.updateTable("products").set({ is_active: 0 }).where("id", "=", onSale.id).execute();
      expect(await summaryOf()).toMatchObject({ count: 2 });
    } finally {
      await db.updateTable("products").set({ is_active: 1 }).where("id", "=", onSale.id).execute();
      await db.insertInto("product_colors").values(taken).execute();
    }
  });

  it("adds the same choice to one line and another colour to a new line", async () => {
    const color = await pricedOption("product_colors", "color_id");
    await add(db, shopper, dressed.id, 1, { color: String(color.id) });
    await add(db, shopper, dressed.id, 2, { color: String(color.id) });
    await add(db, shopper, dressed.id, 1);
    const lines = (await readCart(db, shopper)).groups[0].lines;
    expect(lines.map((line) => [line.color?.id ?? null, line.quantity])).toEqual([[color.id, 3], [null, 1]]);
  });

  it("never holds more units of a product than its stock, all its colours together", async () => {
    const color = await pricedOption("product_colors", "color_id");
    await add(db, shopper, dressed.id, dressed.quantity - 1);
    await expectDomainError(add(db, shopper, dressed.id, 2, { color: String(color.id) }), "cart:errors.maxQuantity",
      { count: dressed.quantity, name: dressed.name });
    await add(db, shopper, dressed.id, 1, { color: String(color.id) });
    const [plain] = (await readCart(db, shopper)).groups[0].lines;
    await expectDomainError(incrementLine(db, shopper, plain.id), "cart:errors.maxQuantity", { count: dressed.quantity, name: dressed.name });
    expect((await readCart(db, shopper)).count).toBe(dressed.quantity);
  });

  it("steps a line up and down; down from the minimum it leaves the cart and its shop's selection goes", async () => {
    await add(db, shopper, dressed.id, 1);
    await add(db, shopper, onSale.id, 1);
    const [first] = (await readCart(db, shopper)).groups[0].lines;
    expect(await incrementLine(db, shopper, first.id)).toEqual({ product_id: dressed.id, name: dressed.name, removed: false });
    expect((await readCart(db, shopper)).groups[0].lines[0].quantity).toBe(2);
    await toggleShopSelection(db, shopper, dressed.shop_id);

    expect((await decrementLine(db, shopper, first.id)).removed).toBe(false);
    expect(await decrementLine(db, shopper, first.id)).toEqual({ product_id: dressed.id, name: dressed.name, removed: true });
    const cart = await readCart(db, shopper);
    expect(cart.groups.map((group) => group.shop_id)).toEqual([onSale.shop_id]);
    const selections = await db.selectFrom("cart_shop_selections").select("shop_id").where("user_id", "=", shopper).execute();
    expect(selections).toEqual([]);
  });

  it("does not find another shopper's line", async () => {
    await add(db, other, dressed.id, 1);
    const [line] = (await readCart(db, other)).groups[0].lines;
    for (const change of [incrementLine, decrementLine, removeLine]) {
      await expectDomainError(change(db, shopper, line.id), "cart:errors.lineNotFound");
    }
    await expectDomainError(removeLine(db, shopper, 0), "cart:errors.lineNotFound");
    expect((await readCart(db, other)).groups[0].lines[0].quantity).toBe(1);
  });

  it("removes a line and drops the emptied shop's selection", async () => {
    await add(db, shopper, dressed.id, 2);
    await toggleShopSelection(db, shopper, dressed.shop_id);
    const [line] = (await readCart(db, shopper)).groups[0].lines;
    expect(await removeLine(db, shopper, line.id)).toEqual({ product_id: dressed.id, name: dressed.name, removed: true });
    expect((await readCart(db, shopper)).count).toBe(0);
    expect(await db.selectFrom("cart_shop_selections").select("shop_id").where("user_id", "=", shopper).execute()).toEqual([]);
  });

  it("toggles a shop's selection, only for a shop in the cart", async () => {
    await add(db, shopper, dressed.id, 1);
    await add(db, shopper, onSale.id, 1);
    expect(await toggleShopSelection(db, shopper, onSale.shop_id)).toEqual({ selected: true });
    expect((await readCart(db, shopper)).groups.map((group) => group.selected)).toEqual([false, true]);
    expect(await toggleShopSelection(db, shopper, onSale.shop_id)).toEqual({ selected: false });
    expect((await readCart(db, shopper)).groups.map((group) => group.selected)).toEqual([false, false]);
    // Single-vendor mode reads every shop as selected.
    expect((await readCart(db, shopper, { selectAll: true })).groups.map((group) => group.selected)).toEqual([true, true]);
    await expectDomainError(toggleShopSelection(db, other, onSale.shop_id), "cart:errors.shopNotInCart");
  });

  it("proceeds to checkout only with a selected shop in multi-vendor mode; single-vendor mode selects them all", async () => {
    await expectDomainError(prepareCheckout(db, shopper, { multiVendor: true }), "cart:errors.empty");
    await add(db, shopper, dressed.id, 1);
    await add(db, shopper, onSale.id, 1);
    await expectDomainError(prepareCheckout(db, shopper, { multiVendor: true }), "cart:errors.selectShop");
    await toggleShopSelection(db, shopper, dressed.shop_id);
    await prepareCheckout(db, shopper, { multiVendor: true });
    expect((await readCart(db, shopper)).groups.map((group) => group.selected)).toEqual([true, false]);

    await add(db, other, dressed.id, 1);
    await add(db, other, onSale.id, 1);
    await prepareCheckout(db, other, { multiVendor: false });
    expect((await readCart(db, other)).groups.map((group) => group.selected)).toEqual([true, true]);
  });

  it("keeps the buy-now line apart from the cart", async () => {
    await add(db, shopper, dressed.id, 1);
    await add(db, shopper, onSale.id, 2, { is_buy_now: "1" });
    await add(db, shopper, onSale.id, 1, { is_buy_now: "1" });
    expect((await readCart(db, shopper)).groups.map((group) => group.shop_id)).toEqual([dressed.shop_id]);
    const buyNow = await readCart(db, shopper, { kind: "buynow" });
    expect(buyNow.groups.flatMap((group) => group.lines.map((line) => [line.product_id, line.quantity]))).toEqual([[onSale.id, 1]]);
    expect(buyNow.groups[0].selected).toBe(true);
  });
});
