import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Link } from "~/components/link";
import { TicketConversation, TicketFacts, TicketReplyForm, TicketStatusBadge, type TicketFormAnswer } from "~/components/tickets/ticket-parts";
import { requireUser } from "~/lib/auth.server";
import { DomainError, replyWithError } from "~/lib/domain-error";
import { publishLive } from "~/lib/live.server";
import { pageTitle } from "~/lib/seo";
import { redirectWithToast } from "~/lib/session.server";
import { useTranslation } from "~/lib/translation";
import { readUploadForm } from "~/lib/uploads.server";
import { attachmentsRefusal } from "~/modules/tickets/attachments.server";
import { ticketNumberFrom } from "~/modules/tickets/ticket-status";
import { ATTACHMENT_MAX_BYTES, MAX_ATTACHMENTS, ticketReplySchema } from "~/modules/tickets/tickets.schema";
import { getTicket, replyToTicket, TicketNotFoundError } from "~/modules/tickets/tickets.server";

export const handle = { i18n: ["tickets"] };

/** The reply form's fields; anything else posted (an author, a type) is read and dropped. */
const TEXT_FIELDS = new Set(["intent", "message"]);

async function ticketOf(request: Request, param: string | undefined) {
  const context = await requireUser(request);
  const ticketNumber = ticketNumberFrom(param);
  if (ticketNumber === null) throw new Response("Not Found", { status: 404 });
  return { ...context, ticketNumber };
}

/** One of the shopper's tickets with its conversation; anyone else's (or none) is Page Not Found. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { db, user, t, locale, ticketNumber } = await ticketOf(request, params.ticketNumber);
  const ticket = await getTicket(db, { customerId: user.id }, ticketNumber);
  if (!ticket) throw new Response("Not Found", { status: 404 });
  return { title: t("tickets:details.title", { number: ticket.ticket_number }), locale, ticket };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(matches, data?.title);

/** The shopper's message on the ticket (spec: POST /support-ticket-message), then back to it with a toast. */
export async function action({ request, params }: ActionFunctionArgs) {
  const { db, user, ticketNumber } = await ticketOf(request, params.ticketNumber);
  // Another shopper's ticket is not found, before its form (and any file) is read.
  if (!(await getTicket(db, { customerId: user.id }, ticketNumber))) throw new Response("Not Found", { status: 404 });
  const upload = await readUploadForm(request, { fileField: "attachments", textFields: TEXT_FIELDS, maxFiles: MAX_ATTACHMENTS, maxFileBytes: ATTACHMENT_MAX_BYTES });
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
    const notify = await replyToTicket(db, { customerId: user.id }, ticketNumber, submission.value.message, upload.files);
    await publishLive(notify, { type: "ticket", ticket_number: ticketNumber });
  } catch (error) {
    if (error instanceof TicketNotFoundError) throw new Response("Not Found", { status: 404 });
    if (!(error instanceof DomainError)) throw error;
    return data<TicketFormAnswer>({ result: replyWithError(submission, error), values: error.values ?? null }, { status: 400 });
  }
  return redirectWithToast(request, `/support-ticket/${ticketNumber}`, { kind: "success", message: "tickets:conversation.sent", values: { number: ticketNumber } });
}

export default function SupportTicket() {
  const { ticket, locale } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation("tickets");
  return (
    <div className="space-y-6">
      <section aria-labelledby="ticket-title" className="rounded-lg border border-slate-200 bg-white p-6">
        <Link to="/support-tickets" className="text-sm font-semibold text-primary-700 hover:underline">{t("details.back")}</Link>
        <div className="mt-2 flex flex-wrap items-center gap-3">
          <h1 id="ticket-title" className="text-2xl font-bold">{t("details.title", { number: ticket.ticket_number })}</h1>
          <TicketStatusBadge status={ticket.status} />
        </div>
        <p className="mt-2 text-lg font-semibold" dir="auto">{ticket.subject}</p>
        <TicketFacts ticket={ticket} locale={locale} orderHref={ticket.order_id === null ? null : `/order-history/${ticket.order_id}`} />
      </section>
      <section aria-labelledby="conversation-title" className="rounded-lg border border-slate-200 bg-white p-6">
        <h2 id="conversation-title" className="text-lg font-bold">{t("conversation.title")}</h2>
        <TicketConversation ticket={ticket} locale={locale} side="customer" />
        <h2 id="reply-title" className="mt-6 text-lg font-bold">{t("conversation.reply")}</h2>
        {ticket.open ? (
          <TicketReplyForm answer={answer} version={ticket.messages.length} label={t("conversation.yourMessage")} submit={t("conversation.send")} />
        ) : (
          <p className="mt-2 text-slate-700">{t("conversation.closed", { status: t(`status.${ticket.status}`) })}</p>
        )}
      </section>
    </div>
  );
}
