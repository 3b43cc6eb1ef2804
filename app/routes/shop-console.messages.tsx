import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Link } from "~/components/link";
import { ConversationList, ConversationSearch, MessageList, SendMessageForm } from "~/components/chat/chat-parts";
import { requireStaff } from "~/lib/auth.server";
import { DomainError } from "~/lib/domain-error";
import { idFrom } from "~/lib/ids";
import { publishLive } from "~/lib/live.server";
import { pageTitle } from "~/lib/seo";
import { useTranslation } from "~/lib/translation";
import { CHAT_PAGE_SIZE } from "~/modules/chat/chat-limits";
import { ConversationNotFoundError, listConversations, readMessages, sendMessage } from "~/modules/chat/chat.server";
import { readForm } from "~/lib/forms.server";

/**
 * The shop's conversations with its customers (every shop's for the admin): search by customer, open one
 * (?conversation=), its newest 20 messages or 20 before ?before=. Another shop's conversation is Page Not Found.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { db, t, locale, scope } = await requireStaff(request);
  const params = new URL(request.url).searchParams;
  const search = params.get("search") ?? "";
  const conversationId = idFrom(params.get("conversation"));
  const before = idFrom(params.get("before"));
  const shown = Math.min(Math.max(idFrom(params.get("shown")) ?? CHAT_PAGE_SIZE, CHAT_PAGE_SIZE), 200);
  let open = null;
  if (conversationId !== null) {
    try {
      const page = await readMessages(db, scope, conversationId, { before });
      open = { ...page.conversation, messages: page.messages, older: page.older };
    } catch (error) {
      if (error instanceof ConversationNotFoundError) throw new Response("Not Found", { status: 404 });
      throw error;
    }
  }
  const list = await listConversations(db, scope, { search, limit: shown });
  return { title: t("console:meta.messages"), locale, search, shown, list, open, before, everyShop: "everyShop" in scope };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(matches, data?.title);

/** A reply: it is the shop's, whoever of its staff (or the admin) writes it; then back to the conversation. */
export async function action({ request }: ActionFunctionArgs) {
  const { db, t, user, scope } = await requireStaff(request);
  const form = await readForm(request);
  const conversationId = idFrom(String(form.get("conversation_id") ?? ""));
  if (conversationId === null) throw new Response("Not Found", { status: 404 });
  try {
    const sent = await sendMessage(db, scope, user.id, conversationId, { body: String(form.get("message") ?? "") });
    if (sent) await publishLive(sent.notify, { type: "chat", conversation_id: sent.conversation_id, shop_id: sent.shop_id });
    return redirect(`/shop-console/messages?conversation=${conversationId}`, 303);
  } catch (error) {
    if (error instanceof ConversationNotFoundError) throw new Response("Not Found", { status: 404 });
    if (error instanceof DomainError) return data({ error: t(error.message, error.values) }, { status: 400 });
    throw error;
  }
}

export default function ConsoleMessages() {
  const { list, open, search, shown, locale, before, everyShop } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation("chat");
  const query = search ? `&search=${encodeURIComponent(search)}` : "";
  const hrefOf = (id: number, extra = "") => `/shop-console/messages?conversation=${id}${query}${extra}`;
  const nameOf = (customer: string, shop: string) => (everyShop ? `${customer} · ${shop}` : customer);
  return (
    <section aria-labelledby="messages-title" className="rounded-lg border border-slate-200 bg-white">
      <h1 id="messages-title" className="border-b border-slate-200 px-4 py-3 text-2xl font-bold">{t("title")}</h1>
      <div className="grid md:grid-cols-[18rem_1fr]">
        <div className="border-slate-200 md:border-e">
          <ConversationSearch label={t("list.searchCustomer")} value={search} keep={open ? { conversation: String(open.id) } : {}} />
          <h2 className="sr-only">{t("list.title")}</h2>
          {list.conversations.length ? (
            <ConversationList
              items={list.conversations}
              openId={open?.id ?? null}
              hrefOf={(item) => hrefOf(item.id)}
              nameOf={(item) => ({ name: nameOf(item.customer.name, item.shop.name), logo: null })}
              locale={locale}
            />
          ) : (
            <p className="p-4 text-sm text-slate-600">{search ? t("list.noneFound", { search }) : t("list.noneConsole")}</p>
          )}
          {list.more ? (
            <p className="p-3 text-center text-sm">
              <Link to={`/shop-console/messages?shown=${shown + 20}${query}${open ? `&conversation=${open.id}` : ""}`} className="font-semibold text-primary-700 underline">{t("list.more")}</Link>
            </p>
          ) : null}
        </div>
        <div aria-labelledby="chat-title" role="region" className="flex min-w-0 flex-col">
          {open ? (
            <>
              <div className="border-b border-slate-200 px-4 py-3">
                <h2 id="chat-title" className="font-semibold"><bdi>{nameOf(open.customer.name, open.shop.name)}</bdi></h2>
                <p className="text-xs text-slate-600">{t("pane.customer")}</p>
              </div>
              {before !== null ? (
                <p className="border-b border-slate-200 px-4 py-2 text-center text-sm">
                  <Link to={hrefOf(open.id)} className="font-semibold text-primary-700 underline">{t("pane.latest")}</Link>
                </p>
              ) : null}
              <MessageList
                key={open.id}
                messages={open.messages}
                older={open.older}
                olderHref={(id) => hrefOf(open.id, `&before=${id}`)}
                mine="shop"
                theirName={open.customer.name}
                locale={locale}
              />
              <SendMessageForm hidden={{ conversation_id: String(open.id) }} error={answer?.error} />
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
