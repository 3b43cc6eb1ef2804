import { AsyncLocalStorage } from "node:async_hooks";
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

/**
 * The HTTP request being answered (server.js runs each one in it: its id for the logs). Remix hands each loader
 * its own copy of the Request, so the loaders of one page share their context through here.
 */
export const requestScope = new AsyncLocalStorage<{ requestId: string; readContext?: Promise<ShopContext> }>();

/**
 * Everything a loader or action needs about the request: settings, language, session, shopper and
 * currency. Built once per request and shared by every loader of that request; an action builds its own, and
 * the loaders after it build theirs anew (the action may have changed the session).
 */
export function shopContext(request: Request): Promise<ShopContext> {
  let context = contexts.get(request);
  if (!context) {
    const scope = request.method === "GET" || request.method === "HEAD" ? requestScope.getStore() : undefined;
    context = scope?.readContext ?? buildContext(request);
    if (scope) scope.readContext = context;
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
