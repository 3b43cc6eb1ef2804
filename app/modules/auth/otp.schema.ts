import { z } from "zod";
import { countryField, passwordField } from "./register.schema";

const error = (key: string) => `auth:errors.${key}`;

export const OTP_DIGITS = 4;

/**
 * The code page's one form: Confirm posts the four boxes (otp[0] … otp[3], joined), Resend OTP asks for a new
 * code. Spec §7 POST /verify-otp sends `otp` as the four digits joined.
 */
export const otpSchema = z.preprocess(
  // Confirm is the form's first button, so a client that submits with Enter and sends no button name verifies.
  (value) => (value && typeof value === "object" && !("intent" in value) ? { ...value, intent: "verify" } : value),
  z.discriminatedUnion("intent", [
    z.object({
      intent: z.literal("verify"),
      otp: z
        .array(z.string().max(1).optional(), { invalid_type_error: error("otpRequired") })
        .max(OTP_DIGITS)
        .optional()
        .transform((digits) => (digits ?? []).map((digit) => digit ?? "").join(""))
        .pipe(z.string().regex(new RegExp(`^\\d{${OTP_DIGITS}}$`), error("otpRequired"))),
      redirectTo: z.string().max(2000).optional(),
    }),
    z.object({ intent: z.literal("resend"), redirectTo: z.string().max(2000).optional() }),
  ]),
);
export type OtpInput = z.infer<typeof otpSchema>;

/** Spec §5 forgot password: country, and a phone or e-mail. */
export const forgotSchema = z.object({
  country: countryField,
  phone: z
    .string({ required_error: error("contactRequired") })
    .trim()
    .min(1, error("contactRequired"))
    .max(200, error("contactRequired")),
});
export type ForgotInput = z.infer<typeof forgotSchema>;

/** Spec §5 reset password: the confirmation must equal the password. */
export const resetSchema = z
  .object({
    password: passwordField,
    password_confirmation: z.string({ required_error: error("confirmationRequired") }).max(200, error("passwordTooLong")),
  })
  .refine((value) => value.password === value.password_confirmation, {
    message: error("confirmationMismatch"),
    path: ["password_confirmation"],
  });
export type ResetInput = z.infer<typeof resetSchema>;
