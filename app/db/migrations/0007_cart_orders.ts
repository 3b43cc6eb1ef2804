import type { Kysely } from "kysely";
import { columnTypes } from "../dialect";

/**
 * The buying path: cart lines and shop selections, collected vouchers, the checkout's choices, taxes, orders
 * with their items and tax lines, per-user coupon usage, idempotent checkouts and payments.
 * Money is integer minor units of the default currency; an order keeps copies of what it was sold at.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(db);

  // Options are 0 when not chosen (not NULL) so the unique key treats "no colour" as one value on both databases.
  await db.schema
    .createTable("cart_items")
    .addColumn("id", t.id, (c) => c.primaryKey())
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("product_id", "integer", (c) => c.notNull().references("products.id").onDelete("cascade"))
    .addColumn("shop_id", "integer", (c) => c.notNull().references("shops.id").onDelete("cascade"))
    .addColumn("quantity", "integer", (c) => c.notNull())
    .addColumn("color_id", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("size_id", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("unit_id", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("is_buy_now", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn("updated_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addUniqueConstraint("cart_items_line_key", ["user_id", "is_buy_now", "product_id", "color_id", "size_id", "unit_id"])
    .execute();

  await db.schema
    .createTable("cart_shop_selections")
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("shop_id", "integer", (c) => c.notNull().references("shops.id").onDelete("cascade"))
    .addPrimaryKeyConstraint("cart_shop_selections_pkey", ["user_id", "shop_id"])
    .execute();

  await db.schema
    .createTable("collected_coupons")
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("coupon_id", "integer", (c) => c.notNull().references("coupons.id").onDelete("cascade"))
    .addColumn("created_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addPrimaryKeyConstraint("collected_coupons_pkey", ["user_id", "coupon_id"])
    .execute();

  // The coupon code typed on /checkout (kind "cart") or /buynow (kind "buynow"), kept between posts.
  await db.schema
    .createTable("checkout_choices")
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("kind", "text", (c) => c.notNull()) // cart | buynow
    .addColumn("coupon_code", "text")
    .addColumn("updated_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addPrimaryKeyConstraint("checkout_choices_pkey", ["user_id", "kind"])
    .execute();

  await db.schema
    .createTable("vat_taxes")
    .addColumn("id", t.id, (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("basis_points", "integer", (c) => c.notNull()) // 500 = 5 %
    .addColumn("is_active", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("sort", "integer", (c) => c.notNull().defaultTo(0))
    .execute();

  // One row per Place Order: its token makes a double submit return the same orders.
  await db.schema
    .createTable("checkouts")
    .addColumn("id", t.id, (c) => c.primaryKey())
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("token", "text", (c) => c.notNull())
    .addColumn("created_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addUniqueConstraint("checkouts_user_token_key", ["user_id", "token"])
    .execute();

  await db.schema
    .createTable("payments")
    .addColumn("id", t.id, (c) => c.primaryKey())
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("gateway", "text", (c) => c.notNull()) // a payment_gateways.name
    .addColumn("amount", "integer", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull().defaultTo("Pending")) // Pending | Paid | Failed
    .addColumn("reference", "text") // the gateway's id for it (a Stripe Checkout Session id)
    .addColumn("created_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn("paid_at", t.timestamp)
    .execute();
  await db.schema.createIndex("payments_reference_idx").on("payments").columns(["gateway", "reference"]).execute();

  await db.schema
    .createTable("orders")
    .addColumn("id", t.id, (c) => c.primaryKey())
    .addColumn("checkout_id", "integer", (c) => c.notNull().references("checkouts.id"))
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("shop_id", "integer", (c) => c.notNull().references("shops.id"))
    .addColumn("status", "text", (c) => c.notNull().defaultTo("Pending"))
    .addColumn("payment_method", "text", (c) => c.notNull()) // cash | a gateway name
    .addColumn("payment_status", "text", (c) => c.notNull().defaultTo("Pending")) // Pending | Paid
    .addColumn("payment_id", "integer", (c) => c.references("payments.id").onDelete("set null"))
    .addColumn("coupon_id", "integer", (c) => c.references("coupons.id").onDelete("set null"))
    .addColumn("coupon_code", "text")
    .addColumn("subtotal", "integer", (c) => c.notNull())
    .addColumn("discount", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("delivery_charge", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("tax_amount", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("payable", "integer", (c) => c.notNull())
    .addColumn("note", "text")
    .addColumn("is_buy_now", "integer", (c) => c.notNull().defaultTo(0))
    // The shipping address as it was when ordered (the address book may change later).
    .addColumn("ship_name", "text", (c) => c.notNull())
    .addColumn("ship_phone", "text", (c) => c.notNull())
    .addColumn("ship_address", "text", (c) => c.notNull())
    .addColumn("estimated_delivery_days", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn("updated_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn("cancelled_at", t.timestamp)
    .execute();
  await db.schema.createIndex("orders_user_status_idx").on("orders").columns(["user_id", "status", "id"]).execute();
  await db.schema.createIndex("orders_checkout_idx").on("orders").column("checkout_id").execute();
  await db.schema.createIndex("orders_payment_idx").on("orders").column("payment_id").execute();

  await db.schema
    .createTable("order_items")
    .addColumn("id", t.id, (c) => c.primaryKey())
    .addColumn("order_id", "integer", (c) => c.notNull().references("orders.id").onDelete("cascade"))
    .addColumn("product_id", "integer", (c) => c.notNull().references("products.id"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("thumbnail", "text")
    .addColumn("color_name", "text")
    .addColumn("size_name", "text")
    .addColumn("unit_name", "text")
    .addColumn("unit_price", "integer", (c) => c.notNull())
    .addColumn("quantity", "integer", (c) => c.notNull())
    .addColumn("line_total", "integer", (c) => c.notNull())
    .addColumn("is_digital", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex("order_items_order_idx").on("order_items").column("order_id").execute();

  await db.schema
    .createTable("order_taxes")
    .addColumn("order_id", "integer", (c) => c.notNull().references("orders.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("basis_points", "integer", (c) => c.notNull())
    .addColumn("amount", "integer", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("order_taxes_order_idx").on("order_taxes").column("order_id").execute();

  // Uses of a coupon by one shopper, counted with a guarded UPDATE so concurrent orders cannot pass the limit.
  await db.schema
    .createTable("coupon_usages")
    .addColumn("coupon_id", "integer", (c) => c.notNull().references("coupons.id").onDelete("cascade"))
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("uses", "integer", (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("coupon_usages_pkey", ["coupon_id", "user_id"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    "coupon_usages", "order_taxes", "order_items", "orders", "payments", "checkouts", "vat_taxes",
    "checkout_choices", "collected_coupons", "cart_shop_selections", "cart_items",
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
