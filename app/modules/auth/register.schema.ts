import { z } from "zod";

const error = (key: string) => `auth:errors.${key}`;

/** The phone rules of the shop's settings (spec §3: phone required flag, phoneMinLength, phoneMaxLength). */
export interface PhoneRules {
  phoneRequired: boolean;
  phoneMinLength: number;
  phoneMaxLength: number;
}

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 200;
export const NAME_MAX = 100;

export const passwordField = z
  .string({ required_error: error("passwordRequired") })
  .min(PASSWORD_MIN, error("passwordTooShort"))
  .max(PASSWORD_MAX, error("passwordTooLong"));

export const countryField = z.coerce
  .number({ required_error: error("countryRequired"), invalid_type_error: error("countryRequired") })
  .int(error("countryRequired"))
  .positive(error("countryRequired"));

/** Spec §5: non-digits are stripped, then the length must be within the settings' limits. */
export function phoneField(rules: PhoneRules) {
  return z
    .string()
    .max(100, error("phoneLength"))
    .optional()
    .transform((value, context) => {
      const digits = (value ?? "").replace(/\D/g, "");
      if (!digits) {
        if (rules.phoneRequired) context.addIssue({ code: "custom", message: error("phoneRequired") });
        return undefined;
      }
      if (digits.length < rules.phoneMinLength || digits.length > rules.phoneMaxLength) {
        context.addIssue({ code: "custom", message: error("phoneLength") });
      }
      return digits;
    });
}

/** Spec §7 POST /registration: name, phone, email, password, country (phone_code comes from the country). */
export function registerSchema(rules: PhoneRules) {
  return z.object({
    name: z
      .string({ required_error: error("nameRequired") })
      .trim()
      .min(1, error("nameRequired"))
      .max(NAME_MAX, error("nameTooLong")),
    country: countryField,
    phone: phoneField(rules),
    email: z
      .string({ required_error: error("emailRequired") })
      .trim()
      .max(200, error("emailInvalid"))
      .email(error("emailInvalid"))
      .transform((email) => email.toLowerCase()),
    password: passwordField,
    redirectTo: z.string().max(2000).optional(),
  });
}

export type RegisterInput = z.infer<ReturnType<typeof registerSchema>>;
