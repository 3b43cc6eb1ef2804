// Places made-up orders straight in the e2e database (Place Order's rows, stock taken) and prints them as JSON:
//   tsx tests/e2e/support/make-order.ts [--user <id> | --new-customer <name>] [--count <n>] [--status <status>]
//     [--payment cash|<gateway>] [--paid] [--quantity <n>] [--lines <n>] [--coupon] [--note <text>]
//     [--shop-of <staff email>] (products of that staff member's shop)
// Run with the environment of the worker's shop server (serverEnv() of tests/e2e/fixtures.ts), as tests/e2e/orders.spec.ts does.
import { randomBytes } from "node:crypto";
import { parseArgs } from "node:util";
import type { OrderStatus } from "~/db/schema";
import { DEMO_PASSWORD } from "~/db/seed/content";
import { createDb } from "~/lib/db.server";
import { hashPassword } from "~/modules/auth/password.server";
import { makeOrder, stockedProduct, type MadeOrder } from "../../integration/support/orders";

const { values } = parseArgs({
  options: {
    user: { type: "string" },
    "new-customer": { type: "string" },
    count: { type: "string", default: "1" },
    status: { type: "string", default: "Pending" },
    payment: { type: "string", default: "cash" },
    paid: { type: "boolean", default: false },
    quantity: { type: "string", default: "1" },
    lines: { type: "string", default: "1" },
    coupon: { type: "boolean", default: false },
    note: { type: "string" },
    "shop-of": { type: "string" },
  },
});

const db = createDb();
try {
  let userId = Number(values.user ?? 1);
  let email: string | null = null;
  if (values["new-customer"]) {
    email = `orders-${randomBytes(4).toString("hex")}@example.com`;
    const country = await db.selectFrom("countries").select("id").where("iso2", "=", "US").executeTakeFirst();
    const user = await db
      .insertInto("users")
      .values({ name: values["new-customer"], email, phone_code: "+1", country_id: country?.id ?? null, password_hash: await hashPassword(DEMO_PASSWORD) })
      .returning("id")
      .executeTakeFirstOrThrow();
    userId = user.id;
  }

  const quantity = Number(values.quantity);
  const staffShop = values["shop-of"]
    ? (await db.selectFrom("users").select("shop_id").where("email", "=", values["shop-of"]).executeTakeFirstOrThrow()).shop_id ?? undefined
    : undefined;
  const first = await stockedProduct(db, { minimumStock: 50, inShop: staffShop });
  const products = [first];
  while (products.length < Number(values.lines)) {
    products.push(await stockedProduct(db, { minimumStock: 50, sameShopAs: first.id, notIn: products.map((p) => p.id) }));
  }
  const coupon = values.coupon
    ? await db.selectFrom("coupons").select("id").where("shop_id", "=", first.shop_id).orderBy("id").executeTakeFirstOrThrow()
    : null;

  const orders: MadeOrder[] = [];
  for (let i = 0; i < Number(values.count); i++) {
    orders.push(
      await makeOrder(db, {
        userId,
        status: values.status as OrderStatus,
        paymentMethod: values.payment,
        paymentStatus: values.paid ? "Paid" : "Pending",
        couponId: coupon?.id,
        discount: coupon ? 250 : 0,
        note: values.note ?? null,
        lines: products.map((product, index) => ({ productId: product.id, quantity, colorName: index === 0 ? "Red" : undefined, sizeName: index === 0 ? "XL" : undefined })),
      }),
    );
  }
  const stock = await db.selectFrom("products").select(["id", "name", "quantity"]).where("id", "in", products.map((p) => p.id)).orderBy("id").execute();
  console.log(JSON.stringify({ userId, email, orders, products: stock }));
} finally {
  await db.destroy();
}
