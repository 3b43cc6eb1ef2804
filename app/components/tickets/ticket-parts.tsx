import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form, useNavigation } from "@remix-run/react";
import { Link } from "~/components/link";
import type { TicketStatus } from "~/db/schema";
import { formatDate, formatDateTime } from "~/lib/dates";
import { formatFileSize } from "~/lib/file-size";
import { useTranslation } from "~/lib/translation";
import { attachmentHref, TICKET_TABS, type TicketTab } from "~/modules/tickets/ticket-status";
import { ATTACHMENT_ACCEPT, ATTACHMENT_MAX_BYTES, MAX_ATTACHMENTS, MESSAGE_LIMITS, ticketReplySchema } from "~/modules/tickets/tickets.schema";
import type { TicketAttachment, TicketDetails, TicketList, TicketSummary } from "~/modules/tickets/tickets.server";
import { inputProps, textareaProps } from "../form-controls";
import { Field, FormError, inputClass } from "../form-field";
import { Pagination } from "../pagination";
import { StatusTabs } from "../status-tabs";

/** What a ticket form's action answers when it refuses the post: Conform's reply, and the values of its message. */
export interface TicketFormAnswer {
  result: SubmissionResult<string[]>;
  /** Fills in the refused message (the file it names). */
  values: Record<string, string | number> | null;
}

const colors: Record<TicketStatus, string> = {
  pending: "bg-amber-100 text-amber-900",
  confirm: "bg-sky-100 text-sky-900",
  completed: "bg-green-100 text-green-900",
  cancel: "bg-red-100 text-red-900",
};

/** A ticket's status as a coloured label (the colour only repeats the text). */
export function TicketStatusBadge({ status }: { status: TicketStatus }) {
  const { t } = useTranslation("tickets");
  return <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${colors[status]}`}>{t(`status.${status}`)}</span>;
}

/** The tabs with counts and one page of tickets, each linking to `${base}/{ticket number}`. */
export function TicketListView({
  list,
  base,
  hrefOfTab,
  locale,
  showCustomer,
  none,
}: {
  list: TicketList;
  base: string;
  hrefOfTab: (tab: TicketTab) => string;
  locale: string;
  showCustomer: boolean;
  /** What an empty tab says. */
  none: string;
}) {
  const { t } = useTranslation("tickets");
  return (
    <>
      <StatusTabs tabs={TICKET_TABS} current={list.tab} counts={list.counts} hrefOf={hrefOfTab} labelOf={(tab) => t(`tabs.${tab}`)} label={t("list.tabsLabel")} />
      {list.tickets.length ? (
        <>
          <ul className="mt-4 space-y-3">
            {list.tickets.map((ticket) => <TicketCard key={ticket.ticket_number} ticket={ticket} base={base} locale={locale} showCustomer={showCustomer} />)}
          </ul>
          <Pagination totalItems={list.total} current={list.page} perPage={list.perPage} />
        </>
      ) : (
        <p className="mt-8 text-center text-slate-700">{none}</p>
      )}
    </>
  );
}

function TicketCard({ ticket, base, locale, showCustomer }: { ticket: TicketSummary; base: string; locale: string; showCustomer: boolean }) {
  const { t } = useTranslation("tickets");
  const term = "text-xs text-slate-600";
  const headingId = `ticket-${ticket.ticket_number}`;
  return (
    <li className="rounded-lg border border-slate-200 p-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={headingId} className="min-w-0 font-semibold">
          <bdi dir="auto">{ticket.subject}</bdi>
        </h2>
        <Link to={`${base}/${ticket.ticket_number}`} className="btn-secondary" aria-describedby={headingId}>{t("list.view")}</Link>
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-3 text-sm sm:grid-cols-5">
        <div><dt className={term}>{t("fields.ticketNumber")}</dt><dd className="font-medium"><bdi dir="ltr">{ticket.ticket_number}</bdi></dd></div>
        <div><dt className={term}>{t("fields.issueType")}</dt><dd>{t(`issueTypes.${ticket.issue_type}`)}</dd></div>
        <div><dt className={term}>{t("fields.openedOn")}</dt><dd><time dateTime={ticket.created_at}>{formatDate(ticket.created_at, locale)}</time></dd></div>
        {showCustomer ? <div><dt className={term}>{t("fields.customer")}</dt><dd className="truncate"><bdi>{ticket.customer_name}</bdi></dd></div> : null}
        <div><dt className={term}>{t("fields.status")}</dt><dd><TicketStatusBadge status={ticket.status} /></dd></div>
      </dl>
    </li>
  );
}

/** The ticket's facts: number, issue type, dates, order and the contact it was opened with. */
export function TicketFacts({ ticket, locale, orderHref }: { ticket: TicketDetails; locale: string; orderHref: string | null }) {
  const { t } = useTranslation("tickets");
  const term = "text-xs text-slate-600";
  return (
    <dl className="mt-4 grid grid-cols-2 gap-4 text-sm lg:grid-cols-3">
      <div><dt className={term}>{t("fields.ticketNumber")}</dt><dd className="font-medium"><bdi dir="ltr">{ticket.ticket_number}</bdi></dd></div>
      <div><dt className={term}>{t("fields.issueType")}</dt><dd className="font-medium">{t(`issueTypes.${ticket.issue_type}`)}</dd></div>
      <div><dt className={term}>{t("fields.openedOn")}</dt><dd className="font-medium"><time dateTime={ticket.created_at}>{formatDateTime(ticket.created_at, locale)}</time></dd></div>
      <div><dt className={term}>{t("fields.email")}</dt><dd className="font-medium"><bdi dir="ltr">{ticket.email}</bdi></dd></div>
      <div><dt className={term}>{t("fields.phone")}</dt><dd className="font-medium">{ticket.phone ? <bdi dir="ltr">{ticket.phone}</bdi> : t("fields.none")}</dd></div>
      <div>
        <dt className={term}>{t("fields.order")}</dt>
        <dd className="font-medium">
          {ticket.order_id === null ? t("fields.none") : orderHref ? <Link to={orderHref} className="text-primary-700 underline">#{ticket.order_id}</Link> : `#${ticket.order_id}`}
        </dd>
      </div>
    </dl>
  );
}

/** The conversation, oldest first: who wrote each message (as `side` sees it), when, and its attachments. */
export function TicketConversation({ ticket, locale, side }: { ticket: TicketDetails; locale: string; side: "customer" | "admin" }) {
  const { t } = useTranslation("tickets");
  const writer = (author: "customer" | "admin", name: string | null) => {
    if (author === side) return t("conversation.you");
    if (author === "admin") return t("conversation.support");
    return name ?? ticket.customer_name;
  };
  return (
    <ol className="mt-3 space-y-4">
      {ticket.messages.map((message) => (
        <li key={message.id} className={`rounded-lg border p-4 ${message.author === "admin" ? "border-primary-200 bg-primary-50" : "border-slate-200 bg-white"}`}>
          <p className="text-sm">
            <span className="font-semibold"><bdi>{writer(message.author, message.author_name)}</bdi></span>
            <span className="sr-only"> · </span>
            <time dateTime={message.created_at} className="ms-2 text-slate-600">{formatDateTime(message.created_at, locale)}</time>
          </p>
          <p className="mt-2 whitespace-pre-line break-words" dir="auto">{message.body}</p>
          {message.attachments.length ? <AttachmentLinks attachments={message.attachments} locale={locale} /> : null}
        </li>
      ))}
    </ol>
  );
}

function AttachmentLinks({ attachments, locale }: { attachments: TicketAttachment[]; locale: string }) {
  const { t } = useTranslation("tickets");
  return (
    <div className="mt-3">
      <p className="text-xs font-semibold text-slate-700">{t("conversation.attachments")}</p>
      <ul className="mt-1 space-y-1 text-sm">
        {attachments.map((file) => (
          <li key={file.stored_name}>
            <a href={attachmentHref(file.stored_name)} download={file.file_name} className="font-medium text-primary-700 underline">
              <bdi>{file.file_name}</bdi>
            </a>
            <span className="ms-2 text-slate-600">({formatFileSize(file.size_bytes, locale)})</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The attachments picker of a ticket form: several files at once, the browser told which types to offer. */
export function AttachmentsField({ field, values }: { field: Parameters<typeof Field>[0]["field"]; values?: Record<string, string | number> | null }) {
  const { t } = useTranslation("tickets");
  const limits = { max: MAX_ATTACHMENTS, size: ATTACHMENT_MAX_BYTES / 1024 / 1024 };
  return (
    <Field label={t("form.attachments")} field={field} hint={t("form.attachmentsHint", limits)} values={{ ...limits, ...values }}>
      <input
        {...inputProps(field, { type: "file", ariaDescribedBy: field.descriptionId })}
        multiple
        accept={ATTACHMENT_ACCEPT}
        className="block w-full text-sm file:me-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-2 file:font-semibold"
      />
    </Field>
  );
}

/**
 * A message on the ticket with optional attachments: a multipart form post to the page, the same for the shopper
 * and the admin (the server says who wrote it). `version` starts the form afresh once a message has been added.
 */
export function TicketReplyForm({ answer, version, label, submit }: { answer: TicketFormAnswer | undefined; version: number; label: string; submit: string }) {
  const { t } = useTranslation("tickets");
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: `ticket-reply-${version}`,
    lastResult: answer?.result,
    constraint: getZodConstraint(ticketReplySchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ticketReplySchema }),
  });
  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} key={form.id} className="mt-3 space-y-4">
      <FormError errors={form.errors} id={form.errorId} />
      {/* Enter in a field sends no button name: the form says what it is for. */}
      <input type="hidden" name="intent" value="reply" />
      <Field label={label} field={fields.message} hint={t("form.messageHint", { max: MESSAGE_LIMITS.max })} values={{ max: MESSAGE_LIMITS.max }}>
        <textarea {...textareaProps(fields.message, { ariaDescribedBy: fields.message.descriptionId })} rows={4} dir="auto" className={inputClass} />
      </Field>
      <AttachmentsField field={fields.attachments} values={answer?.values} />
      <button type="submit" className="btn-primary" disabled={navigation.state === "submitting"}>{submit}</button>
    </Form>
  );
}
