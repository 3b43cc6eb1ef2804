import { z } from "zod";

const error = (key: string) => `auth:errors.${key}`;

/** Spec §7 POST /login: `phone` holds an email or a phone number. */
export const loginSchema = z.object({
  phone: z.string({ required_error: error("loginRequired") }).trim().min(1, error("loginRequired")).max(200, error("loginRequired")),
  password: z.string({ required_error: error("passwordRequired") }).min(1, error("passwordRequired")).max(200, error("passwordTooLong")),
  redirectTo: z.string().max(2000).optional(),
});
export type LoginInput = z.infer<typeof loginSchema>;
