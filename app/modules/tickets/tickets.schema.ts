import { z } from "zod";

// Messages are locale keys of the tickets namespace, translated where they are shown.
const error = (key: string) => `tickets:errors.${key}`;

/** Each attachment: a JPG, PNG or PDF (checked by content on the server) of at most 2 MB; at most 5 a post. */
export const ATTACHMENT_MAX_BYTES = 2 * 1024 * 1024;
export const MAX_ATTACHMENTS = 5;
/** The file picker's `accept`: the browser offers these; the server reads what each file really is. */
export const ATTACHMENT_ACCEPT = ".jpg,.jpeg,.png,.pdf,image/jpeg,image/png,application/pdf";
export const SUBJECT_LIMITS = { min: 3, max: 150 } as const;
export const MESSAGE_LIMITS = { min: 1, max: 2000 } as const;

const isFile = (value: unknown): value is File => typeof File !== "undefined" && value instanceof File;
const DECLARED_TYPES = ["image/jpeg", "image/png", "application/pdf"];

/**
 * The attachments as the browser sees them (declared type and size), so a wrong pick is said before it is sent.
 * The server never reads this: the files are read apart from the fields and checked by content (attachments.server).
 */
const attachments = z
  .array(
    z.custom<File>(
      (value) => isFile(value) && value.size <= ATTACHMENT_MAX_BYTES && DECLARED_TYPES.includes(value.type),
      (value) => ({ message: error(isFile(value) && value.size > ATTACHMENT_MAX_BYTES ? "attachmentsTooLarge" : "attachmentsType") }),
    ),
  )
  .max(MAX_ATTACHMENTS, error("tooManyAttachments"))
  .optional();

const message = z
  .string({ required_error: error("messageRequired") })
  .trim()
  .min(MESSAGE_LIMITS.min, error("messageRequired"))
  .max(MESSAGE_LIMITS.max, error("messageTooLong"));

/** Spaces, dots, dashes and brackets only separate digits; a leading + keeps the country code. */
const phoneSeparators = /[\s().-]/g;

/** A new ticket (spec: POST /support-ticket). */
export const newTicketSchema = z.object({
  // An id within PostgreSQL's integer, so a forged value is a field error rather than a database one.
  issue_type: z
    .number({ required_error: error("issueType"), invalid_type_error: error("issueType") })
    .int(error("issueType"))
    .positive(error("issueType"))
    .max(2_147_483_647, error("issueType")),
  subject: z
    .string({ required_error: error("subjectRequired") })
    .trim()
    .min(SUBJECT_LIMITS.min, error("subjectLength"))
    .max(SUBJECT_LIMITS.max, error("subjectLength")),
  message,
  email: z.string({ required_error: error("emailRequired") }).trim().toLowerCase().max(254, error("emailInvalid")).email(error("emailInvalid")),
  phone: z
    .string()
    .transform((value) => value.replace(phoneSeparators, ""))
    .pipe(z.string().regex(/^\+?\d{6,20}$/, error("phoneInvalid")))
    .optional(),
  // The number the shopper sees on their order (#123); whether it is theirs is the server's check.
  order_number: z
    .string()
    .trim()
    .transform((value) => value.replace(/^#/, ""))
    .pipe(z.string().regex(/^\d{1,9}$/, error("orderNumber")))
    .transform(Number)
    .optional(),
  attachments,
});
export type NewTicketInput = z.infer<typeof newTicketSchema>;

/** A message on a ticket, by the shopper or the admin: who wrote it is the server's to say, never a field. */
export const ticketReplySchema = z.object({ intent: z.literal("reply"), message, attachments });

/** The admin's status button: the status it moves the ticket to (so a second post of the same button moves nothing). */
export const ticketMoveSchema = z.object({ intent: z.literal("move"), to: z.enum(["confirm", "completed", "cancel"]) });
