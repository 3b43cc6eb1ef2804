import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/lib/translation";
import { shopContext } from "~/lib/context.server";
import { pageTitle } from "~/lib/seo";
import { latestOutboxMessages } from "~/modules/messaging/delivery.server";

export const handle = { i18n: ["auth"] };

/**
 * The dev outbox: the messages (codes included) the shop sent lately, for developers and browser tests.
 * In production it does not exist (404) and nothing is recorded.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { db, settings, t } = await shopContext(request);
  if (settings.appEnv === "production") throw new Response("Not Found", { status: 404 });
  return data(
    { title: t("auth:outbox.title"), messages: await latestOutboxMessages(db) },
    { headers: { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" } },
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [...pageTitle(matches, data?.title), { name: "robots", content: "noindex" }];

export default function DevOutbox() {
  const { messages } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation("auth");
  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "medium", timeZone: "UTC", numberingSystem: "latn" });
  return (
    <main id="main" className="container-shop py-10">
      <h1 className="text-3xl font-bold">{t("outbox.title")}</h1>
      <p className="mt-2 text-slate-600">{t("outbox.intro")}</p>
      {messages.length === 0 ? (
        <p className="mt-6 text-slate-700">{t("outbox.empty")}</p>
      ) : (
        <ol className="mt-6 space-y-4">
          {messages.map((message) => (
            <li key={message.id}>
              <article aria-labelledby={`message-${message.id}`} className="rounded-lg border border-slate-200 p-4">
                <h2 id={`message-${message.id}`} className="font-semibold">
                  {t(`outbox.channel_${message.channel}`)} · {t("outbox.to")} <span dir="ltr">{message.recipient}</span>
                </h2>
                <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 text-sm text-slate-600">
                  {message.subject ? (
                    <>
                      <dt>{t("outbox.subject")}</dt>
                      <dd>{message.subject}</dd>
                    </>
                  ) : null}
                  <dt>{t("outbox.sentAt")}</dt>
                  <dd><time dateTime={message.created_at}>{time.format(new Date(message.created_at))}</time></dd>
                </dl>
                <p className="mt-2 whitespace-pre-wrap">{message.body}</p>
              </article>
            </li>
          ))}
        </ol>
      )}
    </main>
  );
}
