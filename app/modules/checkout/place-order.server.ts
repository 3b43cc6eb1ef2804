import type { Db } from "~/lib/db.server";
import type { DisplayCurrency } from "~/lib/money";
import { DomainError } from "~/lib/domain-error";
import { addressLines } from "~/modules/account/address-lines";
import { getAddress } from "~/modules/account/addresses.server";
import type { CartKind } from "~/modules/cart/cart.server";
import { currencyOfOrder, ORDER_CURRENCY_COLUMNS, orderCurrencyColumns } from "~/modules/orders/order-currency";
import { recordOrderEvent } from "~/modules/orders/order-lifecycle.server";
import { computeCheckout } from "./checkout.server";
import { NOTE_MAX_LENGTH } from "./limits";

export interface PlaceOrderInput {
  kind: CartKind;
  /** The checkout page's one-time token: the same token twice places one set of orders. */
  token: string;
  /** Required unless every line is a digital product. */
  address_id: number | null;
  /** "cash" or the name of an online payment gateway. */
  payment_method: string;
  note: string;
  /** The currency the shopper sees the checkout in: the orders keep it, and its rate, for good. */
  currency: DisplayCurrency;
}

export interface OrderRules {
  multiVendor: boolean;
  cashOnDelivery: boolean;
  onlinePayment: boolean;
  /** Gateways that can take a payment now (active and configured). */
  gateways: string[];
  /** settings.orderPlaceAccountVerify and whether this shopper has a verified e-mail or phone. */
  mustVerify: boolean;
}

export interface PlacedOrders {
  checkout_id: number;
  order_ids: number[];
  payment_method: string;
  /** True when this token had already placed these orders (a double submit). */
  repeated: boolean;
}

const TOKEN = /^[A-Za-z0-9_-]{16,64}$/;

function checkPaymentMethod(method: string, rules: OrderRules) {
  if (method === "cash" ? rules.cashOnDelivery : rules.onlinePayment && rules.gateways.includes(method)) return;
  throw new DomainError("checkout:errors.paymentMethod", "payment_method");
}

/**
 * Place Order (not-shown facts): one order per selected shop, in one transaction — each line's stock checked and
 * taken with a guarded UPDATE (never below 0), each coupon use counted against its limit, the ordered lines and
 * their shops' selections removed from the cart. Prices, discounts and totals come from computeCheckout, never from
 * the form. Stock rows are taken in product order so two checkouts cannot deadlock.
 */
export async function placeOrder(db: Db, userId: number, input: PlaceOrderInput, rules: OrderRules, now = new Date()): Promise<PlacedOrders> {
  if (!TOKEN.test(input.token)) throw new DomainError("checkout:errors.expiredForm");
  if (rules.mustVerify) throw new DomainError("checkout:errors.verifyAccount");
  checkPaymentMethod(input.payment_method, rules);
  const note = input.note.trim();
  if (note.length > NOTE_MAX_LENGTH) throw new DomainError("checkout:errors.noteTooLong", "note", { max: NOTE_MAX_LENGTH });
  const address = input.address_id === null ? null : await getAddress(db, userId, input.address_id).catch(() => {
    throw new DomainError("checkout:errors.addressRequired", "address_id");
  });

  return db.transaction().execute(async (trx) => {
    const created = await trx.insertInto("checkouts").values({ user_id: userId, token: input.token, created_at: now.toISOString() })
      .onConflict((conflict) => conflict.columns(["user_id", "token"]).doNothing())
      .returning("id")
      .executeTakeFirst();
    if (!created) {
      const earlier = await trx.selectFrom("checkouts").select("id").where("user_id", "=", userId).where("token", "=", input.token)
        .executeTakeFirstOrThrow();
      const orders = await trx.selectFrom("orders").select(["id", "payment_method"]).where("checkout_id", "=", earlier.id).orderBy("id").execute();
      return { checkout_id: earlier.id, order_ids: orders.map((o) => o.id), payment_method: orders[0]?.payment_method ?? input.payment_method, repeated: true };
    }

    const checkout = await computeCheckout(trx, userId, { kind: input.kind, multiVendor: rules.multiVendor, now });
    if (checkout.shops.length === 0) throw new DomainError(input.kind === "buynow" ? "checkout:errors.nothingToBuy" : "checkout:errors.selectShop");
    if (checkout.coupon_problem) throw checkout.coupon_problem;
    if (checkout.needs_shipping && !address) throw new DomainError("checkout:errors.addressRequired", "address_id");
    // Digital products only: nothing ships; the order names the buyer as they are now.
    const recipient = address
      ? { ship_name: address.name, ship_phone: address.phone, ship_address: addressLines(address).join(", ") }
      : await trx.selectFrom("users").select(["name as ship_name", "phone as ship_phone"]).where("id", "=", userId).executeTakeFirstOrThrow()
          .then((buyer) => ({ ship_name: buyer.ship_name, ship_phone: buyer.ship_phone ?? "", ship_address: "" }));

    const lines = checkout.shops.flatMap((shop) => shop.lines).sort((a, b) => a.product_id - b.product_id);
    for (const line of lines) {
      const taken = await trx
        .updateTable("products")
        .set((eb) => ({ quantity: eb("quantity", "-", line.quantity), total_sold: eb("total_sold", "+", line.quantity) }))
        .where("id", "=", line.product_id)
        .where("quantity", ">=", line.quantity)
        .executeTakeFirst();
      if (Number(taken.numUpdatedRows) === 0) {
        throw new DomainError("checkout:errors.outOfStock", undefined, { name: line.name, count: Math.max(0, line.stock) });
      }
    }

    const coupons = checkout.shops.flatMap((shop) => (shop.coupon ? [shop.coupon] : []));
    for (const coupon of coupons) {
      const limit = await trx.selectFrom("coupons").select("limit_for_user").where("id", "=", coupon.id).executeTakeFirstOrThrow();
      await trx.insertInto("coupon_usages").values({ coupon_id: coupon.id, user_id: userId, uses: 0 })
        .onConflict((conflict) => conflict.columns(["coupon_id", "user_id"]).doNothing()).execute();
      let counted = trx.updateTable("coupon_usages").set((eb) => ({ uses: eb("uses", "+", 1) }))
        .where("coupon_id", "=", coupon.id).where("user_id", "=", userId);
      if (limit.limit_for_user > 0) counted = counted.where("uses", "<", limit.limit_for_user);
      if (Number((await counted.executeTakeFirst()).numUpdatedRows) === 0) {
        throw new DomainError("checkout:coupon.limitReached", "coupon_code", { count: limit.limit_for_user });
      }
    }

    const stamp = now.toISOString();
    const order_ids: number[] = [];
    for (const shop of checkout.shops) {
      const order = await trx.insertInto("orders").values({
        checkout_id: created.id,
        user_id: userId,
        shop_id: shop.shop_id,
        payment_method: input.payment_method,
        coupon_id: shop.coupon?.id ?? null,
        coupon_code: shop.coupon?.code ?? null,
        subtotal: shop.subtotal,
        discount: shop.discount,
        delivery_charge: shop.delivery_charge,
        tax_amount: shop.tax_amount,
        payable: shop.payable,
        note: note || null,
        is_buy_now: input.kind === "buynow" ? 1 : 0,
        // As printed on the order, kept with it since the address book may change later.
        ...recipient,
        estimated_delivery_days: shop.estimated_delivery_days,
        ...orderCurrencyColumns(input.currency),
        created_at: stamp,
        updated_at: stamp,
      }).returning("id").executeTakeFirstOrThrow();
      order_ids.push(order.id);
      await recordOrderEvent(trx, { order_id: order.id, user_id: userId, status: "Pending", actor_id: userId, at: stamp, tell: false });
      await trx.insertInto("order_items").values(shop.lines.map((line) => ({
        order_id: order.id,
        product_id: line.product_id,
        name: line.name,
        thumbnail: line.thumbnail,
        color_name: line.color?.name ?? null,
        size_name: line.size?.name ?? null,
        unit_name: line.unit?.name ?? null,
        unit_price: line.unit_price,
        quantity: line.quantity,
        line_total: line.line_total,
        is_digital: line.is_digital ? 1 as const : 0 as const,
      }))).execute();
      if (shop.taxes.length > 0) {
        await trx.insertInto("order_taxes").values(shop.taxes.map((tax) => ({ order_id: order.id, ...tax }))).execute();
      }
    }

    const lineIds = lines.map((line) => line.id);
    await trx.deleteFrom("cart_items").where("user_id", "=", userId).where("id", "in", lineIds).execute();
    if (input.kind === "cart") {
      await trx.deleteFrom("cart_shop_selections").where("user_id", "=", userId)
        .where("shop_id", "in", checkout.shops.map((shop) => shop.shop_id)).execute();
    }
    await trx.updateTable("checkout_choices").set({ coupon_code: null, updated_at: stamp })
      .where("user_id", "=", userId).where("kind", "=", input.kind).execute();
    return { checkout_id: created.id, order_ids, payment_method: input.payment_method, repeated: false };
  });
}

/** The orders one Place Order made, for their shopper only (anything else is not found: null). */
export async function placedOrders(db: Db, userId: number, checkoutId: number) {
  const orders = await db
    .selectFrom("orders as o")
    .innerJoin("shops as s", "s.id", "o.shop_id")
    .leftJoin("payment_gateways as g", "g.name", "o.payment_method")
    .select(["o.id", "o.status", "o.payment_method", "o.payment_status", "o.payable", "s.name as shop_name", "g.title as gateway_title", ...ORDER_CURRENCY_COLUMNS])
    .where("o.checkout_id", "=", checkoutId)
    .where("o.user_id", "=", userId)
    .orderBy("o.id")
    .execute();
  if (orders.length === 0) return null;
  // The gateway's title ("Stripe"); null for cash on delivery, as on the order's own page.
  return orders.map(({ gateway_title, currency_name, currency_symbol, currency_position, currency_rate, ...order }) => ({
    ...order,
    payment_title: order.payment_method === "cash" ? null : (gateway_title ?? order.payment_method),
    currency: currencyOfOrder({ currency_name, currency_symbol, currency_position, currency_rate }),
  }));
}
