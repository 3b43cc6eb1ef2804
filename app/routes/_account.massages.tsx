import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Link } from "~/components/link";
import { ConversationList, ConversationSearch, MessageList, SendMessageForm } from "~/components/chat/chat-parts";
import { requireUser } from "~/lib/auth.server";
import { idFrom } from "~/lib/ids";
import { requireUserOrLogin } from "~/lib/login-first.server";
import { DomainError } from "~/lib/domain-error";
import { publishLive } from "~/lib/live.server";
import { pageTitle } from "~/lib/seo";
import { useTranslation } from "~/lib/translation";
import {
  chatWithShop,
  conversationWithShop,
  ConversationNotFoundError,
  listConversations,
  readMessages,
  sendMessage,
  unreadMessagesOf,
} from "~/modules/chat/chat.server";
import { productCardsByIds } from "~/modules/catalog/products.server";
import { CHAT_PAGE_SIZE } from "~/modules/chat/chat-limits";
import { readForm } from "~/lib/forms.server";

export const handle = { i18n: ["chat"] };

/**
 * The messages screen (spec §2, the spec's spelling /massages): the shopper's shops with 'Search Seller', and the
 * chat with the one picked (?shop=), its newest 20 messages or 20 before ?before=. Opening a shop marks its messages
 * read. ?product= attaches that product to the next message (the product page's chat button).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { db, user, t, locale } = await requireUserOrLogin(request);
  const params = new URL(request.url).searchParams;
  const search = params.get("search") ?? "";
  const shopId = idFrom(params.get("shop"));
  const before = idFrom(params.get("before"));
  const shown = Math.min(Math.max(idFrom(params.get("shown")) ?? CHAT_PAGE_SIZE, CHAT_PAGE_SIZE), 200);

  const open = shopId === null ? null : await chatWithShop(db, user.id, shopId, { before });
  if (shopId !== null && !open) throw new Response("Not Found", { status: 404 });
  const [list, unread, product] = await Promise.all([
    listConversations(db, { userId: user.id }, { search, limit: shown }),
    // After reading the open chat: the badges of this page already count its messages as read.
    unreadMessagesOf(db, user.id),
    open && idFrom(params.get("product")) !== null ? productCardsByIds(db, [idFrom(params.get("product"))!]).then((cards) => cards[0] ?? null) : null,
  ]);
  return { title: t("chat:title"), locale, search, shown, list, open, unread, product, before };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(matches, data?.title);

/** Send (spec §7 send-message): the shopper speaks as the customer, whatever the form says; then back to the chat. */
export async function action({ request }: ActionFunctionArgs) {
  const { db, user, t } = await requireUser(request);
  const form = await readForm(request);
  const shopId = idFrom(String(form.get("shop_id") ?? ""));
  if (shopId === null) throw new Response("Not Found", { status: 404 });
  const back = `/massages?shop=${shopId}`;
  try {
    const conversationId = await conversationWithShop(db, user.id, shopId);
    const productId = idFrom(String(form.get("product_id") ?? ""));
    const sent = await sendMessage(db, { userId: user.id }, user.id, conversationId, { body: String(form.get("message") ?? ""), productId });
    // Nothing said: nothing sent, and the product stays attached for the first words.
    if (!sent) return redirect(productId ? `${back}&product=${productId}` : back, 303);
    await publishLive(sent.notify, { type: "chat", conversation_id: sent.conversation_id, shop_id: sent.shop_id });
    return redirect(back, 303);
  } catch (error) {
    if (error instanceof ConversationNotFoundError) throw new Response("Not Found", { status: 404 });
    if (error instanceof DomainError) return data({ error: t(error.message, error.values) }, { status: 400 });
    throw error;
  }
}

export default function Messages() {
  const { list, open, search, shown, locale, product, before } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation("chat");
  const keep: Record<string, string> = open ? { shop: String(open.shop.id) } : {};
  const hrefOf = (shopId: number, extra = "") => `/massages?shop=${shopId}${search ? `&search=${encodeURIComponent(search)}` : ""}${extra}`;
  return (
    <section aria-labelledby="messages-title" className="rounded-lg border border-slate-200 bg-white">
      <h1 id="messages-title" className="border-b border-slate-200 px-4 py-3 text-2xl font-bold">{t("title")}</h1>
      <div className="grid md:grid-cols-[18rem_1fr]">
        <div className="border-slate-200 md:border-e">
          <ConversationSearch label={t("list.searchSeller")} value={search} keep={keep} />
          <h2 className="sr-only">{t("list.title")}</h2>
          {list.conversations.length ? (
            <ConversationList
              items={list.conversations}
              openId={open?.conversation_id ?? null}
              hrefOf={(item) => hrefOf(item.shop.id)}
              nameOf={(item) => ({ name: item.shop.name, logo: item.shop.logo })}
              locale={locale}
            />
          ) : (
            <p className="p-4 text-sm text-slate-600">{search ? t("list.noneFound", { search }) : t("list.none")}</p>
          )}
          {list.more ? (
            <p className="p-3 text-center text-sm">
              <Link to={`/massages?shown=${shown + 20}${search ? `&search=${encodeURIComponent(search)}` : ""}${open ? `&shop=${open.shop.id}` : ""}`} className="font-semibold text-primary-700 underline">
                {t("list.more")}
              </Link>
            </p>
          ) : null}
        </div>
        <div aria-labelledby="chat-title" role="region" className="flex min-w-0 flex-col">
          {open ? (
            <>
              <div className="flex items-center gap-3 border-b border-slate-200 px-4 py-3">
                <img src={open.shop.logo} alt="" width={40} height={40} className="h-10 w-10 rounded-full border border-slate-200 object-cover" />
                <div>
                  <h2 id="chat-title" className="font-semibold"><Link to={`/shops/${open.shop.id}`} className="hover:underline">{open.shop.name}</Link></h2>
                  <p className="text-xs text-slate-600">{open.online ? t("pane.online") : t("pane.offline")}</p>
                </div>
              </div>
              {before !== null ? (
                <p className="border-b border-slate-200 px-4 py-2 text-center text-sm">
                  <Link to={hrefOf(open.shop.id)} className="font-semibold text-primary-700 underline">{t("pane.latest")}</Link>
                </p>
              ) : null}
              <MessageList
                key={open.shop.id}
                messages={open.messages}
                older={open.older}
                olderHref={(id) => hrefOf(open.shop.id, `&before=${id}`)}
                mine="customer"
                theirName={open.shop.name}
                locale={locale}
              />
              <SendMessageForm hidden={{ shop_id: String(open.shop.id) }} product={product} error={answer?.error} />
            </>
          ) : (
            <div className="m-auto p-8 text-center">
              <h2 id="chat-title" className="text-lg font-semibold">{t("pane.noneTitle")}</h2>
              <p className="mt-1 text-slate-600">{t("pane.noneText")}</p>
            </div>
          )}
        </div>
      </div>
    </section>
  );
}
