import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { Link } from "~/components/link";
import { TicketConversation, TicketFacts, TicketReplyForm, TicketStatusBadge, type TicketFormAnswer } from "~/components/tickets/ticket-parts";
import { requirePlatformAdmin } from "~/lib/auth.server";
import { DomainError, replyWithError } from "~/lib/domain-error";
import { pageTitle } from "~/lib/seo";
import { publishLive } from "~/lib/live.server";
import { redirectWithToast } from "~/lib/session.server";
import { useTranslation } from "~/lib/translation";
import { readUploadForm } from "~/lib/uploads.server";
import { attachmentsRefusal } from "~/modules/tickets/attachments.server";
import { ticketNumberFrom } from "~/modules/tickets/ticket-status";
import { ATTACHMENT_MAX_BYTES, MAX_ATTACHMENTS, ticketMoveSchema, ticketReplySchema } from "~/modules/tickets/tickets.schema";
import { getTicket, moveTicket, replyToTicket, TicketNotFoundError } from "~/modules/tickets/tickets.server";

export const handle = { i18n: ["tickets"] };

/** The reply form's and the status buttons' fields; anything else posted (an author, a type) is read and dropped. */
const TEXT_FIELDS = new Set(["intent", "message", "to"]);

async function ticketOf(request: Request, param: string | undefined) {
  const context = await requirePlatformAdmin(request);
  const ticketNumber = ticketNumberFrom(param);
  if (ticketNumber === null) throw new Response("Not Found", { status: 404 });
  return { ...context, viewer: { adminId: context.user.id }, ticketNumber };
}

/** One ticket for the platform admin: the customer, the conversation, the reply form and the next statuses. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { db, t, locale, viewer, ticketNumber } = await ticketOf(request, params.ticketNumber);
  const ticket = await getTicket(db, viewer, ticketNumber);
  if (!ticket) throw new Response("Not Found", { status: 404 });
  return { title: t("tickets:details.title", { number: ticket.ticket_number }), locale, ticket };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(matches, data?.title);

/** A status button: back to the ticket with a toast saying what changed, or why nothing did. */
async function move(request: Request, { db, t, viewer, ticketNumber }: Awaited<ReturnType<typeof ticketOf>>, fields: FormData) {
  const back = `/shop-console/tickets/${ticketNumber}`;
  const parsed = ticketMoveSchema.safeParse(Object.fromEntries(fields));
  if (!parsed.success) return redirectWithToast(request, back, { kind: "error", message: "tickets:errors.badStep" });
  try {
    const customer = await moveTicket(db, viewer, ticketNumber, parsed.data.to);
    await publishLive([customer], { type: "ticket", ticket_number: ticketNumber });
  } catch (error) {
    if (error instanceof TicketNotFoundError) throw new Response("Not Found", { status: 404 });
    if (error instanceof DomainError) return redirectWithToast(request, back, { kind: "error", message: error.message });
    throw error;
  }
  const status = t(`tickets:status.${parsed.data.to}`);
  return redirectWithToast(request, back, { kind: "success", message: "tickets:console.moved", values: { number: ticketNumber, status } });
}

/** The admin's answer, or a status button (their forms say which with `intent`). */
export async function action({ request, params }: ActionFunctionArgs) {
  const context = await ticketOf(request, params.ticketNumber);
  const { db, viewer, ticketNumber } = context;
  // A ticket that is not there is not found, before its form (and any file) is read.
  if (!(await getTicket(db, viewer, ticketNumber))) throw new Response("Not Found", { status: 404 });
  const upload = await readUploadForm(request, { fileField: "attachments", textFields: TEXT_FIELDS, maxFiles: MAX_ATTACHMENTS, maxFileBytes: ATTACHMENT_MAX_BYTES });
  if (upload.fields.get("intent") === "move") return move(request, context, upload.fields);
  const submission = parseWithZod(upload.fields, { schema: ticketReplySchema });
  if (upload.malformed) {
    return data<TicketFormAnswer>({ result: submission.reply({ formErrors: ["tickets:errors.formUnreadable"] }), values: null }, { status: 400 });
  }
  if (submission.status !== "success") {
    const refusal = attachmentsRefusal(upload.files);
    const result = submission.reply(refusal ? { fieldErrors: { attachments: [refusal.message] } } : undefined);
    return data<TicketFormAnswer>({ result, values: refusal?.values ?? null }, { status: 400 });
  }
  try {
    const notify = await replyToTicket(db, viewer, ticketNumber, submission.value.message, upload.files);
    await publishLive(notify, { type: "ticket", ticket_number: ticketNumber });
  } catch (error) {
    if (error instanceof TicketNotFoundError) throw new Response("Not Found", { status: 404 });
    if (!(error instanceof DomainError)) throw error;
    return data<TicketFormAnswer>({ result: replyWithError(submission, error), values: error.values ?? null }, { status: 400 });
  }
  return redirectWithToast(request, `/shop-console/tickets/${ticketNumber}`, { kind: "success", message: "tickets:console.replied", values: { number: ticketNumber } });
}

export default function ConsoleTicket() {
  const { ticket, locale } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation("tickets");
  const panel = "rounded-lg border border-slate-200 bg-white p-6";
  return (
    <div className="space-y-6">
      <section aria-labelledby="ticket-title" className={panel}>
        <Link to="/shop-console/tickets" className="text-sm font-semibold text-primary-700 hover:underline">{t("console.back")}</Link>
        <div className="mt-2 flex flex-wrap items-center gap-3">
          <h1 id="ticket-title" className="text-2xl font-bold">{t("details.title", { number: ticket.ticket_number })}</h1>
          <TicketStatusBadge status={ticket.status} />
        </div>
        <p className="mt-2 text-lg font-semibold" dir="auto">{ticket.subject}</p>
        <p className="mt-2 text-sm">{t("fields.customer")}: <bdi>{ticket.customer_name}</bdi></p>
        <TicketFacts ticket={ticket} locale={locale} orderHref={ticket.order_id === null ? null : `/shop-console/orders/${ticket.order_id}`} />
        {ticket.next_statuses.length ? (
          <div className="mt-5 flex flex-wrap items-start gap-4 rounded-md border border-slate-200 p-4">
            <p className="w-full text-sm font-semibold">{t("console.changeStatus")}</p>
            {ticket.next_statuses.map((to) => (
              <Form key={to} method="post">
                <input type="hidden" name="to" value={to} />
                <button type="submit" name="intent" value="move" className={to === "cancel" ? "btn-secondary text-red-700" : "btn-primary"}>
                  {t(`console.moveTo.${to}`)}
                </button>
              </Form>
            ))}
          </div>
        ) : (
          <p className="mt-4 text-sm text-slate-700">{t("console.final")}</p>
        )}
      </section>
      <section aria-labelledby="conversation-title" className={panel}>
        <h2 id="conversation-title" className="text-lg font-bold">{t("conversation.title")}</h2>
        <TicketConversation ticket={ticket} locale={locale} side="admin" />
        <h2 className="mt-6 text-lg font-bold">{t("conversation.reply")}</h2>
        {ticket.open ? (
          <TicketReplyForm answer={answer} version={ticket.messages.length} label={t("console.answerLabel")} submit={t("conversation.send")} />
        ) : (
          <p className="mt-2 text-slate-700">{t("conversation.closed", { status: t(`status.${ticket.status}`) })}</p>
        )}
      </section>
    </div>
  );
}
