import { afterAll, beforeAll, expect, it } from "vitest";
import { DEMO_CUSTOMERS, DEMO_PASSWORD } from "~/db/seed/content";
import { computeCheckout } from "~/modules/checkout/checkout.server";
import { createTestDatabase, describeEachDatabase, type TestDatabase } from "./support/databases";
import { built, sessionCookieOf, startServer, type RunningServer } from "./support/server";

/**
 * The checkout over HTTP, as a browser without JavaScript (or a hand-made form) posts it, on SQLite and PostgreSQL:
 * whatever the form claims about prices, amounts, shops or products, the order is what the cart and the database say.
 */
describeEachDatabase("checkout over HTTP", (kind) => {
  let database: TestDatabase;
  let server: RunningServer;
  let cookie = "";
  const customer = DEMO_CUSTOMERS[0];

  async function post(path: string, form: Record<string, string | string[]>) {
    const body = new URLSearchParams();
    for (const [key, value] of Object.entries(form)) for (const item of [value].flat()) body.append(key, item);
    const response = await fetch(`${server.base}${path}`, {
      method: "POST", body, redirect: "manual", headers: { Cookie: cookie, Origin: server.base },
    });
    cookie = sessionCookieOf(response) || cookie;
    return response;
  }
  const page = (path: string) => fetch(`${server.base}${path}`, { headers: { Cookie: cookie } }).then((r) => r.text());
  const tokenOf = (html: string) => html.match(/name="token" value="([^"]+)"/)?.[1] ?? "";

  beforeAll(async () => {
    if (!built) return;
    database = await createTestDatabase(kind);
    server = await startServer({ DATABASE_URL: database.url, SESSION_SECRET: "checkout-http" });
    expect((await post("/login", { phone: customer.email, password: DEMO_PASSWORD, redirectTo: "/" })).status).toBe(303);
    expect((await post("/manage-address/new", { name: customer.name, phone: "5550100001", address_line: "1 Test Way", address_type: "home" })).status).toBe(303);
  }, 120_000);

  afterAll(async () => {
    server?.stop();
    await database?.drop();
  });

  it.skipIf(!built)("places the order the database prices, ignoring tampered prices, amounts, shops and quantities", async () => {
    const db = database.db;
    const user = await db.selectFrom("users").select("id").where("email", "=", customer.email).executeTakeFirstOrThrow();
    const [product, other] = await db.selectFrom("products").select(["id", "shop_id"]).where("is_active", "=", 1).where("quantity", ">=", 10)
      .where("is_digital", "=", 0).where("min_order_quantity", "<=", 1).orderBy("id").limit(40).execute()
      .then((rows) => [rows[0], rows.find((row) => row.shop_id !== rows[0].shop_id)!]);
    expect((await post("/cart/add", { product_id: String(product.id), quantity: "2" })).status).toBe(303);
    expect((await post("/cart/select-shop", { shop_id: String(product.shop_id) })).status).toBe(303);
    const expected = await computeCheckout(db, user.id, { kind: "cart", multiVendor: true });
    expect(expected.shops.map((shop) => shop.shop_id)).toEqual([product.shop_id]);
    const address = await db.selectFrom("addresses").select("id").where("user_id", "=", user.id).executeTakeFirstOrThrow();

    const token = tokenOf(await page("/checkout"));
    const tampered = {
      intent: "place", token, address_id: String(address.id), payment_method: "cash", note: "",
      price: "1", unit_price: "1", subtotal: "1", discount: "99999", coupon_discount: "99999", payable: "1", total_amount: "1",
      delivery_charge: "0", shop_id: String(other.shop_id), "shop_ids[]": [String(other.shop_id)], product_id: String(other.id), quantity: "99",
    };
    const placed = await post("/checkout", tampered);
    expect(placed.status).toBe(303);
    expect(placed.headers.get("location")).toMatch(/^\/order-confirmation\/\d+$/);
    // The same form again (a double submit): the same orders, none more.
    const again = await post("/checkout", tampered);
    expect(again.headers.get("location")).toBe(placed.headers.get("location"));

    const orders = await db.selectFrom("orders").selectAll().where("user_id", "=", user.id).execute();
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({
      shop_id: product.shop_id,
      subtotal: expected.totals.subtotal,
      discount: expected.totals.discount,
      delivery_charge: expected.totals.delivery_charge,
      tax_amount: expected.totals.tax_amount,
      payable: expected.totals.payable,
    });
    const items = await db.selectFrom("order_items").select(["product_id", "quantity", "unit_price"]).where("order_id", "=", orders[0].id).execute();
    expect(items).toEqual([{ product_id: product.id, quantity: 2, unit_price: expected.shops[0].lines[0].unit_price }]);
  });

  it.skipIf(!built)("Proceed to Checkout with no shop selected stays on the cart with 'Please select at least one shop'", async () => {
    const product = await database.db.selectFrom("products").select("id").where("is_active", "=", 1).where("quantity", ">=", 10)
      .where("min_order_quantity", "<=", 1).orderBy("id", "desc").executeTakeFirstOrThrow();
    await post("/cart/add", { product_id: String(product.id), quantity: "1" });
    const response = await post("/cart/proceed", { redirectTo: "/cart" });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/cart");
    expect(await page("/cart")).toContain("Please select at least one shop");
  });
});
