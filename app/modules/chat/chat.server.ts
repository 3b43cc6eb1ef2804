import type { ChatSender } from "~/db/schema";
import type { Db } from "~/lib/db.server";
import { preparedQuery } from "~/lib/prepared-query.server";
import type { StaffScope } from "~/modules/console/staff.server";
import { DomainError } from "~/lib/domain-error";
import { productCardsByIds, type ProductCard } from "~/modules/catalog/products.server";
import { CHAT_PAGE_SIZE, MESSAGE_MAX_LENGTH } from "./chat-limits";

/*
 * Chat between shoppers and shops (spec §2 messages screen, §3 chat message and shop conversation, §5 send rules,
 * §9 constants). One conversation per shopper and shop. Who speaks is decided here from who asks — a shopper's
 * post is the customer's, a staff member's is the shop's — never from the form.
 */

/** A shop is Online while one of its staff had the console open this recently. */
export const ONLINE_MINUTES = 5;
/** The console's visits are written at most this often, so staff browsing does not turn into a write per page. */
const CONSOLE_SEEN_EVERY_MS = 60_000;

/** Which conversations a request may touch: a shopper's own, one shop's (its staff), or every shop's (the admin). */
export type ChatScope = { userId: number } | StaffScope;

export class ConversationNotFoundError extends DomainError {
  constructor() {
    super("chat:errors.notFound");
    this.name = "ConversationNotFoundError";
  }
}

export interface ConversationSummary {
  id: number;
  shop: { id: number; name: string; logo: string };
  customer: { id: number; name: string };
  last_message: string | null;
  last_message_at: string | null;
  /** Unread by the side that asks. */
  unread: number;
  online: boolean;
}

export interface ChatMessage {
  id: number;
  sender: ChatSender;
  body: string;
  created_at: string;
  product: ProductCard | null;
}

const onlineSince = (now: Date) => new Date(now.getTime() - ONLINE_MINUTES * 60_000).toISOString();

function conversations(db: Db, scope: ChatScope, now: Date) {
  let query = db
    .selectFrom("chat_conversations as c")
    .innerJoin("shops as s", "s.id", "c.shop_id")
    .innerJoin("users as u", "u.id", "c.user_id")
    .select([
      "c.id", "c.last_message", "c.last_message_at", "c.unread_by_customer", "c.unread_by_shop",
      "s.id as shop_id", "s.name as shop_name", "s.logo as shop_logo", "s.console_seen_at", "u.id as customer_id", "u.name as customer_name",
    ]);
  if ("userId" in scope) query = query.where("c.user_id", "=", scope.userId);
  if ("shopId" in scope) query = query.where("c.shop_id", "=", scope.shopId);
  const since = onlineSince(now);
  const shopper = "userId" in scope;
  return {
    query,
    shape: (row: Awaited<ReturnType<typeof query.executeTakeFirstOrThrow>>): ConversationSummary => ({
      id: row.id,
      shop: { id: row.shop_id, name: row.shop_name, logo: row.shop_logo },
      customer: { id: row.customer_id, name: row.customer_name },
      last_message: row.last_message,
      last_message_at: row.last_message_at,
      unread: shopper ? row.unread_by_customer : row.unread_by_shop,
      online: row.console_seen_at !== null && row.console_seen_at >= since,
    }),
  };
}

/** A LIKE pattern that matches `text` anywhere; LIKE's own wildcards are dropped from what was typed. */
const containing = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, "")}%`;

/**
 * The conversations of the scope, most recent first, `limit` of them; `search` keeps those whose shop (for a
 * shopper: 'Search Seller') or customer (for the console) has it in their name.
 */
export async function listConversations(db: Db, scope: ChatScope, { search = "", limit = CHAT_PAGE_SIZE, now = new Date() } = {}) {
  const { query, shape } = conversations(db, scope, now);
  const term = search.trim().slice(0, 100);
  const nameColumn = "userId" in scope ? "s.name" : "u.name";
  const rows = await query
    .$if(term !== "", (q) => q.where((eb) => eb(eb.fn("lower", [nameColumn]), "like", containing(term))))
    .orderBy("c.last_message_at", "desc")
    .orderBy("c.id", "desc")
    .limit(limit + 1)
    .execute();
  return { conversations: rows.slice(0, limit).map(shape), more: rows.length > limit };
}

/** One conversation of the scope; ConversationNotFoundError for any other (a foreign id looks like a missing one). */
export async function getConversation(db: Db, scope: ChatScope, conversationId: number, now = new Date()): Promise<ConversationSummary> {
  const { query, shape } = conversations(db, scope, now);
  const row = await query.where("c.id", "=", conversationId).executeTakeFirst();
  if (!row) throw new ConversationNotFoundError();
  return shape(row);
}

/**
 * The shopper's conversation with a shop (store-message, spec §7), made on first use: the chat buttons of the product
 * page, the shop page and the cart open it. An unknown or inactive shop is not found.
 */
export async function conversationWithShop(db: Db, userId: number, shopId: number): Promise<number> {
  const shop = await db.selectFrom("shops").select("id").where("id", "=", shopId).where("is_active", "=", 1).executeTakeFirst();
  if (!shop) throw new ConversationNotFoundError();
  await db.insertInto("chat_conversations").values({ user_id: userId, shop_id: shopId })
    .onConflict((conflict) => conflict.columns(["user_id", "shop_id"]).doNothing())
    .execute();
  const { id } = await db.selectFrom("chat_conversations").select("id").where("user_id", "=", userId).where("shop_id", "=", shopId).executeTakeFirstOrThrow();
  return id;
}

/**
 * A page of the conversation's messages, oldest first: the newest CHAT_PAGE_SIZE, or those before message `before`
 * (older ones). `older` is the id to ask for the page before this one, null at the start. Reading the newest page
 * marks the conversation read for the side that reads it.
 */
export async function readMessages(db: Db, scope: ChatScope, conversationId: number, { before = null as number | null, now = new Date() } = {}) {
  const conversation = await getConversation(db, scope, conversationId, now);
  const rows = await db
    .selectFrom("chat_messages")
    .select(["id", "sender", "body", "created_at", "product_id"])
    .where("conversation_id", "=", conversationId)
    .$if(before !== null, (q) => q.where("id", "<", before!))
    .orderBy("id", "desc")
    .limit(CHAT_PAGE_SIZE + 1)
    .execute();
  const page = rows.slice(0, CHAT_PAGE_SIZE).reverse();
  const cards = await productCardsByIds(db, page.flatMap((row) => (row.product_id === null ? [] : [row.product_id])), { now });
  if (before === null && conversation.unread > 0) {
    await db.updateTable("chat_conversations").set("userId" in scope ? { unread_by_customer: 0 } : { unread_by_shop: 0 })
      .where("id", "=", conversationId).execute();
  }
  return {
    conversation: { ...conversation, unread: before === null ? 0 : conversation.unread },
    messages: page.map(({ product_id, ...message }): ChatMessage => ({ ...message, product: cards.find((card) => card.id === product_id) ?? null })),
    older: rows.length > CHAT_PAGE_SIZE ? page[0].id : null,
  };
}

/**
 * The shopper's chat with a shop, as the messages screen opens it: its page of messages when they have talked, else
 * an empty chat ready to start (nothing is written until the first message). null for an unknown or inactive shop.
 */
export async function chatWithShop(db: Db, userId: number, shopId: number, { before = null as number | null, now = new Date() } = {}) {
  const shop = await db.selectFrom("shops").select(["id", "name", "logo", "console_seen_at"]).where("id", "=", shopId).where("is_active", "=", 1).executeTakeFirst();
  if (!shop) return null;
  const existing = await db.selectFrom("chat_conversations").select("id").where("user_id", "=", userId).where("shop_id", "=", shopId).executeTakeFirst();
  if (!existing) {
    const online = shop.console_seen_at !== null && shop.console_seen_at >= onlineSince(now);
    return { conversation_id: null, shop: { id: shop.id, name: shop.name, logo: shop.logo }, online, messages: [] as ChatMessage[], older: null };
  }
  const page = await readMessages(db, { userId }, existing.id, { before, now });
  return { conversation_id: existing.id, shop: page.conversation.shop, online: page.conversation.online, messages: page.messages, older: page.older };
}

export interface SentMessage {
  message: ChatMessage;
  conversation_id: number;
  shop_id: number;
  /** Who should hear of it now: the shopper, or the shop's staff and the platform admins. */
  notify: number[];
}

/**
 * Sends a message in a conversation of the scope: the shopper's scope speaks as the customer, any other as the shop
 * (its staff or the admin, `authorId`). Empty text does nothing (null). The other side's unread count
 * and the conversation's last message change in the same transaction.
 */
export async function sendMessage(
  db: Db,
  scope: ChatScope,
  authorId: number,
  conversationId: number,
  input: { body: string; productId?: number | null },
  now = new Date(),
): Promise<SentMessage | null> {
  const body = input.body.replace(/\r\n?/g, "\n").trim();
  if (body.length > MESSAGE_MAX_LENGTH) throw new DomainError("chat:errors.tooLong", "message", { max: MESSAGE_MAX_LENGTH });
  // Spec §5: sending empty text does nothing, even with a product attached (it goes with the first words).
  if (body === "") return null;
  const conversation = await getConversation(db, scope, conversationId, now);
  const sender: ChatSender = "userId" in scope ? "customer" : "shop";
  // Only the shopper attaches a product (the product page's chat button); an unknown or inactive one is dropped.
  const product = sender === "customer" && input.productId ? (await productCardsByIds(db, [input.productId], { now }))[0] ?? null : null;

  const at = now.toISOString();
  const id = await db.transaction().execute(async (tx) => {
    const message = await tx.insertInto("chat_messages")
      .values({ conversation_id: conversationId, sender, author_id: authorId, body, product_id: product?.id ?? null, created_at: at })
      .returning("id").executeTakeFirstOrThrow();
    await tx.updateTable("chat_conversations")
      .set((eb) => ({
        last_message: body.slice(0, 200),
        last_message_at: at,
        ...(sender === "customer" ? { unread_by_shop: eb("unread_by_shop", "+", 1) } : { unread_by_customer: eb("unread_by_customer", "+", 1) }),
      }))
      .where("id", "=", conversationId)
      .execute();
    return message.id;
  });
  const notify = sender === "shop"
    ? [conversation.customer.id]
    : (await db.selectFrom("users").select("id").where((eb) => eb.or([eb("shop_id", "=", conversation.shop.id), eb("role", "=", "admin")])).execute()).map((row) => row.id);
  return { message: { id, sender, body, created_at: at, product }, conversation_id: conversationId, shop_id: conversation.shop.id, notify };
}

const unreadOfCustomer = preparedQuery((db, userId: number) =>
  db.selectFrom("chat_conversations").select((eb) => eb.fn.sum<number>("unread_by_customer").as("unread")).where("user_id", "=", userId));

/** The shopper's unread messages, all shops together: the account menu's Message badge. */
export async function unreadMessagesOf(db: Db, userId: number): Promise<number> {
  const [row] = await unreadOfCustomer(db, userId);
  return Number(row?.unread ?? 0);
}

/** The console's unread messages: one shop's, or every shop's for the admin. */
export async function unreadByShops(db: Db, scope: StaffScope): Promise<number> {
  const row = await db.selectFrom("chat_conversations").select((eb) => eb.fn.sum<number>("unread_by_shop").as("unread"))
    .$if("shopId" in scope, (q) => q.where("shop_id", "=", (scope as { shopId: number }).shopId))
    .executeTakeFirst();
  return Number(row?.unread ?? 0);
}

/** A staff member has the console open: their shop shows Online (written at most once a minute). */
export async function markConsoleSeen(db: Db, shopId: number, now = new Date()) {
  await db.updateTable("shops").set({ console_seen_at: now.toISOString() })
    .where("id", "=", shopId)
    .where((eb) => eb.or([eb("console_seen_at", "is", null), eb("console_seen_at", "<", new Date(now.getTime() - CONSOLE_SEEN_EVERY_MS).toISOString())]))
    .execute();
}
