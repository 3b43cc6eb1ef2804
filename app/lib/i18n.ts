import type { InitOptions } from "i18next";

/** Options shared by the server and the browser instance of i18next. */
export const i18nConfig = {
  fallbackLng: "en",
  defaultNS: "common",
  ns: ["common"],
  interpolation: { escapeValue: false }, // React escapes
  react: { useSuspense: false },
} satisfies InitOptions;

export const LOCALE_COOKIE = "locale";
