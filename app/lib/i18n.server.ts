import { createCookie } from "@remix-run/node";
import i18next, { type TFunction } from "i18next";
import { RemixI18Next } from "remix-i18next/server";
import arAccount from "../../public/locales/ar/account.json";
import arAuth from "../../public/locales/ar/auth.json";
import arCatalog from "../../public/locales/ar/catalog.json";
import arCommon from "../../public/locales/ar/common.json";
import arContent from "../../public/locales/ar/content.json";
import arProduct from "../../public/locales/ar/product.json";
import arSocial from "../../public/locales/ar/social.json";
import enAccount from "../../public/locales/en/account.json";
import enAuth from "../../public/locales/en/auth.json";
import enCatalog from "../../public/locales/en/catalog.json";
import enCommon from "../../public/locales/en/common.json";
import enContent from "../../public/locales/en/content.json";
import enProduct from "../../public/locales/en/product.json";
import enSocial from "../../public/locales/en/social.json";
import frAccount from "../../public/locales/fr/account.json";
import frAuth from "../../public/locales/fr/auth.json";
import frCatalog from "../../public/locales/fr/catalog.json";
import frCommon from "../../public/locales/fr/common.json";
import frContent from "../../public/locales/fr/content.json";
import frProduct from "../../public/locales/fr/product.json";
import frSocial from "../../public/locales/fr/social.json";
import arCart from "../../public/locales/ar/cart.json";
import arCheckout from "../../public/locales/ar/checkout.json";
import arOrders from "../../public/locales/ar/orders.json";
import arPayments from "../../public/locales/ar/payments.json";
import enCart from "../../public/locales/en/cart.json";
import enCheckout from "../../public/locales/en/checkout.json";
import enOrders from "../../public/locales/en/orders.json";
import enPayments from "../../public/locales/en/payments.json";
import frCart from "../../public/locales/fr/cart.json";
import frCheckout from "../../public/locales/fr/checkout.json";
import frOrders from "../../public/locales/fr/orders.json";
import frPayments from "../../public/locales/fr/payments.json";
import arConsole from "../../public/locales/ar/console.json";
import enConsole from "../../public/locales/en/console.json";
import frConsole from "../../public/locales/fr/console.json";
import arChat from "../../public/locales/ar/chat.json";
import enChat from "../../public/locales/en/chat.json";
import frChat from "../../public/locales/fr/chat.json";
import arReturns from "../../public/locales/ar/returns.json";
import enReturns from "../../public/locales/en/returns.json";
import frReturns from "../../public/locales/fr/returns.json";
import arDashboard from "../../public/locales/ar/dashboard.json";
import arWishlist from "../../public/locales/ar/wishlist.json";
import enDashboard from "../../public/locales/en/dashboard.json";
import enWishlist from "../../public/locales/en/wishlist.json";
import frDashboard from "../../public/locales/fr/dashboard.json";
import frWishlist from "../../public/locales/fr/wishlist.json";
import arTickets from "../../public/locales/ar/tickets.json";
import enTickets from "../../public/locales/en/tickets.json";
import frTickets from "../../public/locales/fr/tickets.json";
import type { Settings } from "~/modules/settings/settings.server";
import { i18nConfig, LOCALE_COOKIE } from "./i18n";
import { Translations, type Resources } from "./translation";
import { secureCookies } from "./secrets.server";

/** Translations are held in memory on the server: loading them per request costs throughput. */
export const resources = {
  en: { account: enAccount, auth: enAuth, common: enCommon, catalog: enCatalog, product: enProduct, content: enContent, social: enSocial,
    cart: enCart, checkout: enCheckout, orders: enOrders, payments: enPayments, console: enConsole,
    wishlist: enWishlist, dashboard: enDashboard, returns: enReturns, chat: enChat, tickets: enTickets },
  ar: { account: arAccount, auth: arAuth, common: arCommon, catalog: arCatalog, product: arProduct, content: arContent, social: arSocial,
    cart: arCart, checkout: arCheckout, orders: arOrders, payments: arPayments, console: arConsole,
    wishlist: arWishlist, dashboard: arDashboard, returns: arReturns, chat: arChat, tickets: arTickets },
  fr: { account: frAccount, auth: frAuth, common: frCommon, catalog: frCatalog, product: frProduct, content: frContent, social: frSocial,
    cart: frCart, checkout: frCheckout, orders: frOrders, payments: frPayments, console: frConsole,
    wishlist: frWishlist, dashboard: frDashboard, returns: frReturns, chat: frChat, tickets: frTickets },
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

/**
 * The language cookie to set on this answer: remix-i18next reads the language from it, so it is written
 * whenever it is missing or names another language. Null when the browser already holds it.
 */
export async function localeCookieHeader(request: Request, locale: string): Promise<string | null> {
  const current = await localeCookie.parse(request.headers.get("Cookie")).catch(() => null);
  return current === locale ? null : localeCookie.serialize(locale);
}

const rendered = new Map<string, Translations>();

/**
 * The texts React renders with on the server, sharing the in-memory resources; one per language (nothing
 * changes a language's texts on the server, only the browser's copy follows the shopper).
 */
export function translationsFor(locale: string): Translations {
  let translations = rendered.get(locale);
  if (!translations) {
    translations = new Translations(locale, resources as unknown as Resources);
    rendered.set(locale, translations);
  }
  return translations;
}

export function translatorFor(locale: string): TFunction {
  return base.getFixedT(locale);
}

const RIGHT_TO_LEFT = new Set(["ar", "fa", "he", "ur"]);

/**
 * The language of a page made without the shop's settings (the database is away): the shopper's cookie, else the
 * first of Accept-Language that has texts, else English.
 */
export async function localeWithoutSettings(cookie: string | undefined, acceptLanguage: string | undefined) {
  const known = Object.keys(resources);
  const chosen = await localeCookie.parse(cookie ?? null).catch(() => null);
  const wanted = [chosen, ...(acceptLanguage ?? "").split(",").map((tag) => tag.split(";")[0].trim().split("-")[0].toLowerCase())];
  const locale = wanted.find((tag): tag is string => typeof tag === "string" && known.includes(tag)) ?? "en";
  return { locale, dir: RIGHT_TO_LEFT.has(locale) ? ("rtl" as const) : ("ltr" as const) };
}
