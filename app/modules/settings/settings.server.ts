import { randomUUID } from "node:crypto";
import type { Db } from "~/lib/db.server";
import { preparedQuery } from "~/lib/prepared-query.server";
import type { FooterItemType } from "~/db/schema";
import { listCategories, type Category } from "~/modules/catalog/categories.server";
import {
  THEME_KEYS,
  storedSettingsSchema,
  type SettingKey,
  type StoredSettings,
} from "./settings.schema";

export interface Language { id: number; name: string; title: string; direction: "ltr" | "rtl"; is_default: boolean }
export interface Currency { id: number; name: string; symbol: string; rate_from_default: number; is_default: boolean }
export interface MenuItem { id: number; name: string; url: string; target: string; is_external: boolean }
export interface FooterItem { id: number; type: FooterItemType; title: string; url: string | null; target: string }
export interface FooterBlock { id: number; title: string; items: FooterItem[] }
export interface SocialLink { name: string; link: string; logo: string }
export interface PaymentGateway { name: string; title: string; logo: string }

/** The shop's "master" settings (spec §3): everything the shell and the flows are driven by. */
export interface Settings extends StoredSettings {
  /** The shop's own locale and its direction (a request's may differ: see lib/i18n.server). */
  locale: string;
  langDirection: "ltr" | "rtl";
  languages: Language[];
  currencies: Currency[];
  /** The default currency with the display position. */
  currency: { name: string; symbol: string; position: "prefix" | "suffix"; rate_from_default: number };
  menus: MenuItem[];
  footers: FooterBlock[];
  /**
   * The active categories with their sub-categories: the navigation of every page, read with the menus. What
   * changes them calls touchSettings, as for the menus.
   */
  categories: Category[];
  socialLinks: SocialLink[];
  paymentGateways: PaymentGateway[];
  /** The theme as CSS colours, or null unless all twelve values exist. */
  themeColors: Record<(typeof THEME_KEYS)[number], string> | null;
  pusherAppKey: string | null;
  pusherAppCluster: string | null;
  appEnv: string;
  baseUrl: string;
}

const VERSION_KEY = "_version";
const cache = new WeakMap<Db, { version: string | null; settings: Promise<Settings> }>();

const versionRow = preparedQuery((db, key: string) => db.selectFrom("settings").select("value").where("key", "=", key));

async function readVersion(db: Db) {
  const [row] = await versionRow(db, VERSION_KEY);
  return row?.value ?? null;
}

/**
 * The one settings read. Cached per database handle; each call costs one primary-key lookup of the
 * version stamp, so a change made by another process (the `settings` command) shows on the next request.
 */
export async function getSettings(db: Db): Promise<Settings> {
  const version = await readVersion(db);
  const cached = cache.get(db);
  if (cached && cached.version === version) return cached.settings;
  const settings = loadSettings(db);
  cache.set(db, { version, settings });
  settings.catch(() => cache.delete(db));
  return settings;
}

async function loadSettings(db: Db): Promise<Settings> {
  const [rows, languages, currencies, menus, footers, footerItems, socialLinks, gateways, categories] = await Promise.all([
    db.selectFrom("settings").selectAll().where("key", "!=", VERSION_KEY).execute(),
    db.selectFrom("languages").selectAll().where("is_active", "=", 1).orderBy("sort").orderBy("id").execute(),
    db.selectFrom("currencies").selectAll().where("is_active", "=", 1).orderBy("sort").orderBy("id").execute(),
    db.selectFrom("menus").selectAll().orderBy("sort").orderBy("id").execute(),
    db.selectFrom("footers").selectAll().orderBy("sort").orderBy("id").execute(),
    db.selectFrom("footer_items").selectAll().orderBy("sort").orderBy("id").execute(),
    db.selectFrom("social_links").selectAll().orderBy("sort").orderBy("id").execute(),
    db.selectFrom("payment_gateways").selectAll().where("is_active", "=", 1).orderBy("sort").orderBy("id").execute(),
    listCategories(db),
  ]);

  const raw: Record<string, unknown> = {};
  for (const row of rows) {
    try {
      raw[row.key] = JSON.parse(row.value);
    } catch {
      // A hand-edited value that is not JSON falls back to the default below.
    }
  }
  // Each key is validated on its own so one bad value falls back to its default, not all of them.
  const stored = {} as Record<string, unknown>;
  for (const [key, field] of Object.entries(storedSettingsSchema.shape)) {
    const parsed = field.safeParse(raw[key]);
    stored[key] = parsed.success ? parsed.data : field.parse(undefined);
  }
  const base = stored as StoredSettings;

  const currencyList: Currency[] = currencies.map((c) => ({
    id: c.id,
    name: c.name,
    symbol: c.symbol,
    rate_from_default: Number(c.rate_from_default) > 0 ? Number(c.rate_from_default) : 1,
    is_default: c.is_default === 1,
  }));
  const defaultCurrency = currencyList.find((c) => c.is_default) ?? currencyList[0] ?? {
    id: 0, name: "USD", symbol: "$", rate_from_default: 1, is_default: true,
  };

  const languageList: Language[] = languages.map((l) => ({
    id: l.id,
    name: l.name,
    title: l.title,
    direction: l.direction === "rtl" ? "rtl" : "ltr",
    is_default: l.is_default === 1,
  }));
  if (languageList.length === 0) languageList.push({ id: 0, name: "en", title: "English", direction: "ltr", is_default: true });
  const defaultLocale = languageList.some((l) => l.name === base.defaultLocale)
    ? base.defaultLocale
    : (languageList.find((l) => l.is_default) ?? languageList[0]).name;

  const themeComplete = THEME_KEYS.every((k) => typeof base.theme[k] === "string");

  return {
    ...base,
    defaultLocale,
    locale: defaultLocale,
    langDirection: languageList.find((l) => l.name === defaultLocale)?.direction ?? "ltr",
    languages: languageList,
    currencies: currencyList,
    currency: {
      name: defaultCurrency.name,
      symbol: defaultCurrency.symbol,
      position: base.currencyPosition,
      rate_from_default: 1,
    },
    menus: menus.map((m) => ({ id: m.id, name: m.name, url: m.url, target: m.target, is_external: m.is_external === 1 })),
    footers: footers.map((f) => ({
      id: f.id,
      title: f.title,
      items: footerItems
        .filter((i) => i.footer_id === f.id)
        .map((i) => ({ id: i.id, type: i.type, title: i.title, url: i.url, target: i.target })),
    })),
    categories,
    socialLinks: socialLinks.map((s) => ({ name: s.name, link: s.link, logo: s.logo })),
    paymentGateways: gateways.map((g) => ({ name: g.name, title: g.title, logo: g.logo })),
    themeColors: themeComplete ? (Object.fromEntries(THEME_KEYS.map((k) => [k, base.theme[k]])) as Settings["themeColors"]) : null,
    pusherAppKey: process.env.PUSHER_APP_KEY || null,
    pusherAppCluster: process.env.PUSHER_APP_CLUSTER || null,
    appEnv: process.env.APP_ENV || (process.env.NODE_ENV === "production" ? "production" : "local"),
    baseUrl: (process.env.BASE_URL || "").replace(/\/$/, ""),
  };
}

/** Marks the settings as changed so every process reloads them on its next request. */
export async function touchSettings(db: Db) {
  const value = randomUUID();
  await db
    .insertInto("settings")
    .values({ key: VERSION_KEY, value })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value }))
    .execute();
  cache.delete(db);
}

/** Changes stored settings; every value is checked against its schema first, nothing is written if one fails. */
export async function updateSettings(db: Db, changes: Partial<StoredSettings>) {
  const entries = Object.entries(changes).map(([key, value]) => {
    const field = storedSettingsSchema.shape[key as SettingKey];
    if (!field) throw new Error(`Unknown setting: ${key}`);
    return [key, JSON.stringify(field.parse(value))] as const;
  });
  await db.transaction().execute(async (trx) => {
    for (const [key, value] of entries) {
      await trx
        .insertInto("settings")
        .values({ key, value })
        .onConflict((oc) => oc.column("key").doUpdateSet({ value }))
        .execute();
    }
    await touchSettings(trx as unknown as Db);
  });
  cache.delete(db);
}
