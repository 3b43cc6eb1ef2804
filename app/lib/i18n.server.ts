import { createCookie } from "@remix-run/node";
import i18next, { type i18n as I18n, type TFunction } from "i18next";
import { RemixI18Next } from "remix-i18next/server";
import arCatalog from "../../public/locales/ar/catalog.json";
import arCommon from "../../public/locales/ar/common.json";
import arContent from "../../public/locales/ar/content.json";
import arProduct from "../../public/locales/ar/product.json";
import enCatalog from "../../public/locales/en/catalog.json";
import enCommon from "../../public/locales/en/common.json";
import enContent from "../../public/locales/en/content.json";
import enProduct from "../../public/locales/en/product.json";
import frCatalog from "../../public/locales/fr/catalog.json";
import frCommon from "../../public/locales/fr/common.json";
import frContent from "../../public/locales/fr/content.json";
import frProduct from "../../public/locales/fr/product.json";
import type { Settings } from "~/modules/settings/settings.server";
import { i18nConfig, LOCALE_COOKIE } from "./i18n";
import { secureCookies } from "./secrets.server";

/** Translations are held in memory on the server: loading them per request costs throughput. */
export const resources = {
  en: { common: enCommon, catalog: enCatalog, product: enProduct, content: enContent },
  ar: { common: arCommon, catalog: arCatalog, product: arProduct, content: arContent },
  fr: { common: frCommon, catalog: frCatalog, product: frProduct, content: frContent },
};

export const localeCookie = createCookie(LOCALE_COOKIE, {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  secure: secureCookies(),
  maxAge: 60 * 60 * 24 * 365,
});

const base = i18next.createInstance();
void base.init({ ...i18nConfig, ns: Object.keys(resources.en), resources, lng: "en", initImmediate: false });

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
