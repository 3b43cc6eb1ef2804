import type { Db } from "~/lib/db.server";
import { preparedQuery } from "~/lib/prepared-query.server";
import { DomainError } from "~/lib/domain-error";
import { runningFlashPrices } from "~/modules/catalog/flash-prices.server";
import { unitPrice } from "~/modules/catalog/pricing";
import { thumbnailsOf } from "~/modules/catalog/products.server";
import type { CartChoice, ProductDetails } from "~/modules/catalog/product-details.server";

/**
 * The cart of a signed-in shopper (spec §3, §4): lines kept on the server, priced from the database on every
 * read (a running flash sale, the discount price when above 0, plus the chosen options' prices), grouped per shop.
 * The buy-now line (is_buy_now) lives apart: /buynow checks out that one line without touching the cart.
 */

export interface CartOption { id: number; name: string }

export interface CartLine {
  id: number;
  product_id: number;
  name: string;
  thumbnail: string | null;
  brand: string | null;
  is_digital: boolean;
  color: CartOption | null;
  size: CartOption | null;
  unit: CartOption | null;
  /** One unit with its options, sale or discount applied; minor units of the default currency. */
  unit_price: number;
  /** One unit at the list price with the same options (shown struck through when higher). */
  list_price: number;
  quantity: number;
  /** Units in stock now: a line above it cannot be ordered as it is. */
  stock: number;
  min_order_quantity: number;
  line_total: number;
}

export interface CartShopGroup {
  shop_id: number;
  shop_name: string;
  shop_logo: string;
  shop_rating: number;
  delivery_charge: number;
  estimated_delivery_days: number;
  /** Chosen for checkout (spec: shop selections live on the server). */
  selected: boolean;
  lines: CartLine[];
  subtotal: number;
}

export interface Cart {
  groups: CartShopGroup[];
  /** Units in the cart, all lines together. */
  count: number;
  /** Sum of the line totals. */
  total: number;
}

export type CartKind = "cart" | "buynow";

/** The shopper's cart lines (or buy-now line) of active products in active shops, with what prices them. */
const pricedLines = (db: Db, userId: number, buyNow: 0 | 1) =>
  db
    .selectFrom("cart_items as ci")
    .innerJoin("products as p", "p.id", "ci.product_id")
    .innerJoin("shops as s", "s.id", "p.shop_id")
    .leftJoin("colors as c", "c.id", "ci.color_id")
    .leftJoin("sizes as z", "z.id", "ci.size_id")
    .leftJoin("units as u", "u.id", "ci.unit_id")
    .leftJoin("product_colors as pc", (join) => join.onRef("pc.product_id", "=", "ci.product_id").onRef("pc.color_id", "=", "ci.color_id"))
    .leftJoin("product_sizes as ps", (join) => join.onRef("ps.product_id", "=", "ci.product_id").onRef("ps.size_id", "=", "ci.size_id"))
    .leftJoin("product_units as pu", (join) => join.onRef("pu.product_id", "=", "ci.product_id").onRef("pu.unit_id", "=", "ci.unit_id"))
    .where("ci.user_id", "=", userId)
    .where("ci.is_buy_now", "=", buyNow)
    .where("p.is_active", "=", 1)
    .where("s.is_active", "=", 1);

const PRICING = [
  "ci.product_id", "ci.quantity", "ci.color_id", "ci.size_id", "ci.unit_id", "p.price", "p.discount_price",
  "c.name as color_name", "z.name as size_name", "u.name as unit_name",
  "pc.price as color_price", "ps.price as size_price", "pu.price as unit_price",
] as const;

const cartLines = preparedQuery((db, userId: number, buyNow: 0 | 1) =>
  pricedLines(db, userId, buyNow)
    .leftJoin("brands as b", "b.id", "p.brand_id")
    .leftJoin("cart_shop_selections as sel", (join) => join.onRef("sel.user_id", "=", "ci.user_id").onRef("sel.shop_id", "=", "p.shop_id"))
    .select([
      ...PRICING,
      "ci.id", "p.name", "p.quantity as stock", "p.min_order_quantity", "p.is_digital", "b.name as brand",
      "s.id as shop_id", "s.name as shop_name", "s.logo as shop_logo", "s.rating as shop_rating",
      "s.delivery_charge", "s.estimated_delivery_days", "sel.shop_id as selected_shop",
    ])
    .orderBy("ci.id"));

/** Only what prices the cart's lines: the header's count and total on every page need no more (half the query's time). */
const cartPricing = preparedQuery((db, userId: number) => pricedLines(db, userId, 0).select(PRICING));

type PricingRow = Awaited<ReturnType<typeof cartPricing>>[number];

/** A line's options the product still offers (one it no longer offers adds nothing and is not shown), and its prices. */
function priceLine(row: PricingRow, flashPrice: number | null) {
  const color = row.color_id && row.color_price != null && row.color_name ? { id: row.color_id, name: row.color_name } : null;
  const size = row.size_id && row.size_price != null && row.size_name ? { id: row.size_id, name: row.size_name } : null;
  const unit = row.unit_id && row.unit_price != null && row.unit_name ? { id: row.unit_id, name: row.unit_name } : null;
  const extras = [color ? row.color_price! : 0, size ? row.size_price! : 0, unit ? row.unit_price! : 0];
  return {
    color,
    size,
    unit,
    unitPrice: unitPrice({ price: row.price, discount_price: row.discount_price, flash_price: flashPrice }, extras),
    listPrice: unitPrice({ price: row.price, discount_price: 0 }, extras),
  };
}

/**
 * The shopper's cart (or the buy-now line), priced now; lines of products or shops no longer active are left out.
 * `selectAll` (single-vendor mode) marks every shop selected.
 */
export async function readCart(
  db: Db,
  userId: number,
  options: { kind?: CartKind; selectAll?: boolean; now?: Date } = {},
): Promise<Cart> {
  const buyNow = options.kind === "buynow" ? 1 : 0;
  const rows = await cartLines(db, userId, buyNow);
  if (rows.length === 0) return { groups: [], count: 0, total: 0 };

  const productIds = [...new Set(rows.map((row) => row.product_id))];
  const [flash, thumbnails] = await Promise.all([
    runningFlashPrices(db, productIds, options.now),
    thumbnailsOf(db, productIds),
  ]);

  const groups = new Map<number, CartShopGroup>();
  for (const row of rows) {
    const { color, size, unit, unitPrice: price, listPrice } = priceLine(row, flash.get(row.product_id)?.price ?? null);
    const line: CartLine = {
      id: row.id,
      product_id: row.product_id,
      name: row.name,
      thumbnail: thumbnails.get(row.product_id)?.path ?? null,
      brand: row.brand ?? null,
      is_digital: row.is_digital === 1,
      color,
      size,
      unit,
      unit_price: price,
      list_price: listPrice,
      quantity: row.quantity,
      stock: row.stock,
      min_order_quantity: Math.max(1, row.min_order_quantity),
      line_total: price * row.quantity,
    };
    let group = groups.get(row.shop_id);
    if (!group) {
      group = {
        shop_id: row.shop_id,
        shop_name: row.shop_name,
        shop_logo: row.shop_logo,
        shop_rating: Number(row.shop_rating),
        delivery_charge: row.delivery_charge,
        estimated_delivery_days: row.estimated_delivery_days,
        selected: buyNow === 1 || options.selectAll === true || row.selected_shop != null,
        lines: [],
        subtotal: 0,
      };
      groups.set(row.shop_id, group);
    }
    group.lines.push(line);
    group.subtotal += line.line_total;
  }
  const list = [...groups.values()];
  return {
    groups: list,
    count: list.reduce((sum, group) => sum + group.lines.reduce((units, line) => units + line.quantity, 0), 0),
    total: list.reduce((sum, group) => sum + group.subtotal, 0),
  };
}

/** Units and total of the cart, for the header bag and the floating cart tab (on every page: no pictures read). */
export async function cartSummary(db: Db, userId: number, now?: Date): Promise<{ count: number; total: number }> {
  const rows = await cartPricing(db, userId);
  if (rows.length === 0) return { count: 0, total: 0 };
  const flash = await runningFlashPrices(db, [...new Set(rows.map((row) => row.product_id))], now);
  let count = 0;
  let total = 0;
  for (const row of rows) {
    count += row.quantity;
    total += priceLine(row, flash.get(row.product_id)?.price ?? null).unitPrice * row.quantity;
  }
  return { count, total };
}

/**
 * Adds a checked choice (catalog's checkCartChoice) to the cart: the same product with the same options adds to
 * its line, never beyond the stock. A buy-now choice replaces the shopper's buy-now line instead.
 */
export async function addToCart(db: Db, userId: number, choice: CartChoice, product: ProductDetails): Promise<void> {
  const key = {
    user_id: userId,
    product_id: product.id,
    color_id: choice.color ?? 0,
    size_id: choice.size ?? 0,
    unit_id: choice.unit ?? 0,
  };
  await db.transaction().execute(async (trx) => {
    if (choice.is_buy_now) {
      await trx.deleteFrom("cart_items").where("user_id", "=", userId).where("is_buy_now", "=", 1).execute();
      await trx.insertInto("cart_items").values({ ...key, shop_id: product.shop.id, quantity: choice.quantity, is_buy_now: 1 }).execute();
      return;
    }
    const existing = await trx
      .selectFrom("cart_items")
      .select(["id", "quantity"])
      .where("user_id", "=", userId)
      .where("is_buy_now", "=", 0)
      .where("product_id", "=", key.product_id)
      .where("color_id", "=", key.color_id)
      .where("size_id", "=", key.size_id)
      .where("unit_id", "=", key.unit_id)
      .executeTakeFirst();
    const quantity = (existing?.quantity ?? 0) + choice.quantity;
    if ((await unitsInCart(trx, userId, product.id)) + choice.quantity > product.quantity) {
      throw new DomainError("cart:errors.maxQuantity", undefined, { count: product.quantity, name: product.name });
    }
    if (existing) {
      await trx.updateTable("cart_items").set({ quantity, updated_at: new Date().toISOString() }).where("id", "=", existing.id).execute();
    } else {
      await trx.insertInto("cart_items").values({ ...key, shop_id: product.shop.id, quantity, is_buy_now: 0 }).execute();
    }
  });
}

/** Units of one product in the shopper's cart, all its colours and sizes together: the stock caps their sum. */
async function unitsInCart(db: Db, userId: number, productId: number): Promise<number> {
  const row = await db.selectFrom("cart_items").select((eb) => eb.fn.sum<number | string | null>("quantity").as("units"))
    .where("user_id", "=", userId).where("is_buy_now", "=", 0).where("product_id", "=", productId).executeTakeFirst();
  return Number(row?.units ?? 0);
}

/** A line of the shopper's cart with what changing it needs to know; another shopper's line is not found. */
async function ownLine(db: Db, userId: number, lineId: number) {
  const line = await db
    .selectFrom("cart_items as ci")
    .innerJoin("products as p", "p.id", "ci.product_id")
    .select(["ci.id", "ci.quantity", "ci.shop_id", "ci.product_id", "p.name", "p.quantity as stock", "p.min_order_quantity"])
    .where("ci.id", "=", lineId)
    .where("ci.user_id", "=", userId)
    .where("ci.is_buy_now", "=", 0)
    .executeTakeFirst();
  if (!line) throw new DomainError("cart:errors.lineNotFound");
  return line;
}

/** Drops the shop's selection once none of its lines are left (spec §4). */
async function dropEmptySelection(db: Db, userId: number, shopId: number) {
  const left = await db.selectFrom("cart_items").select("id").where("user_id", "=", userId).where("shop_id", "=", shopId)
    .where("is_buy_now", "=", 0).limit(1).executeTakeFirst();
  if (!left) await db.deleteFrom("cart_shop_selections").where("user_id", "=", userId).where("shop_id", "=", shopId).execute();
}

export interface LineChange {
  product_id: number;
  name: string;
  /** True when the change took the line out of the cart. */
  removed: boolean;
}

/** One more unit, never beyond the stock. */
export async function incrementLine(db: Db, userId: number, lineId: number): Promise<LineChange> {
  const line = await ownLine(db, userId, lineId);
  if ((await unitsInCart(db, userId, line.product_id)) + 1 > line.stock) throw new DomainError("cart:errors.maxQuantity", undefined, { count: line.stock, name: line.name });
  await db.updateTable("cart_items").set({ quantity: line.quantity + 1, updated_at: new Date().toISOString() })
    .where("id", "=", line.id).where("quantity", "=", line.quantity).execute();
  return { product_id: line.product_id, name: line.name, removed: false };
}

/** One unit less; below the product's minimum order (1 for most) the line leaves the cart. */
export async function decrementLine(db: Db, userId: number, lineId: number): Promise<LineChange> {
  const line = await ownLine(db, userId, lineId);
  const quantity = line.quantity - 1;
  if (quantity < Math.max(1, line.min_order_quantity)) return removeLine(db, userId, lineId);
  await db.updateTable("cart_items").set({ quantity, updated_at: new Date().toISOString() })
    .where("id", "=", line.id).where("quantity", "=", line.quantity).execute();
  return { product_id: line.product_id, name: line.name, removed: false };
}

export async function removeLine(db: Db, userId: number, lineId: number): Promise<LineChange> {
  const line = await ownLine(db, userId, lineId);
  await db.deleteFrom("cart_items").where("id", "=", line.id).execute();
  await dropEmptySelection(db, userId, line.shop_id);
  return { product_id: line.product_id, name: line.name, removed: true };
}

/** Selects the shop for checkout or takes it out again; only a shop with lines in the cart can be selected. */
export async function toggleShopSelection(db: Db, userId: number, shopId: number): Promise<{ selected: boolean }> {
  const selected = await db.selectFrom("cart_shop_selections").select("shop_id").where("user_id", "=", userId)
    .where("shop_id", "=", shopId).executeTakeFirst();
  if (selected) {
    await db.deleteFrom("cart_shop_selections").where("user_id", "=", userId).where("shop_id", "=", shopId).execute();
    return { selected: false };
  }
  const inCart = await db.selectFrom("cart_items").select("id").where("user_id", "=", userId).where("shop_id", "=", shopId)
    .where("is_buy_now", "=", 0).limit(1).executeTakeFirst();
  if (!inCart) throw new DomainError("cart:errors.shopNotInCart");
  await db.insertInto("cart_shop_selections").values({ user_id: userId, shop_id: shopId })
    .onConflict((conflict) => conflict.columns(["user_id", "shop_id"]).doNothing()).execute();
  return { selected: true };
}

/**
 * Proceed to Checkout (spec §4): in single-vendor mode every shop of the cart is selected; otherwise at least one
 * selected shop is needed ('Please select at least one shop').
 */
export async function prepareCheckout(db: Db, userId: number, settings: { multiVendor: boolean }): Promise<void> {
  const shops = await db.selectFrom("cart_items").select("shop_id").distinct().where("user_id", "=", userId)
    .where("is_buy_now", "=", 0).execute();
  if (shops.length === 0) throw new DomainError("cart:errors.empty");
  if (!settings.multiVendor) {
    await db.insertInto("cart_shop_selections").values(shops.map((shop) => ({ user_id: userId, shop_id: shop.shop_id })))
      .onConflict((conflict) => conflict.columns(["user_id", "shop_id"]).doNothing()).execute();
    return;
  }
  const selected = await db.selectFrom("cart_shop_selections").select("shop_id").where("user_id", "=", userId)
    .where("shop_id", "in", shops.map((shop) => shop.shop_id)).limit(1).executeTakeFirst();
  if (!selected) throw new DomainError("cart:errors.selectShop");
}
