import { sql } from "kysely";
import { afterAll, beforeAll, expect, it } from "vitest";
import { DEMO_CUSTOMERS, DEMO_PASSWORD } from "~/db/seed/content";
import { createTestDatabase, describeEachDatabase, type TestDatabase } from "./support/databases";
import { built, sessionCookieOf, startServer, type RunningServer } from "./support/server";

const SHOPPERS = 40;

/**
 * An instance killed with SIGKILL in the middle of many checkouts leaves no half order: after a restart on the same
 * database every order is whole (items, totals, its Pending event, its payment when one was started), stock went down
 * by exactly what the orders hold, the cart lines of placed orders are gone and all others kept, and the database is
 * consistent (docs/reliability.md).
 */
describeEachDatabase("SIGKILL in the middle of checkouts", (kind) => {
  let database: TestDatabase;
  let server: RunningServer;
  const env = (database: TestDatabase) => ({
    DATABASE_URL: database.url, SESSION_SECRET: "faults-sigkill", AUTH_POSTS_PER_MINUTE: "1000", PAYMENT_TEST_GATEWAY: "1",
  });

  beforeAll(async () => {
    if (!built) return;
    database = await createTestDatabase(kind);
    server = await startServer(env(database));
  }, 120_000);

  afterAll(async () => {
    server?.stop();
    await database?.drop();
  });

  it.skipIf(!built)("leaves every order whole and every other cart as it was", async () => {
    const db = database.db;
    const model = await db.selectFrom("users").selectAll().where("email", "=", DEMO_CUSTOMERS[0].email).executeTakeFirstOrThrow();
    // A few products shared by everyone, so that the checkouts compete for the same stock rows.
    const products = await db.selectFrom("products").select(["id", "shop_id", "quantity", "total_sold"]).where("is_active", "=", 1)
      .where("is_digital", "=", 0).where("min_order_quantity", "<=", 1).where("quantity", ">=", 60).orderBy("id").limit(6).execute();
    expect(products).toHaveLength(6);
    const stamp = new Date().toISOString();

    const shoppers: { id: number; cookie: string; token: string; address: number; method: string }[] = [];
    for (let n = 0; n < SHOPPERS; n++) {
      const { id: _id, ...copy } = model;
      const user = await db.insertInto("users").values({ ...copy, name: `Crash Shopper ${n}`, email: `crash-${n}@example.com`, phone: null, created_at: stamp, updated_at: stamp })
        .returning("id").executeTakeFirstOrThrow();
      const address = await db.insertInto("addresses").values({ user_id: user.id, name: `Crash Shopper ${n}`, phone: "5550100001", address_line: `${n} Crash Lane`, created_at: stamp, updated_at: stamp })
        .returning("id").executeTakeFirstOrThrow();
      const lines = [products[n % 6], products[(n + 1) % 6]];
      await db.insertInto("cart_items").values(lines.map((product, i) => ({ user_id: user.id, product_id: product.id, shop_id: product.shop_id, quantity: 1 + ((n + i) % 3), created_at: stamp, updated_at: stamp }))).execute();
      await db.insertInto("cart_shop_selections").values([...new Set(lines.map((product) => product.shop_id))].map((shop_id) => ({ user_id: user.id, shop_id }))).execute();
      const login = await fetch(`${server.base}/login`, {
        method: "POST", redirect: "manual", headers: { Origin: server.base },
        body: new URLSearchParams({ phone: `crash-${n}@example.com`, password: DEMO_PASSWORD, redirectTo: "/" }),
      });
      expect(login.status).toBe(303);
      const cookie = sessionCookieOf(login);
      const checkout = await fetch(`${server.base}/checkout`, { headers: { Cookie: cookie } }).then((r) => r.text());
      const token = checkout.match(/name="token" value="([^"]+)"/)?.[1] ?? "";
      expect(token).not.toBe("");
      shoppers.push({ id: user.id, cookie, token, address: address.id, method: n % 2 ? "test" : "cash" });
    }
    const cartsBefore = await db.selectFrom("cart_items").select(["id", "user_id", "product_id", "quantity"])
      .where("user_id", "in", shoppers.map((s) => s.id)).execute();

    // Everyone presses Place Order at once; the process dies once a quarter of them are written, the rest in flight.
    const posts = shoppers.map((shopper) =>
      fetch(`${server.base}/checkout`, {
        method: "POST", redirect: "manual", headers: { Origin: server.base, Cookie: shopper.cookie },
        body: new URLSearchParams({ intent: "place", token: shopper.token, address_id: String(shopper.address), payment_method: shopper.method, note: "" }),
      }).then((response) => response.status, () => 0),
    );
    const countCheckouts = async () => Number((await db.selectFrom("checkouts").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);
    const deadline = Date.now() + 30_000;
    while ((await countCheckouts()) < SHOPPERS / 4 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 2));
    const killed = server;
    await killed.kill("SIGKILL");
    killed.stop(); // only its own data directory: the database lives elsewhere
    const answered = await Promise.all(posts);
    const checkoutsAtKill = await countCheckouts();

    server = await startServer(env(database));
    expect((await fetch(`${server.base}/products`)).status, "the shop serves again on the same database").toBe(200);

    const orders = await db.selectFrom("orders").selectAll().execute();
    expect(orders.length).toBeGreaterThan(0);
    const items = await db.selectFrom("order_items").selectAll().execute();
    const events = await db.selectFrom("order_events").select(["order_id", "status"]).execute();
    const taxes = await db.selectFrom("order_taxes").selectAll().execute();
    const payments = await db.selectFrom("payments").selectAll().execute();
    const checkouts = await db.selectFrom("checkouts").selectAll().where("user_id", "in", shoppers.map((s) => s.id)).execute();
    for (const order of orders) {
      const own = items.filter((item) => item.order_id === order.id);
      expect(own.length, `order ${order.id} has its items`).toBeGreaterThan(0);
      expect(own.reduce((sum, item) => sum + item.line_total, 0), `order ${order.id}: items add up to its subtotal`).toBe(order.subtotal);
      for (const item of own) expect(item.line_total).toBe(item.unit_price * item.quantity);
      const taxTotal = taxes.filter((tax) => tax.order_id === order.id).reduce((sum, tax) => sum + tax.amount, 0);
      expect(taxTotal, `order ${order.id}: taxes add up`).toBe(order.tax_amount);
      expect(order.payable).toBe(order.subtotal - order.discount + order.delivery_charge + order.tax_amount);
      expect(events.filter((event) => event.order_id === order.id && event.status === "Pending"), `order ${order.id}: its Pending event`).toHaveLength(1);
      expect(checkouts.some((checkout) => checkout.id === order.checkout_id), `order ${order.id}: its checkout`).toBe(true);
      if (order.payment_id !== null) {
        const payment = payments.find((p) => p.id === order.payment_id);
        expect(payment, `order ${order.id}: its payment row`).toBeDefined();
        const linked = orders.filter((o) => o.payment_id === order.payment_id);
        expect(payment!.amount, `payment ${payment!.id} covers its orders`).toBe(linked.reduce((sum, o) => sum + o.payable, 0));
      }
    }
    for (const checkout of checkouts) expect(orders.some((order) => order.checkout_id === checkout.id), `checkout ${checkout.id} has orders`).toBe(true);
    for (const payment of payments) expect(orders.some((order) => order.payment_id === payment.id), `payment ${payment.id} belongs to orders`).toBe(true);

    // Stock and sales moved by exactly the ordered quantities.
    const now = await db.selectFrom("products").select(["id", "quantity", "total_sold"]).where("id", "in", products.map((p) => p.id)).execute();
    for (const product of products) {
      const ordered = items.filter((item) => item.product_id === product.id).reduce((sum, item) => sum + item.quantity, 0);
      const after = now.find((p) => p.id === product.id)!;
      expect(after.quantity, `stock of product ${product.id}`).toBe(product.quantity - ordered);
      expect(after.total_sold, `sales of product ${product.id}`).toBe(product.total_sold + ordered);
    }

    // A shopper's cart is either fully ordered (lines gone) or untouched.
    const cartsAfter = await db.selectFrom("cart_items").select(["id", "user_id", "product_id", "quantity"])
      .where("user_id", "in", shoppers.map((s) => s.id)).execute();
    let whole = 0;
    for (const shopper of shoppers) {
      const before = cartsBefore.filter((line) => line.user_id === shopper.id);
      const after = cartsAfter.filter((line) => line.user_id === shopper.id);
      const placed = orders.filter((order) => order.user_id === shopper.id);
      if (placed.length) {
        whole += 1;
        expect(after, `shopper ${shopper.id} ordered: the cart lines are gone`).toEqual([]);
        const orderedLines = items.filter((item) => placed.some((order) => order.id === item.order_id))
          .map((item) => ({ product_id: item.product_id, quantity: item.quantity })).sort((a, b) => a.product_id - b.product_id);
        expect(orderedLines).toEqual(before.map(({ product_id, quantity }) => ({ product_id, quantity })).sort((a, b) => a.product_id - b.product_id));
      } else {
        expect(after, `shopper ${shopper.id} has no order: the cart is kept`).toEqual(before);
      }
    }

    if (kind === "sqlite") {
      const { rows } = await sql<{ integrity_check: string }>`PRAGMA integrity_check`.execute(db);
      expect(rows).toEqual([{ integrity_check: "ok" }]);
      const { rows: keys } = await sql`PRAGMA foreign_key_check`.execute(db);
      expect(keys).toEqual([]);
    }
    // Whoever was cut off places the same order again after the restart; whoever got through is told it is placed.
    const again = await Promise.all(shoppers.map((shopper) =>
      fetch(`${server.base}/checkout`, {
        method: "POST", redirect: "manual", headers: { Origin: server.base, Cookie: shopper.cookie },
        body: new URLSearchParams({ intent: "place", token: shopper.token, address_id: String(shopper.address), payment_method: shopper.method, note: "" }),
      }).then((response) => response.status),
    ));
    expect(again.every((status) => status === 303)).toBe(true);
    expect(await db.selectFrom("cart_items").select("id").where("user_id", "in", shoppers.map((s) => s.id)).execute()).toEqual([]);

    console.log(`faults/sigkill [${kind}]: ${SHOPPERS} concurrent Place Order posts, SIGKILL once a quarter had committed; ` +
      `${answered.filter((status) => status === 303).length} answered before the kill, ${checkoutsAtKill} checkouts committed at the kill, ` +
      `${orders.length} orders of ${whole} shoppers after the restart (${payments.length} payment rows), all whole; ` +
      `${SHOPPERS - whole} carts kept untouched and ordered after the restart; stock exact${kind === "sqlite" ? "; integrity_check ok" : ""}`);
  }, 180_000);
});
