import { renderToStaticMarkup } from "react-dom/server";
import { createElement } from "react";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { createTestDatabase, describeEachDatabase, type TestDatabase } from "../../../tests/integration/support/databases";
import { MessageBody } from "~/components/chat/chat-parts";
import { seedDatabase } from "~/db/seed";
import type { Db } from "~/lib/db.server";
import { DomainError } from "~/lib/domain-error";
import { CHAT_PAGE_SIZE, MESSAGE_MAX_LENGTH } from "./chat-limits";
import {
  chatWithShop,
  conversationWithShop,
  ConversationNotFoundError,
  getConversation,
  listConversations,
  markConsoleSeen,
  readMessages,
  sendMessage,
  unreadByShops,
  unreadMessagesOf,
} from "./chat.server";

describeEachDatabase("chat between shoppers and shops", (kind) => {
  let test: TestDatabase;
  let db: Db;
  let customer: number;
  let otherCustomer: number;
  let seller: { id: number; shop_id: number };
  let otherSeller: { id: number; shop_id: number };
  let admin: number;

  const userOf = (email: string) => db.selectFrom("users").select(["id", "shop_id"]).where("email", "=", email).executeTakeFirstOrThrow();

  beforeAll(async () => {
    test = await createTestDatabase(kind);
    db = test.db;
    await seedDatabase(db, { products: 60 });
    customer = (await userOf("customer@example.com")).id;
    otherCustomer = (await userOf("customer2@example.com")).id;
    seller = (await userOf("seller@example.com")) as { id: number; shop_id: number };
    otherSeller = (await userOf("seller2@example.com")) as { id: number; shop_id: number };
    admin = (await userOf("admin@example.com")).id;
  });
  afterAll(() => test?.drop());
  beforeEach(async () => {
    await db.deleteFrom("chat_conversations").execute();
  });

  it("a shopper writes to a shop; its staff read and reply; each side's unread count follows", async () => {
    const product = await db.selectFrom("products").select(["id", "name"]).where("shop_id", "=", seller.shop_id).where("is_active", "=", 1).orderBy("id").executeTakeFirstOrThrow();
    const empty = await chatWithShop(db, customer, seller.shop_id);
    expect(empty).toMatchObject({ conversation_id: null, messages: [] });
    expect(await db.selectFrom("chat_conversations").select("id").execute()).toHaveLength(0); // opening writes nothing

    const conversation = await conversationWithShop(db, customer, seller.shop_id);
    expect(await conversationWithShop(db, customer, seller.shop_id)).toBe(conversation);
    const first = await sendMessage(db, { userId: customer }, customer, conversation, { body: "  Is this in stock?  ", productId: product.id });
    expect(first!.message).toMatchObject({ sender: "customer", body: "Is this in stock?" });
    expect(first!.message.product!.name).toBe(product.name);
    // The shop's staff and the platform admins hear of it.
    expect(first!.notify).toEqual(expect.arrayContaining([seller.id, admin]));
    expect(first!.notify).not.toContain(otherSeller.id);
    expect(await unreadByShops(db, { shopId: seller.shop_id })).toBe(1);

    const shopSide = await listConversations(db, { shopId: seller.shop_id });
    expect(shopSide.conversations).toHaveLength(1);
    expect(shopSide.conversations[0]).toMatchObject({ unread: 1, last_message: "Is this in stock?" });
    expect((await listConversations(db, { shopId: otherSeller.shop_id })).conversations).toHaveLength(0);
    const read = await readMessages(db, { shopId: seller.shop_id }, conversation);
    expect(read.messages.map((m) => m.body)).toEqual(["Is this in stock?"]);
    expect(await unreadByShops(db, { shopId: seller.shop_id })).toBe(0);

    const reply = await sendMessage(db, { shopId: seller.shop_id }, seller.id, conversation, { body: "Yes, 12 left.", productId: product.id });
    expect(reply!.message).toMatchObject({ sender: "shop", product: null }); // only the shopper attaches products
    expect(reply!.notify).toEqual([customer]);
    expect(await unreadMessagesOf(db, customer)).toBe(1);
    const mine = await chatWithShop(db, customer, seller.shop_id);
    expect(mine!.messages.map((m) => [m.sender, m.body])).toEqual([["customer", "Is this in stock?"], ["shop", "Yes, 12 left."]]);
    expect(await unreadMessagesOf(db, customer)).toBe(0);
  });

  it("keeps everyone else out: another shopper, another shop's staff; the admin sees every shop", async () => {
    const conversation = await conversationWithShop(db, customer, seller.shop_id);
    await sendMessage(db, { userId: customer }, customer, conversation, { body: "Private question" });
    for (const scope of [{ userId: otherCustomer }, { shopId: otherSeller.shop_id }]) {
      await expect(readMessages(db, scope, conversation)).rejects.toBeInstanceOf(ConversationNotFoundError);
      await expect(sendMessage(db, scope, 0, conversation, { body: "hi" })).rejects.toBeInstanceOf(ConversationNotFoundError);
    }
    expect((await getConversation(db, { everyShop: true }, conversation)).customer.id).toBe(customer);
    const messages = await db.selectFrom("chat_messages").select("body").execute();
    expect(messages.map((m) => m.body)).toEqual(["Private question"]);
    await expect(conversationWithShop(db, customer, 999_999)).rejects.toBeInstanceOf(ConversationNotFoundError);
  });

  it("ignores an empty message, refuses one over the limit, and stores hostile text as text", async () => {
    const conversation = await conversationWithShop(db, customer, seller.shop_id);
    expect(await sendMessage(db, { userId: customer }, customer, conversation, { body: " \n " })).toBeNull();
    const product = await db.selectFrom("products").select("id").where("shop_id", "=", seller.shop_id).orderBy("id").executeTakeFirstOrThrow();
    expect(await sendMessage(db, { userId: customer }, customer, conversation, { body: "", productId: product.id })).toBeNull();
    const tooLong = await sendMessage(db, { userId: customer }, customer, conversation, { body: "x".repeat(MESSAGE_MAX_LENGTH + 1) }).catch((e: unknown) => e);
    expect(tooLong).toBeInstanceOf(DomainError);
    expect((tooLong as DomainError).message).toBe("chat:errors.tooLong");
    const hostile = `<script>alert(1)</script> <a href="javascript:alert(2)">x</a> javascript:alert(3) ${"y".repeat(1900)}`;
    await sendMessage(db, { userId: customer }, customer, conversation, { body: hostile });
    const [stored] = (await readMessages(db, { shopId: seller.shop_id }, conversation)).messages;
    expect(stored.body).toBe(hostile);
  });

  it("pages a 1,000-message conversation by 20, newest first, every message once", async () => {
    const conversation = await conversationWithShop(db, customer, seller.shop_id);
    const rows = Array.from({ length: 1000 }, (_, i) => ({
      conversation_id: conversation, sender: (i % 2 ? "shop" : "customer") as "shop" | "customer", author_id: i % 2 ? seller.id : customer,
      body: `message ${i + 1}`, created_at: new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString(),
    }));
    for (let start = 0; start < rows.length; start += 250) await db.insertInto("chat_messages").values(rows.slice(start, start + 250)).execute();

    const bodies: string[] = [];
    let before: number | null = null;
    let pages = 0;
    do {
      const page = await readMessages(db, { userId: customer }, conversation, { before });
      expect(page.messages.length).toBe(CHAT_PAGE_SIZE);
      bodies.unshift(...page.messages.map((m) => m.body));
      before = page.older;
      pages++;
    } while (before !== null);
    expect(pages).toBe(50);
    expect(bodies).toEqual(rows.map((row) => row.body));
  });

  it("finds conversations by the shop's name ('Search Seller') and the console's by the customer's", async () => {
    await sendMessage(db, { userId: customer }, customer, await conversationWithShop(db, customer, seller.shop_id), { body: "a" });
    await sendMessage(db, { userId: customer }, customer, await conversationWithShop(db, customer, otherSeller.shop_id), { body: "b" });
    const shop = await db.selectFrom("shops").select("name").where("id", "=", otherSeller.shop_id).executeTakeFirstOrThrow();
    const found = await listConversations(db, { userId: customer }, { search: shop.name.slice(1, 6).toUpperCase() });
    expect(found.conversations.map((c) => c.shop.id)).toEqual([otherSeller.shop_id]);
    expect((await listConversations(db, { userId: customer }, { search: "%_%" })).conversations).toHaveLength(2);
    const name = await db.selectFrom("users").select("name").where("id", "=", customer).executeTakeFirstOrThrow();
    expect((await listConversations(db, { everyShop: true }, { search: name.name.slice(0, 4) })).conversations).toHaveLength(2);
    expect((await listConversations(db, { userId: customer }, { limit: 1 })).more).toBe(true);
  });

  it("shows a shop Online for a few minutes after its staff had the console open", async () => {
    const now = new Date("2026-06-01T12:00:00Z");
    await db.updateTable("shops").set({ console_seen_at: null }).where("id", "=", seller.shop_id).execute();
    expect((await chatWithShop(db, customer, seller.shop_id, { now }))!.online).toBe(false);
    await markConsoleSeen(db, seller.shop_id, now);
    expect((await chatWithShop(db, customer, seller.shop_id, { now: new Date("2026-06-01T12:04:00Z") }))!.online).toBe(true);
    expect((await chatWithShop(db, customer, seller.shop_id, { now: new Date("2026-06-01T12:06:00Z") }))!.online).toBe(false);
  });
});

it("renders a message's links as safe links and everything else as inert text", () => {
  const html = renderToStaticMarkup(createElement(MessageBody, {
    text: `<script>alert(1)</script> see https://example.com/a?b=1. and javascript:alert(2) <img src=x onerror=alert(3)>`,
  }));
  expect(html).not.toContain("<script>");
  expect(html).not.toContain("<img");
  expect(html).toContain("&lt;script&gt;");
  expect(html).toContain('<a href="https://example.com/a?b=1" target="_blank" rel="noopener noreferrer nofollow"');
  expect(html).not.toMatch(/href="javascript:/);
});
