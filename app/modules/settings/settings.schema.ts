import { z } from "zod";

const flag = z.boolean();
const hex = z.string().regex(/^#[0-9a-fA-F]{6}$/);

/** The twelve theme values: the primary colour and its shades 50 … 950. */
export const THEME_KEYS = ["primary", "50", "100", "200", "300", "400", "500", "600", "700", "800", "900", "950"] as const;

/**
 * Scalar settings kept in the `settings` table (one JSON value per key), with their defaults.
 * Lists (languages, currencies, menus, footers, social links, gateways) live in their own tables.
 */
export const storedSettingsSchema = z.object({
  appName: z.string().min(1).default("Bazaar"),
  logo: z.string().default("/brand/logo.svg"),
  footerLogo: z.string().default("/brand/logo-light.svg"),
  footerQr: z.string().nullable().default(null),
  footerText: z.string().default(""),
  footerDescription: z.string().default(""),
  showFooter: flag.default(true),
  defaultLocale: z.string().default("en"),
  currencyPosition: z.enum(["prefix", "suffix"]).default("prefix"),
  cashOnDelivery: flag.default(true),
  onlinePayment: flag.default(true),
  appStoreLink: z.string().default(""),
  playStoreLink: z.string().default(""),
  showDownloadApp: flag.default(true),
  multiVendor: flag.default(true),
  mobile: z.string().default(""),
  email: z.string().default(""),
  address: z.string().default(""),
  whatsapp: z.string().default(""),
  messenger: z.string().default(""),
  theme: z.record(z.string(), hex).default({}),
  registerOtpVerify: flag.default(false),
  registerOtpType: z.enum(["phone", "email"]).default("phone"),
  forgotOtpType: z.enum(["phone", "email"]).default("phone"),
  phoneRequired: flag.default(true),
  phoneMinLength: z.number().int().positive().default(9),
  phoneMaxLength: z.number().int().positive().default(16),
  orderPlaceAccountVerify: flag.default(false),
  returnOrderWithinDays: z.number().int().nonnegative().default(3),
  socialAuths: z
    .object({
      google: z.object({ is_active: flag, client_id: z.string() }),
      facebook: z.object({ is_active: flag, client_id: z.string() }),
      apple: z.object({ is_active: flag, client_id: z.string(), redirect_url: z.string() }),
    })
    .default({
      google: { is_active: false, client_id: "" },
      facebook: { is_active: false, client_id: "" },
      apple: { is_active: false, client_id: "", redirect_url: "" },
    }),
});

export type StoredSettings = z.infer<typeof storedSettingsSchema>;
export type SettingKey = keyof StoredSettings;
export const SETTING_KEYS = Object.keys(storedSettingsSchema.shape) as SettingKey[];

export function isSettingKey(key: string): key is SettingKey {
  return (SETTING_KEYS as string[]).includes(key);
}

/**
 * Turns text typed on the command line into a setting value: booleans and numbers by the key's
 * type, objects as JSON, everything else as text. Throws a readable error when the value does not fit.
 */
export function parseSettingInput(key: SettingKey, input: string): StoredSettings[SettingKey] {
  const field = storedSettingsSchema.shape[key];
  let candidate: unknown = input;
  const trimmed = input.trim();
  if (trimmed === "true" || trimmed === "false") candidate = trimmed === "true";
  else if (/^-?\d+(\.\d+)?$/.test(trimmed)) candidate = Number(trimmed);
  else if (trimmed.startsWith("{") || trimmed.startsWith("[") || trimmed === "null") candidate = JSON.parse(trimmed);
  let result = field.safeParse(candidate);
  if (!result.success && typeof candidate !== "string") result = field.safeParse(input);
  if (!result.success) throw new Error(`Invalid value for ${key}: ${result.error.issues[0]?.message ?? "invalid"}`);
  return result.data as StoredSettings[SettingKey];
}
