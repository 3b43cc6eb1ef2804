import path from "node:path";
import type { Page } from "@playwright/test";
import Database from "better-sqlite3";
import { audit, expect, serverEnv, test } from "./fixtures";
import { readInArabic, registerShopper, signInByEmail } from "./session";

/** The first shop of /shops (seller@example.com's) and one of its products, as a shopper finds them. */
async function firstShopProduct(page: Page) {
  await page.goto("/shops");
  const shop = page.getByRole("article").first();
  const shopName = (await shop.getByRole("heading").innerText()).trim();
  await shop.getByRole("link", { name: /^Visit Store/ }).click();
  const card = page.getByRole("region", { name: "All Products" }).getByRole("article").first();
  const productName = (await card.getByRole("heading").innerText()).trim();
  await card.getByRole("heading").getByRole("link").click();
  await expect(page.getByRole("heading", { level: 1, name: productName })).toBeVisible();
  return { shopName, productName };
}

/** A conversation's link in the console, found by its customer and the last thing they said. */
const conversationLink = (page: Page, customer: string, lastMessage: string) =>
  page.getByRole("link", { name: new RegExp(`^${customer}.*${lastMessage.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`) });

/** A long conversation of the shopper with the first shop, written straight in the e2e database: message 1 … count. */
function longConversation(email: string, count: number): number {
  const db = new Database(path.resolve(serverEnv().DATABASE_URL.replace(/^file:/, "")));
  try {
    const user = db.prepare("SELECT id FROM users WHERE email = ?").get(email) as { id: number };
    const shop = db.prepare("SELECT shop_id FROM users WHERE email = 'seller@example.com'").get() as { shop_id: number };
    const at = (i: number) => new Date(Date.UTC(2026, 0, 1, 9, 0, i)).toISOString();
    const conversation = db.prepare("INSERT INTO chat_conversations (user_id, shop_id, last_message, last_message_at) VALUES (?, ?, ?, ?)")
      .run(user.id, shop.shop_id, `message ${count}`, at(count)).lastInsertRowid;
    const insert = db.prepare("INSERT INTO chat_messages (conversation_id, sender, author_id, body, created_at) VALUES (?, ?, ?, ?, ?)");
    for (let i = 1; i <= count; i++) insert.run(conversation, i % 2 ? "customer" : "shop", null, `message ${i}`, at(i));
    return shop.shop_id;
  } finally {
    db.close();
  }
}

const badge = (page: Page) => page.getByRole("navigation", { name: "Account menu" }).getByRole("link", { name: /^Message/ });

test.describe("chat with a shop", () => {
  // Two people on two browsers over many pages, every state checked with axe.
  test.slow();

  test("a shopper asks about a product; the seller answers in the console; the answer reaches the shopper", async ({ page, context, browser, baseURL, jsEnabled, checkA11y }) => {
    const shopper = await registerShopper(context, baseURL!, "Chatty");
    const { shopName, productName } = await firstShopProduct(page);
    await page.getByRole("link", { name: "Chat with shop" }).click();
    await expect(page).toHaveURL(/\/massages\?shop=\d+&product=\d+$/);
    const chat = page.getByRole("region", { name: shopName });
    await expect(chat.getByText("About this product:")).toBeVisible();
    await expect(chat.getByRole("link", { name: productName })).toBeVisible();
    await expect(chat.getByText("No messages yet: say hello.")).toBeVisible();
    await checkA11y();

    // Empty text sends nothing; the product stays attached.
    await chat.getByRole("button", { name: "Send" }).click();
    await expect(chat.getByText("No messages yet: say hello.")).toBeVisible();
    await expect(chat.getByText("About this product:")).toBeVisible();
    const question = `Does it come in blue? ${Date.now()}`;
    await chat.getByRole("textbox", { name: "Message" }).fill(question);
    await chat.getByRole("button", { name: "Send" }).click();
    const messages = chat.getByRole("list", { name: "Messages" });
    await expect(messages.getByText(question)).toBeVisible();
    await expect(messages.getByRole("listitem")).toHaveCount(1); // the product card and the text, one message
    await expect(messages.getByRole("link", { name: productName })).toBeVisible();
    await checkA11y();

    // The seller, on their own browser.
    const sellerContext = await browser.newContext({ baseURL, javaScriptEnabled: jsEnabled });
    const seller = await sellerContext.newPage();
    await signInByEmail(sellerContext, baseURL!, "seller@example.com");
    await seller.goto("/shop-console/messages");
    await expect(seller.getByRole("navigation", { name: "Shop console" }).getByRole("link", { name: /^Messages/ })).toContainText(/\d+ unread messages?/);
    const conversation = conversationLink(seller, shopper.name, question);
    await expect(conversation).toContainText("1 unread message");
    await conversation.click();
    await expect(seller.getByRole("list", { name: "Messages" }).getByText(question)).toBeVisible();
    await audit(seller, jsEnabled);

    // The shopper goes on to another page; the answer comes while they are there.
    await page.goto("/dashboard");
    await expect(badge(page)).toHaveText("Message");
    const answer = `Yes, in navy blue. ${Date.now()}`;
    await seller.getByRole("textbox", { name: "Message" }).fill(answer);
    await seller.getByRole("button", { name: "Send" }).click();
    await expect(seller.getByRole("list", { name: "Messages" }).getByText(answer)).toBeVisible();
    await sellerContext.close();

    // With JS it arrives without a reload; without JS on the next page.
    if (!jsEnabled) await page.reload();
    await expect(badge(page)).toContainText("1 unread message");
    await checkA11y();
    await badge(page).click();
    await page.getByRole("link", { name: new RegExp(`^${shopName}`) }).click();
    await expect(chat.getByRole("list", { name: "Messages" }).getByText(answer)).toBeVisible();
    await expect(badge(page)).toHaveText(/^Message( \(current\))?$/);
    await checkA11y();
  });

  test("live: the open chat shows the shop's answer without a reload", async ({ page, context, browser, baseURL, jsEnabled }) => {
    test.skip(!jsEnabled, "live updates need JavaScript; without it the next page load shows the answer (the test above)");
    const shopper = await registerShopper(context, baseURL!, "Live");
    const { shopName } = await firstShopProduct(page);
    await page.getByRole("link", { name: "Chat with shop" }).click();
    const chat = page.getByRole("region", { name: shopName });
    const hello = `Hello? ${Date.now()}`;
    await chat.getByRole("textbox", { name: "Message" }).fill(hello);
    await chat.getByRole("textbox", { name: "Message" }).press("Enter");
    await expect(chat.getByRole("list", { name: "Messages" }).getByText(hello)).toBeVisible();
    await expect(chat.getByRole("textbox", { name: "Message" })).toHaveValue("");

    const sellerContext = await browser.newContext({ baseURL });
    const seller = await sellerContext.newPage();
    await signInByEmail(sellerContext, baseURL!, "seller@example.com");
    await seller.goto("/shop-console/messages");
    await conversationLink(seller, shopper.name, hello).click();
    const url = page.url();
    await seller.getByRole("textbox", { name: "Message" }).fill("Hello! How can we help?");
    await seller.getByRole("button", { name: "Send" }).click();
    await expect(chat.getByRole("list", { name: "Messages" }).getByText("Hello! How can we help?")).toBeVisible();
    expect(page.url()).toBe(url);
    // Read at once, since the chat is open.
    await expect(badge(page)).toHaveText(/^Message/);
    await expect(badge(page)).not.toContainText("unread");
    await sellerContext.close();

    // 'Search Seller' follows the typing, without pressing Search.
    await page.goto("/massages");
    await page.getByRole("searchbox", { name: "Search Seller" }).pressSequentially(shopName.slice(0, 4).toLowerCase());
    await expect(page).toHaveURL(new RegExp(`/massages\\?search=${encodeURIComponent(shopName.slice(0, 4).toLowerCase())}$`));
    await expect(page.getByRole("link", { name: new RegExp(`^${shopName}`) })).toBeVisible();
    await page.getByRole("searchbox", { name: "Search Seller" }).fill("no such seller at all");
    await expect(page.getByText("No conversation matches “no such seller at all”.")).toBeVisible();
  });

  test("a long chat shows its newest 20; older ones come by a link without JS, on scrolling up with JS", async ({ page, context, baseURL, jsEnabled, checkA11y }) => {
    const shopper = await registerShopper(context, baseURL!, "Long Chat");
    const shopId = longConversation(shopper.email, 45);
    await page.goto(`/massages?shop=${shopId}`);
    const list = page.getByRole("list", { name: "Messages" });
    const items = list.getByRole("listitem");
    await expect(items).toHaveCount(20);
    await expect(items.first()).toContainText("message 26");
    await expect(items.last()).toContainText("message 45");
    if (!jsEnabled) {
      await page.getByRole("link", { name: "Older messages" }).click();
      await expect(items).toHaveCount(20);
      await expect(items.first()).toContainText("message 6");
      await expect(items.last()).toContainText("message 25");
      await checkA11y();
      await page.getByRole("link", { name: "Older messages" }).click();
      await expect(items).toHaveCount(5);
      await expect(page.getByRole("link", { name: "Older messages" })).toHaveCount(0);
      await page.getByRole("link", { name: "Back to the latest messages" }).click();
      await expect(items.last()).toContainText("message 45");
      return;
    }
    await list.evaluate((element) => element.scrollTo(0, 0));
    await expect(items).toHaveCount(40);
    // The view stays where the reader was: message 26 is still in sight, not the oldest.
    await expect(list.getByText("message 26", { exact: true })).toBeInViewport();
    await list.evaluate((element) => element.scrollTo(0, 0));
    await expect(items).toHaveCount(45);
    await expect(items.first()).toContainText("message 1");
    await checkA11y();
  });

  test("in Arabic the messages screen reads right to left", async ({ page, context, baseURL, checkA11y }) => {
    await registerShopper(context, baseURL!, "Arabic Chat");
    await readInArabic(context, baseURL!);
    await page.goto("/massages");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.getByRole("heading", { level: 1, name: "الرسائل" })).toBeVisible();
    await expect(page.getByText("يرجى اختيار مستخدم لعرض رسائله")).toBeVisible();
    await checkA11y();
  });

  test("a guest pressing a chat button logs in first and comes back", async ({ page }) => {
    await page.goto("/shops");
    await page.getByRole("article").first().getByRole("link", { name: /^Visit Store/ }).click();
    await page.getByRole("link", { name: "Chat with shop" }).click();
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fmassages%3Fshop%3D\d+$/);
  });
});
