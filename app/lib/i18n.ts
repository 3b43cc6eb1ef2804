import type { InitOptions } from "i18next";

/** The server's i18next options; the language, fallback and default namespace are also those of lib/translation.tsx. */
export const i18nConfig = {
  fallbackLng: "en",
  defaultNS: "common",
  ns: ["common"],
  interpolation: { escapeValue: false }, // React escapes
} satisfies InitOptions;

export const LOCALE_COOKIE = "locale";
