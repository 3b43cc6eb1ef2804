import { Form, useFetcher, useNavigation } from "@remix-run/react";
import { Link } from "~/components/link";
import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { useDebounceSubmit } from "remix-utils/use-debounce-submit";
import { formatMessageTime } from "~/lib/dates";
import { basePrice } from "~/modules/catalog/pricing";
import { useTranslation } from "~/lib/translation";
import { useHydrated } from "~/lib/use-hydrated";
import { useMoney } from "~/lib/use-money";
import type { ChatMessage, ConversationSummary } from "~/modules/chat/chat.server";
import { MESSAGE_MAX_LENGTH } from "~/modules/chat/chat-limits";
import type { ProductCard } from "~/modules/catalog/products.server";
import { StarIcon } from "../icons";
import { NumberInSentence } from "../text-only";

// Links in messages: http(s) addresses only, up to the first space or markup character.
const LINK = /\bhttps?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)\]]/g;

/** A message's text: every web address a safe link in a new tab, everything else plain text (React escapes it). */
export function MessageBody({ text }: { text: string }) {
  const parts: ReactNode[] = [];
  let at = 0;
  for (const match of text.matchAll(LINK)) {
    if (match.index! > at) parts.push(text.slice(at, match.index));
    parts.push(
      <a key={match.index} href={match[0]} target="_blank" rel="noopener noreferrer nofollow" className="break-all underline">
        {match[0]}
      </a>,
    );
    at = match.index! + match[0].length;
  }
  if (at < text.length) parts.push(text.slice(at));
  return <p className="whitespace-pre-wrap break-words" dir="auto">{parts}</p>;
}

/** A product talked about: thumbnail, name, price and rating, linking to its page. */
export function ChatProductCard({ product }: { product: ProductCard }) {
  const { t } = useTranslation();
  const money = useMoney();
  return (
    <div className="flex max-w-xs items-center gap-3 rounded-md border border-slate-200 bg-white p-2 text-slate-900">
      {product.thumbnail ? <img src={product.thumbnail} alt="" width={48} height={48} loading="lazy" className="h-12 w-12 rounded object-cover" /> : null}
      <div className="min-w-0 text-sm">
        <Link to={`/products/${product.id}/details`} className="line-clamp-2 font-medium hover:underline">{product.name}</Link>
        <p className="flex flex-wrap items-center gap-2 text-xs text-slate-600">
          <span className="font-bold text-primary-700">{money(basePrice(product))}</span>
          <span className="flex items-center gap-0.5">
            <StarIcon className="h-3 w-3 text-amber-500" />
            <NumberInSentence sentence={t("product.rating", { rating: product.rating.toFixed(1) })} number={product.rating.toFixed(1)} />
          </span>
        </p>
      </div>
    </div>
  );
}

/** The conversations beside the chat: name, unread count, last message and its time; the open one marked. */
export function ConversationList({
  items,
  openId,
  hrefOf,
  nameOf,
  locale,
}: {
  items: ConversationSummary[];
  openId: number | null;
  hrefOf: (item: ConversationSummary) => string;
  nameOf: (item: ConversationSummary) => { name: string; logo: string | null };
  locale: string;
}) {
  const { t } = useTranslation("chat");
  return (
    <ul className="divide-y divide-slate-200">
      {items.map((item) => {
        const who = nameOf(item);
        const open = item.id === openId;
        return (
          <li key={item.id}>
            <Link to={hrefOf(item)} className={`flex gap-3 px-3 py-3 hover:bg-slate-50 ${open ? "bg-primary-50" : ""}`} aria-current={open ? "page" : undefined}>
              {who.logo ? <img src={who.logo} alt="" width={40} height={40} className="h-10 w-10 shrink-0 rounded-full border border-slate-200 object-cover" /> : null}
              <span className="min-w-0 flex-1">
                <span className="flex items-center justify-between gap-2">
                  <span className="truncate font-semibold">{who.name}{open ? <span className="sr-only"> {t("list.current")}</span> : null}</span>
                  {item.unread > 0 ? (
                    <span className="shrink-0 rounded-full bg-green-700 px-2 text-xs font-bold text-white">
                      <NumberInSentence sentence={t("list.unread", { count: item.unread })} number={String(item.unread)} />
                    </span>
                  ) : null}
                </span>
                {item.last_message ? <span className="block truncate text-sm text-slate-600" dir="auto">{item.last_message}</span> : null}
                {item.last_message_at ? (
                  <time dateTime={item.last_message_at} className="block text-xs text-slate-600">{formatMessageTime(item.last_message_at, locale)}</time>
                ) : null}
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * The messages, oldest first, the reader's own on the end side. Older ones: a link without JS; with JS they load
 * when the reader scrolls to the top, and the view stays on the message that was first.
 */
export function MessageList({
  messages,
  older,
  olderHref,
  mine,
  theirName,
  locale,
}: {
  messages: ChatMessage[];
  older: number | null;
  olderHref: (before: number) => string;
  mine: ChatMessage["sender"];
  theirName: string;
  locale: string;
}) {
  const { t } = useTranslation("chat");
  // The older page comes from the same route's loader: its open chat holds the messages before the cursor.
  const fetcher = useFetcher<{ open: { messages: ChatMessage[]; older: number | null } | null }>();
  // Every message shown in this conversation so far (the parent keys this list by conversation): older pages loaded
  // on scrolling, and each newest page the live updates brought, so nothing falls between two pages.
  const [seen, setSeen] = useState<ChatMessage[]>([]);
  const [fetchedOlder, setFetchedOlder] = useState<number | null | undefined>(undefined);
  const box = useRef<HTMLOListElement>(null);
  const keepFrom = useRef<number | null>(null);
  useEffect(() => setSeen((shown) => mergeMessages(shown, messages)), [messages]);
  useEffect(() => {
    const page = fetcher.data?.open;
    if (!page) return;
    setSeen((shown) => mergeMessages(shown, page.messages));
    setFetchedOlder(page.older);
  }, [fetcher.data]);
  const shown = mergeMessages(seen, messages);
  const nextOlder = fetchedOlder === undefined ? older : fetchedOlder;
  const newest = shown.at(-1)?.id;
  useLayoutEffect(() => {
    const list = box.current;
    if (!list) return;
    if (keepFrom.current !== null) {
      list.scrollTop = list.scrollHeight - keepFrom.current;
      keepFrom.current = null;
    } else list.scrollTop = list.scrollHeight;
  }, [shown.length, newest]);

  const onScroll = () => {
    const list = box.current;
    if (!list || nextOlder === null || fetcher.state !== "idle" || list.scrollTop > 300) return;
    keepFrom.current = list.scrollHeight - list.scrollTop;
    fetcher.load(olderHref(nextOlder));
  };
  return (
    <>
      {nextOlder !== null ? (
        <p className="border-b border-slate-200 px-4 py-2 text-center text-sm">
          <Link to={olderHref(nextOlder)} className="font-semibold text-primary-700 underline">{t("pane.older")}</Link>
        </p>
      ) : null}
      {/* Focusable so that keyboard users can scroll it (and so reach the older messages). */}
      <ol ref={box} onScroll={onScroll} tabIndex={0} className="flex max-h-[60vh] min-h-[16rem] flex-col gap-3 overflow-y-auto px-4 py-4" aria-label={t("pane.messages")}>
        {shown.length === 0 ? <li className="m-auto text-sm text-slate-600">{t("pane.empty")}</li> : null}
        {shown.map((message) => {
          const own = message.sender === mine;
          return (
            <li key={message.id} className={`flex max-w-[85%] flex-col gap-1 ${own ? "ms-auto items-end" : "me-auto items-start"}`}>
              <span className="sr-only">{own ? t("pane.you") : theirName}:</span>
              {message.product ? <ChatProductCard product={message.product} /> : null}
              {message.body ? (
                <div className={`rounded-lg px-3 py-2 text-sm ${own ? "bg-primary-700 text-white" : "bg-slate-100 text-slate-900"}`}>
                  <MessageBody text={message.body} />
                </div>
              ) : null}
              <time dateTime={message.created_at} className="text-xs text-slate-600">{formatMessageTime(message.created_at, locale)}</time>
            </li>
          );
        })}
      </ol>
    </>
  );
}

function mergeMessages(a: ChatMessage[], b: ChatMessage[]): ChatMessage[] {
  const byId = new Map(a.map((message) => [message.id, message]));
  for (const message of b) byId.set(message.id, message);
  return [...byId.values()].sort((x, y) => x.id - y.id);
}

/**
 * The send box: a plain form post. With JS it posts without leaving the page, the text box empties at once, Enter
 * sends and Shift+Enter adds a line; the page's data then reloads with the message in it.
 */
export function SendMessageForm({ hidden, product, error }: { hidden: Record<string, string>; product?: ProductCard | null; error?: string }) {
  const { t } = useTranslation("chat");
  const fetcher = useFetcher();
  const navigation = useNavigation();
  const form = useRef<HTMLFormElement>(null);
  const hydrated = useHydrated();
  const sending = fetcher.state !== "idle" || navigation.state === "submitting";
  const shownError = error ?? (fetcher.data as { error?: string } | undefined)?.error;
  useEffect(() => {
    if (fetcher.state === "submitting") form.current?.reset();
  }, [fetcher.state]);
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      if (event.currentTarget.value.trim()) form.current?.requestSubmit();
    }
  };
  return (
    <fetcher.Form ref={form} method="post" className="border-t border-slate-200 p-3">
      {product ? (
        <div className="mb-2">
          <p className="mb-1 text-xs text-slate-600">{t("send.aboutProduct")}</p>
          <ChatProductCard product={product} />
          <input type="hidden" name="product_id" value={product.id} />
        </div>
      ) : null}
      {Object.entries(hidden).map(([name, value]) => <input key={name} type="hidden" name={name} value={value} />)}
      <label htmlFor="chat-message" className="sr-only">{t("send.label")}</label>
      <div className="flex items-end gap-2">
        <textarea
          id="chat-message"
          name="message"
          rows={2}
          maxLength={MESSAGE_MAX_LENGTH}
          onKeyDown={onKeyDown}
          placeholder={t("send.placeholder")}
          aria-describedby={shownError ? "chat-message-error chat-message-hint" : "chat-message-hint"}
          className="min-w-0 flex-1 rounded-md border border-slate-300 px-3 py-2 text-sm"
          dir="auto"
        />
        <button type="submit" name="intent" value="send" className="btn-primary" disabled={sending}>{t("send.button")}</button>
      </div>
      <p id="chat-message-hint" className="mt-1 text-xs text-slate-600">{t("send.hint", { count: MESSAGE_MAX_LENGTH })}
        {/* Only the script makes Enter send: without it Enter adds a line, as in any text area. */}
        {hydrated ? ` ${t("send.keys")}` : null}
      </p>
      {shownError ? <p id="chat-message-error" className="mt-1 text-sm font-medium text-red-700">{shownError}</p> : null}
    </fetcher.Form>
  );
}

/** The GET form of the list: 'Search Seller' for a shopper, a customer's name in the console. */
export function ConversationSearch({ label, value, keep }: { label: string; value: string; keep: Record<string, string> }) {
  const { t } = useTranslation("chat");
  // With JS the list follows the typing (spec §9: 500 ms after the last key); the button stays for everyone else.
  const submit = useDebounceSubmit();
  return (
    <Form method="get" role="search" className="flex gap-2 border-b border-slate-200 p-3">
      {Object.entries(keep).map(([name, kept]) => <input key={name} type="hidden" name={name} value={kept} />)}
      <label htmlFor="chat-search" className="sr-only">{label}</label>
      <input
        id="chat-search"
        type="search"
        name="search"
        defaultValue={value}
        placeholder={label}
        onChange={(event) => submit(event.currentTarget.form, { replace: true, preventScrollReset: true, debounceTimeout: 500 })}
        className="min-w-0 flex-1 rounded-md border border-slate-300 px-3 py-1.5 text-sm"
      />
      <button type="submit" className="btn-secondary text-sm">{t("list.search")}</button>
    </Form>
  );
}
