import { afterAll, beforeAll, expect, it } from "vitest";
import { seedDatabase } from "~/db/seed";
import { conversationWithShop, sendMessage } from "~/modules/chat/chat.server";
import { createTestDatabase, type TestDatabase } from "./support/databases";
import { makeOrder, stockedProduct } from "./support/orders";
import { changesBetween, ownerOf, snapshot } from "./support/row-changes";

/**
 * The hostile-input test trusts this to see a changed row and to name whose it was (through its parents): shown here
 * on the demo shop, so a leak the fuzz provokes cannot slip past unseen.
 */
let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase("sqlite");
  await seedDatabase(database.db, { products: 40, shops: 3 });
}, 120_000);

afterAll(() => database?.drop());

it("sees an added, a changed and a deleted row, and finds each one's owner through its parents", async () => {
  const { db } = database;
  const customer = await db.selectFrom("users").select("id").where("email", "=", "customer2@example.com").executeTakeFirstOrThrow();
  const product = await stockedProduct(db);
  const order = await makeOrder(db, { userId: customer.id, lines: [{ productId: product.id, quantity: 1 }], taxes: [{ name: "VAT", basis_points: 1000 }] });
  const conversation = await conversationWithShop(db, customer.id, product.shop_id);
  const before = await snapshot(db);

  await sendMessage(db, { userId: customer.id }, customer.id, conversation, { body: "Hello" });
  await db.updateTable("order_items").set({ quantity: 5 }).where("order_id", "=", order.id).execute();
  await db.updateTable("products").set({ total_views: 1234 }).where("id", "=", product.id).execute();
  await db.deleteFrom("order_taxes").where("order_id", "=", order.id).execute();
  const after = await snapshot(db);

  const changes = changesBetween(before, after);
  const seen = (table: string) => changes.find((change) => change.table === table);
  expect(seen("chat_messages")?.kind).toBe("added");
  expect(ownerOf(seen("chat_messages")!, after, before)).toEqual({ userId: customer.id, shopId: product.shop_id });
  expect(seen("order_items")).toMatchObject({ kind: "changed", columns: ["quantity"] });
  expect(ownerOf(seen("order_items")!, after, before)).toEqual({ userId: customer.id, shopId: product.shop_id });
  expect(seen("products")).toMatchObject({ kind: "changed", columns: ["total_views"] });
  expect(ownerOf(seen("products")!, after, before)).toEqual({ userId: null, shopId: product.shop_id });
  expect(seen("order_taxes")?.kind).toBe("deleted");
  expect(changesBetween(after, await snapshot(db))).toEqual([]);
});
