import type { TFunction } from "i18next";
import { signedInUser } from "~/modules/auth/sessions.server";
import type { CurrentUser } from "~/modules/auth/user.server";
import { getSettings, type Settings } from "~/modules/settings/settings.server";
import { getDb, type Db } from "./db.server";
import { detectLocale, translatorFor } from "./i18n.server";
import type { DisplayCurrency } from "./money";
import { getSession, type ShopSession } from "./session.server";

export interface ShopContext {
  db: Db;
  settings: Settings;
  session: ShopSession;
  locale: string;
  dir: "ltr" | "rtl";
  t: TFunction;
  user: CurrentUser | null;
  currency: DisplayCurrency;
}

/** The selected currency, falling back to the default when it is unknown or no longer offered. */
export function resolveCurrency(settings: Settings, selected: string | undefined): DisplayCurrency {
  const found = settings.currencies.find((c) => c.name === selected) ?? settings.currencies.find((c) => c.is_default);
  if (!found) return settings.currency;
  return { name: found.name, symbol: found.symbol, rate_from_default: found.rate_from_default, position: settings.currency.position };
}

const contexts = new WeakMap<Request, Promise<ShopContext>>();
const urls = new WeakMap<Request, URL>();

/** The request's address, parsed once per Request object (a page parsed it four times); read it, never change it. */
export function requestUrl(request: Request): URL {
  let url = urls.get(request);
  if (!url) {
    url = new URL(request.url);
    urls.set(request, url);
  }
  return url;
}

/**
 * Everything a loader or action needs about the request: settings, language, session, shopper and
 * currency. Built once per Request object: server.js makes one for the page cache and Remix, which hands it to
 * every loader of a page (patches/@remix-run+server-runtime, ADR 0036); an action builds its own, and the loaders
 * after it get a new Request from Remix and build theirs anew (the action may have changed the session).
 */
export function shopContext(request: Request): Promise<ShopContext> {
  let context = contexts.get(request);
  if (!context) {
    context = buildContext(request);
    contexts.set(request, context);
  }
  return context;
}

async function buildContext(request: Request): Promise<ShopContext> {
  const db = getDb();
  const settings = await getSettings(db);
  const [session, locale] = await Promise.all([getSession(request), detectLocale(request, settings)]);
  const user = await signedInUser(db, session);
  const language = settings.languages.find((l) => l.name === locale);
  return {
    db,
    settings,
    session,
    locale,
    dir: language?.direction ?? "ltr",
    t: translatorFor(locale),
    user,
    currency: resolveCurrency(settings, session.get("currency")),
  };
}
