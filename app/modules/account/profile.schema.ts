import { z } from "zod";

// Messages are locale keys of the account namespace, translated where they are shown.
const error = (key: string) => `account:errors.${key}`;

export const GENDERS = ["male", "female", "other"] as const;
export type Gender = (typeof GENDERS)[number];

/** A profile photo: at most 2 MB as uploaded, one of these types (checked by content on the server). */
export const PHOTO_MAX_BYTES = 2 * 1024 * 1024;
export const PHOTO_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;

export const NAME_LIMITS = { min: 2, max: 100 } as const;
export const PASSWORD_LIMITS = { min: 8, max: 200 } as const;
/** Nobody alive was born before this day. */
const OLDEST_BIRTH_DATE = "1900-01-01";

/** The phone rules of the shop's settings (spec §5: length between phoneMinLength and phoneMaxLength). */
export interface PhoneRules {
  phoneRequired: boolean;
  phoneMinLength: number;
  phoneMaxLength: number;
}

/** Spaces, dots, dashes and brackets only separate digits: "555 010-0100" is kept as "5550100100". */
const phoneSeparators = /[\s().-]/g;

/** A phone number of digits only, its length within the shop's limits; separators are dropped. */
export function phoneNumber(rules: Pick<PhoneRules, "phoneMinLength" | "phoneMaxLength">) {
  const digits = new RegExp(`^\\d{${rules.phoneMinLength},${rules.phoneMaxLength}}$`);
  // Conform reads an empty text as "missing", also once the separators are gone (the inner string).
  return z
    .string({ required_error: error("phoneRequired") })
    .transform((value) => value.replace(phoneSeparators, ""))
    .pipe(z.string({ required_error: error("phoneRequired") }).regex(digits, error("phoneInvalid")));
}

/** The same, when the shop lets the field be left empty. */
export function optionalPhoneNumber(rules: Pick<PhoneRules, "phoneMinLength" | "phoneMaxLength">) {
  const digits = new RegExp(`^\\d{${rules.phoneMinLength},${rules.phoneMaxLength}}$`);
  return z
    .string()
    .transform((value) => value.replace(phoneSeparators, ""))
    .pipe(z.string().regex(digits, error("phoneInvalid")).optional())
    .optional();
}

/** Whether YYYY-MM-DD names a day of the calendar (not 2023-02-30). */
function isCalendarDate(value: string) {
  const [year, month, day] = value.split("-").map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

const isFile = (value: unknown): value is File => typeof File !== "undefined" && value instanceof File;

/** The browser's own view of a chosen file (its declared type): the server checks the content again. */
function isAcceptablePhoto(value: unknown) {
  if (!isFile(value)) return false;
  return value.size === 0 || (value.size <= PHOTO_MAX_BYTES && (PHOTO_TYPES as readonly string[]).includes(value.type));
}

export const todayIso = () => new Date().toISOString().slice(0, 10);

/**
 * My Profile (spec: POST /update-profile): name, email, country code and phone, gender, date of birth. The
 * photo is read apart from the other fields (see avatars.server.ts); `photo` here only lets the browser refuse
 * an oversized or wrongly typed file before sending it. An account keeps an email or a phone to sign in with.
 */
export function profileSchema(rules: PhoneRules, today = todayIso()) {
  return z
    .object({
      name: z
        .string({ required_error: error("nameRequired") })
        .trim()
        .min(NAME_LIMITS.min, error("nameLength"))
        .max(NAME_LIMITS.max, error("nameLength")),
      email: z.string().trim().toLowerCase().max(254, error("emailInvalid")).email(error("emailInvalid")).optional(),
      country: z.number({ invalid_type_error: error("countryRequired") }).int().positive(error("countryRequired")).optional(),
      phone: rules.phoneRequired ? phoneNumber(rules) : optionalPhoneNumber(rules),
      gender: z.enum(GENDERS, { errorMap: () => ({ message: error("genderInvalid") }) }).optional(),
      date_of_birth: z
        .string()
        .regex(/^\d{4}-\d{2}-\d{2}$/, error("dateInvalid"))
        .refine(isCalendarDate, error("dateInvalid"))
        .refine((value) => value < today && value >= OLDEST_BIRTH_DATE, error("datePast"))
        .optional(),
      // One check (a custom schema over "any") so that Conform treats the field as a file: no file chosen is missing.
      photo: z.custom<File>(isAcceptablePhoto, (value) => ({ message: error(isFile(value) && value.size > PHOTO_MAX_BYTES ? "photoTooLarge" : "photoType") })).optional(),
    })
    .superRefine((value, context) => {
      if (!value.email && !value.phone) context.addIssue({ code: "custom", path: ["email"], message: error("emailOrPhone") });
      if (value.phone && !value.country) context.addIssue({ code: "custom", path: ["country"], message: error("countryRequired") });
    });
}
export type ProfileInput = z.infer<ReturnType<typeof profileSchema>>;

/** Change Password (spec: POST /change-password). */
export const changePasswordSchema = z
  .object({
    current_password: z
      .string({ required_error: error("currentPasswordRequired") })
      .max(PASSWORD_LIMITS.max, error("currentPasswordWrong")),
    password: z
      .string({ required_error: error("passwordRequired") })
      .min(PASSWORD_LIMITS.min, error("passwordLength"))
      .max(PASSWORD_LIMITS.max, error("passwordLength")),
    password_confirmation: z.string({ required_error: error("confirmationRequired") }),
  })
  .refine((value) => value.password === value.password_confirmation, {
    path: ["password_confirmation"],
    message: error("confirmationMismatch"),
  });
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;
