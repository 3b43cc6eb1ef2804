import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Link } from "~/components/link";
import { inputProps, selectProps, textareaProps } from "~/components/form-controls";
import { Field, FormError, inputClass } from "~/components/form-field";
import { AttachmentsField, type TicketFormAnswer } from "~/components/tickets/ticket-parts";
import { requireUser } from "~/lib/auth.server";
import { DomainError, replyWithError } from "~/lib/domain-error";
import { pageTitle } from "~/lib/seo";
import { redirectWithToast } from "~/lib/session.server";
import { useTranslation } from "~/lib/translation";
import { readUploadForm } from "~/lib/uploads.server";
import { attachmentsRefusal } from "~/modules/tickets/attachments.server";
import { ATTACHMENT_MAX_BYTES, MAX_ATTACHMENTS, MESSAGE_LIMITS, newTicketSchema, SUBJECT_LIMITS, type NewTicketInput } from "~/modules/tickets/tickets.schema";
import { listIssueTypes, openTicket } from "~/modules/tickets/tickets.server";

export const handle = { i18n: ["tickets"] };

const TEXT_FIELDS = new Set(["issue_type", "subject", "message", "email", "phone", "order_number"]);

/** New Ticket: the issue types to choose from, and the account's email and phone to start the contact fields with. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { db, user, t } = await requireUser(request);
  const issueTypes = await listIssueTypes(db);
  const phone = user.phone ? [user.phone_code, user.phone].filter(Boolean).join(" ") : "";
  return { title: t("tickets:form.title"), issueTypes, contact: { email: user.email ?? "", phone } };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(matches, data?.title);

/** Opens the ticket, then shows it with a toast; any refused field (or file) answers 400 with every value kept. */
export async function action({ request }: ActionFunctionArgs) {
  const { db, user } = await requireUser(request);
  const upload = await readUploadForm(request, { fileField: "attachments", textFields: TEXT_FIELDS, maxFiles: MAX_ATTACHMENTS, maxFileBytes: ATTACHMENT_MAX_BYTES });
  const submission = parseWithZod(upload.fields, { schema: newTicketSchema });
  if (upload.malformed) {
    return data<TicketFormAnswer>({ result: submission.reply({ formErrors: ["tickets:errors.formUnreadable"] }), values: null }, { status: 400 });
  }
  if (submission.status !== "success") {
    const refusal = attachmentsRefusal(upload.files);
    const result = submission.reply(refusal ? { fieldErrors: { attachments: [refusal.message] } } : undefined);
    return data<TicketFormAnswer>({ result, values: refusal?.values ?? null }, { status: 400 });
  }
  try {
    const ticketNumber = await openTicket(db, user.id, submission.value, upload.files);
    return redirectWithToast(request, `/support-ticket/${ticketNumber}`, { kind: "success", message: "tickets:form.opened", values: { number: ticketNumber } });
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return data<TicketFormAnswer>({ result: replyWithError(submission, error), values: error.values ?? null }, { status: 400 });
  }
}

export default function NewSupportTicket() {
  const { issueTypes, contact } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const { t } = useTranslation("tickets");
  const [form, fields] = useForm<NewTicketInput>({
    id: "new-ticket",
    lastResult: answer?.result,
    defaultValue: contact,
    constraint: getZodConstraint(newTicketSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: newTicketSchema }),
  });
  return (
    <section aria-labelledby="new-ticket-title" className="rounded-lg border border-slate-200 bg-white p-6">
      <Link to="/support-tickets" className="text-sm font-semibold text-primary-700 hover:underline">{t("details.back")}</Link>
      <h1 id="new-ticket-title" className="mt-2 text-2xl font-bold">{t("form.title")}</h1>
      <p className="mt-1 text-slate-600">{t("form.intro")}</p>
      <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="mt-6 max-w-2xl space-y-5">
        <FormError errors={form.errors} id={form.errorId} />
        <Field label={t("form.issueType")} field={fields.issue_type}>
          <select {...selectProps(fields.issue_type)} className={`${inputClass} bg-white`}>
            <option value="">{t("form.chooseIssueType")}</option>
            {issueTypes.map((type) => (
              <option key={type.id} value={type.id}>{t(`issueTypes.${type.code}`)}</option>
            ))}
          </select>
        </Field>
        <Field label={t("form.subject")} field={fields.subject} hint={t("form.subjectHint", SUBJECT_LIMITS)}>
          <input {...inputProps(fields.subject, { type: "text", ariaDescribedBy: fields.subject.descriptionId })} dir="auto" className={inputClass} />
        </Field>
        <Field label={t("form.message")} field={fields.message} hint={t("form.messageHint", { max: MESSAGE_LIMITS.max })}>
          <textarea {...textareaProps(fields.message, { ariaDescribedBy: fields.message.descriptionId })} rows={6} dir="auto" className={inputClass} />
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label={t("form.email")} field={fields.email}>
            <input {...inputProps(fields.email, { type: "email" })} autoComplete="email" dir="ltr" className={inputClass} />
          </Field>
          <Field label={t("form.phone")} field={fields.phone}>
            <input {...inputProps(fields.phone, { type: "text" })} pattern={undefined} autoComplete="tel" inputMode="tel" dir="ltr" className={inputClass} />
          </Field>
        </div>
        <Field label={t("form.orderNumber")} field={fields.order_number} hint={t("form.orderNumberHint")} values={answer?.values ?? undefined}>
          <input {...inputProps(fields.order_number, { type: "text", ariaDescribedBy: fields.order_number.descriptionId })} pattern={undefined} inputMode="numeric" dir="ltr" className={`${inputClass} max-w-xs`} />
        </Field>
        {/* Last: a browser sends the fields in order, so the text is read before the files. */}
        <AttachmentsField field={fields.attachments} values={answer?.values} />
        <button type="submit" className="btn-primary min-h-11 px-6" disabled={navigation.state === "submitting"}>{t("form.submit")}</button>
      </Form>
    </section>
  );
}
