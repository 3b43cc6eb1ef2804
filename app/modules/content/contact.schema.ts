import { z } from "zod";

/** Lengths of the contact form's fields; also handed to the error messages. */
export const CONTACT_LIMITS = {
  nameMin: 2,
  nameMax: 100,
  phoneMin: 7,
  phoneMax: 15,
  subjectMin: 3,
  subjectMax: 150,
  messageMin: 10,
  messageMax: 2000,
} as const;

const L = CONTACT_LIMITS;
// Messages are locale keys of the content namespace, translated where they are shown.
const error = (key: string) => `content:contact.errors.${key}`;

/** Spaces, dots, dashes and brackets are only separators: "+1 (555) 010-0100" is kept as "+15550100100". */
const phoneSeparators = /[\s().-]/g;

/** The contact form (/contact-us, and the POST /support call of the original). */
export const contactSchema = z.object({
  name: z
    .string({ required_error: error("nameRequired") })
    .trim()
    .min(L.nameMin, error("nameLength"))
    .max(L.nameMax, error("nameLength")),
  phone: z
    .string({ required_error: error("phoneRequired") })
    .transform((value) => value.replace(phoneSeparators, ""))
    // Conform reads an empty text as "missing", also once the separators are gone.
    .pipe(z.string({ required_error: error("phoneRequired") }).regex(new RegExp(`^\\+?\\d{${L.phoneMin},${L.phoneMax}}$`), error("phoneInvalid"))),
  subject: z
    .string({ required_error: error("subjectRequired") })
    .trim()
    .min(L.subjectMin, error("subjectLength"))
    .max(L.subjectMax, error("subjectLength")),
  message: z
    .string({ required_error: error("messageRequired") })
    .trim()
    .min(L.messageMin, error("messageLength"))
    .max(L.messageMax, error("messageLength")),
});

export type ContactInput = z.infer<typeof contactSchema>;
