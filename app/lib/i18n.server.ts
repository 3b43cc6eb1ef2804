import { createCookie } from "@remix-run/node";
import i18next, { type i18n as I18n, type TFunction } from "i18next";
import { RemixI18Next } from "remix-i18next/server";
import arCommon from "../../public/locales/ar/common.json";
import enCommon from "../../public/locales/en/common.json";
import frCommon from "../../public/locales/fr/common.json";
import type { Settings } from "~/modules/settings/settings.server";
import { i18nConfig, LOCALE_COOKIE } from "./i18n";
import { secureCookies } from "./secrets.server";

/** Translations are held in memory on the server: loading them per request costs throughput. */
export const resources = {
  en: { common: enCommon },
  ar: { common: arCommon },
  fr: { common: frCommon },
};

export const localeCookie = createCookie(LOCALE_COOKIE, {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  secure: secureCookies(),
  maxAge: 60 * 60 * 24 * 365,
});

const base = i18next.createInstance();
void base.init({ ...i18nConfig, resources, lng: "en", initImmediate: false });

const detectors = new WeakMap<Settings, RemixI18Next>();

function detectorFor(settings: Settings) {
  let detector = detectors.get(settings);
  if (!detector) {
    detector = new RemixI18Next({
      detection: {
        supportedLanguages: settings.languages.map((l) => l.name),
        fallbackLanguage: settings.defaultLocale,
        cookie: localeCookie,
        // The shopper's pick (cookie) wins; a first visit honours Accept-Language; then the shop's default.
        order: ["cookie", "header"],
      },
    });
    detectors.set(settings, detector);
  }
  return detector;
}

/** The request's language: always one of the shop's active languages. */
export async function detectLocale(request: Request, settings: Settings): Promise<string> {
  const supported = settings.languages.map((l) => l.name);
  let locale: string | undefined;
  try {
    locale = await detectorFor(settings).getLocale(request);
  } catch {
    locale = undefined; // a malformed cookie or header falls back to the default
  }
  return locale && supported.includes(locale) ? locale : settings.defaultLocale;
}

/** A per-request i18next instance sharing the in-memory resources. */
export function i18nFor(locale: string): I18n {
  return base.cloneInstance({ lng: locale, initImmediate: false });
}

export function translatorFor(locale: string): TFunction {
  return base.getFixedT(locale);
}
