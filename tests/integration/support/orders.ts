import { recordOrderEvent } from "~/modules/orders/order-lifecycle.server";
import { randomBytes } from "node:crypto";
import type { OrderStatus, PaymentStatus } from "~/db/schema";
import type { Db } from "~/lib/db.server";
import type { DisplayCurrency } from "~/lib/money";
import { orderCurrencyColumns } from "~/modules/orders/order-currency";

/** The seed's default currency, in which orders are placed unless a test says otherwise. */
export const SEED_CURRENCY: DisplayCurrency = { name: "USD", symbol: "$", position: "prefix", rate_from_default: 1 };

/** One line of a made-up order: a real product, bought at its current price. */
export interface FactoryLine {
  productId: number;
  quantity: number;
  colorName?: string;
  sizeName?: string;
}

export interface FactoryOrder {
  userId: number;
  /** All lines must be products of one shop (an order is one shop's part of a checkout). */
  lines: FactoryLine[];
  status?: OrderStatus;
  paymentMethod?: string;
  paymentStatus?: PaymentStatus;
  /** A coupon of the order's shop; its use is counted for the shopper as placing the order would. */
  couponId?: number;
  /** The currency the order was placed in (the seed's default otherwise). */
  currency?: DisplayCurrency;
  discount?: number;
  deliveryCharge?: number;
  /** VAT & Taxes lines as basis points of (subtotal − discount). */
  taxes?: { name: string; basis_points: number }[];
  note?: string | null;
  estimatedDeliveryDays?: number;
  createdAt?: Date;
}

export interface MadeOrder {
  id: number;
  shopId: number;
  subtotal: number;
  discount: number;
  deliveryCharge: number;
  taxes: { name: string; basis_points: number; amount: number }[];
  payable: number;
  couponCode: string | null;
  items: { productId: number; unitPrice: number; quantity: number; lineTotal: number }[];
}

/**
 * Writes an order the way Place Order leaves one: a checkout, the order with its address snapshot, its items at
 * the products' prices and its tax lines; stock and sold counts taken, the coupon use counted, in one transaction.
 */
export async function makeOrder(db: Db, order: FactoryOrder): Promise<MadeOrder> {
  const at = (order.createdAt ?? new Date()).toISOString();
  return db.transaction().execute(async (tx) => {
    const products = await tx
      .selectFrom("products as p")
      .select((eb) => [
        "p.id", "p.shop_id", "p.name", "p.price", "p.discount_price", "p.is_digital",
        eb.selectFrom("product_images as i").select("i.path").whereRef("i.product_id", "=", "p.id").orderBy("i.sort").orderBy("i.id").limit(1).as("thumbnail"),
        eb.selectFrom("units as u").select("u.name").whereRef("u.id", "=", "p.unit_id").as("unit_name"),
      ])
      .where("p.id", "in", order.lines.map((line) => line.productId))
      .execute();
    const byId = new Map(products.map((p) => [p.id, p]));
    const items = order.lines.map((line) => {
      const product = byId.get(line.productId);
      if (!product) throw new Error(`No product ${line.productId}`);
      const unitPrice = product.discount_price > 0 ? product.discount_price : product.price;
      return { line, product, unitPrice, lineTotal: unitPrice * line.quantity };
    });
    const shopIds = new Set(items.map((item) => item.product.shop_id));
    if (shopIds.size !== 1) throw new Error("An order holds the products of one shop");
    const [shopId] = shopIds;
    const shop = await tx.selectFrom("shops").select(["delivery_charge", "estimated_delivery_days"]).where("id", "=", shopId).executeTakeFirstOrThrow();

    const coupon = order.couponId === undefined ? null : await tx.selectFrom("coupons").select(["id", "code"]).where("id", "=", order.couponId).executeTakeFirstOrThrow();
    const subtotal = items.reduce((sum, item) => sum + item.lineTotal, 0);
    const discount = order.discount ?? 0;
    const deliveryCharge = order.deliveryCharge ?? shop.delivery_charge;
    const taxes = (order.taxes ?? [{ name: "VAT", basis_points: 500 }]).map((tax) => ({
      ...tax,
      amount: Math.round(((subtotal - discount) * tax.basis_points) / 10_000),
    }));
    const taxAmount = taxes.reduce((sum, tax) => sum + tax.amount, 0);
    const payable = subtotal - discount + deliveryCharge + taxAmount;

    const checkout = await tx
      .insertInto("checkouts")
      .values({ user_id: order.userId, token: randomBytes(12).toString("hex"), created_at: at })
      .returning("id")
      .executeTakeFirstOrThrow();
    const { id } = await tx
      .insertInto("orders")
      .values({
        checkout_id: checkout.id,
        user_id: order.userId,
        shop_id: shopId,
        status: order.status ?? "Pending",
        // A delivered order was delivered when it is dated (its return window starts then).
        delivered_at: order.status === "Delivered" ? at : null,
        payment_method: order.paymentMethod ?? "cash",
        payment_status: order.paymentStatus ?? "Pending",
        coupon_id: coupon?.id ?? null,
        coupon_code: coupon?.code ?? null,
        subtotal,
        discount,
        delivery_charge: deliveryCharge,
        tax_amount: taxAmount,
        payable,
        note: order.note ?? null,
        ship_name: "Amina Haddad",
        ship_phone: "+1 5550100101",
        ship_address: "12 Market Street, Downtown 94105",
        estimated_delivery_days: order.estimatedDeliveryDays ?? shop.estimated_delivery_days,
        ...orderCurrencyColumns(order.currency ?? SEED_CURRENCY),
        created_at: at,
        updated_at: at,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await recordOrderEvent(tx, { order_id: id, user_id: order.userId, status: "Pending", actor_id: order.userId, at, tell: false });

    await tx
      .insertInto("order_items")
      .values(items.map(({ line, product, unitPrice, lineTotal }) => ({
        order_id: id,
        product_id: product.id,
        name: product.name,
        thumbnail: product.thumbnail ?? null,
        color_name: line.colorName ?? null,
        size_name: line.sizeName ?? null,
        unit_name: product.unit_name ?? null,
        unit_price: unitPrice,
        quantity: line.quantity,
        line_total: lineTotal,
        is_digital: product.is_digital,
      })))
      .execute();
    if (taxes.length) await tx.insertInto("order_taxes").values(taxes.map((tax) => ({ order_id: id, ...tax }))).execute();

    for (const { line } of items) {
      await tx
        .updateTable("products")
        .set((eb) => ({ quantity: eb("quantity", "-", line.quantity), total_sold: eb("total_sold", "+", line.quantity) }))
        .where("id", "=", line.productId)
        .execute();
    }
    if (coupon) {
      await tx
        .insertInto("coupon_usages")
        .values({ coupon_id: coupon.id, user_id: order.userId, uses: 1 })
        .onConflict((oc) => oc.columns(["coupon_id", "user_id"]).doUpdateSet((eb) => ({ uses: eb("coupon_usages.uses", "+", 1) })))
        .execute();
    }
    return {
      id,
      shopId,
      subtotal,
      discount,
      deliveryCharge,
      taxes,
      payable,
      couponCode: coupon?.code ?? null,
      items: items.map(({ line, unitPrice, lineTotal }) => ({ productId: line.productId, unitPrice, quantity: line.quantity, lineTotal })),
    };
  });
}

/** A seeded physical product with at least `minimumStock` in stock, from the shop of `sameShopAs` when given. */
export async function stockedProduct(
  db: Db,
  { minimumStock = 10, sameShopAs, inShop, notIn = [] }: { minimumStock?: number; sameShopAs?: number; inShop?: number; notIn?: number[] } = {},
) {
  let query = db
    .selectFrom("products")
    .select(["id", "shop_id", "name", "quantity", "total_sold"])
    .where("is_active", "=", 1)
    .where("is_digital", "=", 0)
    .where("quantity", ">=", minimumStock);
  if (sameShopAs !== undefined) {
    query = query.where("shop_id", "=", db.selectFrom("products").select("shop_id").where("id", "=", sameShopAs));
  }
  if (inShop !== undefined) query = query.where("shop_id", "=", inShop);
  if (notIn.length) query = query.where("id", "not in", notIn);
  return query.orderBy("id").executeTakeFirstOrThrow();
}
