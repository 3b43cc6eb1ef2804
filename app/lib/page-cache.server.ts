import { createHash } from "node:crypto";
import { gzipSync } from "node:zlib";
import type { AppLoadContext } from "@remix-run/node";
import { recentlyViewedIds } from "~/modules/catalog/recently-viewed.server";
import type { Settings } from "~/modules/settings/settings.server";
import { hasOrderNews } from "~/modules/orders/order-lifecycle.server";
import { requestUrl, shopContext, type ShopContext } from "./context.server";
import { localeCookieHeader, translationsFor } from "./i18n.server";
import { secureCookies } from "./secrets.server";
import { CATALOGUE_KEPT_MS } from "./catalogue-freshness.server";
import type { Shopper } from "./personal";
import { gzipParts, gzipWithTexts, type GzipParts } from "./gzip-parts.server";
import { dependencyValue, fillPersonal, personalFiller, readShopper, showsOwnRecord, templateParts, translateWith, type Dependency } from "./personal.server";
import { applyVisit, type Visit } from "./visits.server";
import { lengthOf, wholePage, type PagePieces } from "./shared-markup.server";

/**
 * A short-lived, in-process cache of whole guest pages (docs/decisions/0007-guest-page-cache.md). Rendering a
 * catalogue page costs tens of milliseconds; the same page for the next guest costs a map lookup. What opening
 * the page does (a counted view, the recently viewed list) is recorded as visits and replayed on every hit.
 * Signed-in shoppers get catalogue pages from it too, kept with markers where their own texts go and filled in
 * for each of them (docs/decisions/0029-kept-pages-for-signed-in-shoppers.md).
 */

/** What may make two guests' pages differ besides the key: read from their session. */
const sessionInputs = {
  recentlyViewed: (context: ShopContext) => recentlyViewedIds(context.session).join("."),
};
export type SessionInput = keyof typeof sessionInputs;

/** Collected while a page is rendered, so it can be stored (server.js puts it in the load context). */
export interface PageRecord {
  /** The request as it arrived: the key and the session inputs are read from it, untouched by loaders. */
  request: Request;
  inputs: Set<SessionInput>;
  visits: Visit[];
  /** Set-Cookie values that come from visits (made again on every hit). */
  visitCookies: string[];
}

/** What a request is looked up by, read from the request as it arrived. */
interface Lookup {
  /** When this visitor last posted a form (ms), from WROTE_COOKIE; 0 if not lately. */
  wroteAt: number;
  /** The part every guest (or every signed-in shopper) with the same language, currency and shop settings shares. */
  key: string;
  context: ShopContext;
  sessionValues: Record<SessionInput, string>;
  /** The language cookie this answer sets, if any (made again on every hit). */
  languageCookie: string | null;
}

interface CachedPage {
  /** Path and query. */
  target: string;
  /** When it was kept (ms): a visitor who posted a form since then gets the page rendered anew (WROTE_COOKIE). */
  storedAt: number;
  /**
   * The page as rendered, with its render's nonce. Made shareable on its first hit, so that a page nobody asks
   * for again (most of a large catalogue) costs no hashing or compression.
   */
  rendered: { html: string; nonce: string } | null;
  shared: SharedPage | null;
  /**
   * A signed-in shopper's page: rendered with markers, filled in for each shopper on a hit (lib/personal.server); in
   * the pieces it was drawn in until its first hit needs it whole.
   */
  template: string | PagePieces | null;
  /** The template's fixed parts, deflated on its first hit, and the markers between them (lib/gzip-parts.server). */
  templateGzip: { parts: GzipParts; names: string[] } | null;
  status: number;
  headers: [string, string][];
  visits: Visit[];
  expires: number;
  bytes: number;
}

interface SharedPage {
  /** The page without its render's nonce, and gzipped once, so a hit costs no rendering and no compression. */
  html: Buffer;
  gzip: Buffer;
  /** The page's own inline scripts, allowed by hash instead of the nonce they were rendered with. */
  scriptHashes: string[];
  etag: string;
}

/** What server.js sends for a hit. */
export interface CachedResponse {
  status: number;
  headers: [string, string][];
  body: Buffer | null;
  /** The Content-Security-Policy allows these inline scripts (base64 SHA-256) instead of a nonce. */
  scriptHashes: string[] | null;
  /** A 304: the browser keeps its page with the policy (and nonce) stored with it (ADR 0006). */
  omitContentSecurityPolicy: boolean;
}

const TTL_MS = CATALOGUE_KEPT_MS;
const MAX_BYTES = Number(process.env.PAGE_CACHE_MB ?? 64) * 1024 * 1024;

const pages = new Map<string, CachedPage>();
/** How many kept pages each path and query has: any other request skips the lookup entirely. */
const keptTargets = new Map<string, number>();
/** Which session inputs the page at a key depends on (learnt when it is stored). */
const dependencies = new Map<string, SessionInput[]>();
/** Which personal parts a signed-in shopper's page at a key depends on (learnt when it is stored). */
const personalDependencies = new Map<string, Dependency[]>();
let storedBytes = 0;

export const pageCacheEnabled = () => TTL_MS > 0;

/** A new number for each settings load: a change of settings (new version stamp) starts new keys. */
const settingsGenerations = new WeakMap<Settings, number>();
let lastGeneration = 0;
export function settingsGeneration(settings: Settings) {
  let generation = settingsGenerations.get(settings);
  if (generation === undefined) settingsGenerations.set(settings, (generation = ++lastGeneration));
  return generation;
}

const target = (url: URL) => url.pathname + url.search;

async function lookupOf(request: Request): Promise<Lookup | null> {
  const url = requestUrl(request);
  const context = await shopContext(request);
  const { session, user, settings, locale, currency } = context;
  // Toasts are shown once; a stale currency choice is rewritten: such answers are personal.
  if (session.has("toasts") || (session.has("currency") && session.get("currency") !== currency.name)) return null;
  const sessionValues = Object.fromEntries(
    Object.entries(sessionInputs).map(([input, read]) => [input, read(context)]),
  ) as Record<SessionInput, string>;
  return {
    wroteAt: wroteAtOf(request),
    key: [user ? "signed in" : "guest", settingsGeneration(settings), locale, currency.name, url.origin, target(url)].join("\n"),
    context,
    sessionValues,
    languageCookie: await localeCookieHeader(request, locale),
  };
}

const variantKey = (key: string, inputs: readonly SessionInput[], values: Record<SessionInput, string>) =>
  inputs.length ? `${key}\n${inputs.map((input) => `${input}=${values[input]}`).join("\n")}` : key;

/** A signed-in shopper's variant of a kept page: the values of the personal parts it depends on. */
function personalVariantKey(key: string, context: ShopContext, shopper: Shopper, depends: readonly Dependency[]) {
  if (!depends.length) return key;
  const translate = translateWith(translationsFor(context.locale));
  return `${key}\n${depends.map((dependency) => `${dependency}=${dependencyValue(shopper, translate, dependency) ? 1 : 0}`).join("\n")}`;
}

/**
 * Answers a GET from the cache (a guest's page, or a signed-in shopper's filled in for them), or returns null and
 * leaves a record in the load context for entry.server to store the page it renders.
 */
export async function serveCachedPage(request: Request, loadContext: AppLoadContext): Promise<CachedResponse | null> {
  if (!pageCacheEnabled() || (request.method !== "GET" && request.method !== "HEAD")) return null;
  loadContext.page = { request, inputs: new Set(), visits: [], visitCookies: [] };
  if (!keptTargets.has(target(requestUrl(request)))) return null;
  const lookup = await lookupOf(request);
  if (!lookup) return null;
  const { context } = lookup;
  let fullKey = variantKey(lookup.key, dependencies.get(lookup.key) ?? [], lookup.sessionValues);
  let shopper: Shopper | null = null;
  if (context.user) {
    const depends = personalDependencies.get(lookup.key);
    // News of the shopper's orders is told by the page it renders next (the root loader's toasts).
    if (!depends || (await hasOrderNews(context.db, context.user.id))) return null;
    shopper = await readShopper(context.db, context.user);
    fullKey = personalVariantKey(fullKey, context, shopper, depends);
  }
  const page = pages.get(fullKey);
  // Kept before the visitor's own last change (a cancelled order, a review): they get the page rendered with it.
  if (!page || page.storedAt <= lookup.wroteAt) return null;
  if (page.expires <= Date.now()) {
    forget(fullKey, page);
    // Asked for again: the page rendered now is kept at once.
    noteAsked(fullKey);
    return null;
  }
  pages.delete(fullKey);
  pages.set(fullKey, page); // most recently used last

  const cookies = lookup.languageCookie ? [lookup.languageCookie] : [];
  for (const visit of page.visits) {
    const { cookie } = await applyVisit(context, loadContext, visit);
    if (cookie) cookies.push(cookie);
  }
  if (page.template && shopper) {
    const translate = translateWith(translationsFor(context.locale));
    const gzip = acceptsGzip(request);
    let body: Buffer;
    if (gzip) {
      const { parts, names } = (page.templateGzip ??= shareTemplate(page, wholePage(page.template)));
      const fill = personalFiller(shopper, translate, context.currency, loadContext.nonce ?? "");
      body = gzipWithTexts(parts, names.map(fill));
    } else {
      body = fillPersonal(page.template, shopper, translate, context.currency, loadContext.nonce ?? "");
    }
    return {
      status: page.status,
      headers: [
        ...withoutValidators(page.headers),
        ["Cache-Control", "private, no-store"],
        ["Vary", "Accept-Encoding"],
        ["X-Cache", "hit"],
        ...(gzip ? [["Content-Encoding", "gzip"] as [string, string]] : []),
        ...cookies.map((cookie): [string, string] => ["Set-Cookie", cookie]),
      ],
      body: request.method === "HEAD" ? null : body,
      // The page carries this response's nonce, as a rendered one does.
      scriptHashes: null,
      omitContentSecurityPolicy: false,
    };
  }
  const shared = share(page);
  const gzip = acceptsGzip(request);
  const headers: [string, string][] = [...page.headers, ["ETag", shared.etag], ["X-Cache", "hit"]];
  const body = request.method === "HEAD" ? null : gzip ? shared.gzip : shared.html;
  const representation: [string, string][] = gzip ? [["Content-Encoding", "gzip"]] : [];
  if (cookies.length) {
    // A response that sets a cookie is never kept by the browser (ADR 0006).
    return {
      status: page.status,
      headers: [
        ...withoutValidators(headers),
        ["Cache-Control", "private, no-store"],
        ...representation,
        ...cookies.map((cookie): [string, string] => ["Set-Cookie", cookie]),
      ],
      body,
      scriptHashes: shared.scriptHashes,
      omitContentSecurityPolicy: false,
    };
  }
  if (etagMatches(request.headers.get("If-None-Match"), shared.etag)) {
    return {
      status: 304,
      headers: headers.filter(([name]) => name.toLowerCase() !== "content-type"),
      body: null,
      scriptHashes: null,
      omitContentSecurityPolicy: true,
    };
  }
  return { status: page.status, headers: [...headers, ...representation], body, scriptHashes: shared.scriptHashes, omitContentSecurityPolicy: false };
}

const acceptsGzip = (request: Request) => /\bgzip\b/i.test(request.headers.get("Accept-Encoding") ?? "");

/** A signed-in shoppers' page made ready for gzipped hits on its first one (most kept pages never get one). */
function shareTemplate(page: CachedPage, template: string) {
  const { parts, names } = templateParts(template);
  const shared = { parts: gzipParts(parts), names };
  const bytes = template.length * 2 + shared.parts.raw.reduce((sum, part) => sum + part.length, 0) + shared.parts.deflated.reduce((sum, part) => sum + part.length, 0);
  storedBytes += bytes - page.bytes;
  page.bytes = bytes;
  return shared;
}

function share(page: CachedPage): SharedPage {
  if (page.shared) return page.shared;
  const { html: rendered, nonce } = page.rendered!;
  const { html, scriptHashes } = withoutNonce(rendered, nonce);
  page.shared = { html, gzip: gzipSync(html, { level: 9 }), scriptHashes, etag: pageEtag(rendered, nonce) };
  page.rendered = null;
  const bytes = page.shared.html.length + page.shared.gzip.length;
  storedBytes += bytes - page.bytes;
  page.bytes = bytes;
  return page.shared;
}

const withoutValidators = (headers: [string, string][]) =>
  headers.filter(([name]) => !/^(etag|cache-control)$/i.test(name));

/**
 * Pages asked for once and not kept, by key, oldest first: when (ms). At most a window's worth at 2,000 pages a second
 * (a key is some 200 bytes); older ones no longer count anyway.
 */
const askedOnce = new Map<string, number>();
const ASKED_ONCE_LIMIT = 20_000;

function noteAsked(key: string, now = Date.now()) {
  askedOnce.delete(key);
  askedOnce.set(key, now);
  if (askedOnce.size > ASKED_ONCE_LIMIT) askedOnce.delete(askedOnce.keys().next().value!);
}

/**
 * Whether a page just rendered is worth keeping: it was asked for before, within the window a kept page lives, or is
 * kept already (rendered anew for a visitor who posted a form since). A page is kept on its second render, not its
 * first (docs/decisions/0039-pages-kept-when-asked-again.md): on a large catalogue most pages are asked for once in
 * a while, and keeping each of them cost a tenth of its render, most of it in collecting pages nobody asked for again.
 */
function askedBefore(key: string, now = Date.now()): boolean {
  if (pages.has(key)) return true;
  const first = askedOnce.get(key);
  if (first !== undefined && now - first < TTL_MS) {
    askedOnce.delete(key);
    return true;
  }
  noteAsked(key, now);
  return false;
}

/**
 * Keeps a rendered guest page for the next guests, or a signed-in shopper's page rendered with markers (`personal`:
 * what it depends on, and the shopper it was rendered for) for the next signed-in shoppers. `headers` are the page's
 * response headers; its Set-Cookie values must all be made again on a hit (the language cookie, visits), else it
 * is not kept.
 */
export async function storePage(
  loadContext: AppLoadContext,
  page: { html: string | PagePieces; status: number; headers: Headers },
  personal?: { dependencies: Iterable<Dependency>; shopper: Shopper },
): Promise<boolean> {
  const record = loadContext.page;
  if (!record || page.status !== 200) return false;
  const lookup = await lookupOf(record.request);
  if (!lookup || Boolean(lookup.context.user) !== Boolean(personal)) return false;
  // Compared by name=value: the attributes may carry an expiry date that moves with the clock.
  const pair = (cookie: string) => cookie.split(";")[0];
  const remade = new Set([...record.visitCookies, ...(lookup.languageCookie ? [lookup.languageCookie] : [])].map(pair));
  if (page.headers.getSetCookie().some((cookie) => !remade.has(pair(cookie)))) return false;

  const inputs = [...record.inputs].sort();
  const depends = personal ? [...personal.dependencies].sort() : [];
  let fullKey = variantKey(lookup.key, inputs, lookup.sessionValues);
  if (personal) fullKey = personalVariantKey(fullKey, lookup.context, personal.shopper, depends);
  if (!askedBefore(fullKey)) return false;
  // A page that shows the shopper's own name, photo or phone (a review of theirs) would show it to the next shopper.
  if (personal && showsOwnRecord(page.html, personal.shopper)) return false;
  dependencies.set(lookup.key, inputs);
  if (dependencies.size > 100_000) dependencies.clear();
  if (personal) {
    personalDependencies.set(lookup.key, depends);
    if (personalDependencies.size > 100_000) personalDependencies.clear();
  }
  const previous = pages.get(fullKey);
  if (previous) forget(fullKey, previous);

  const headers = [...page.headers].filter(([name]) => !/^(set-cookie|etag)$/i.test(name));
  const path = target(requestUrl(record.request));
  const entry: CachedPage = {
    target: path,
    rendered: personal ? null : { html: wholePage(page.html), nonce: loadContext.nonce ?? "" },
    shared: null,
    template: personal ? page.html : null,
    templateGzip: null,
    status: page.status,
    headers,
    visits: record.visits,
    storedAt: Date.now(),
    expires: Date.now() + TTL_MS,
    // UTF-16 in memory until it is shared.
    bytes: lengthOf(page.html) * 2,
  };
  pages.set(fullKey, entry);
  storedBytes += entry.bytes;
  keptTargets.set(path, (keptTargets.get(path) ?? 0) + 1);
  for (const [oldKey, old] of pages) {
    if (storedBytes <= MAX_BYTES) break;
    forget(oldKey, old);
  }
  return true;
}

/**
 * The page as every guest may get it: the inline scripts rendered with this response's nonce are allowed by
 * their hashes instead, and the nonce is taken out. A script without the nonce (anything injected into the
 * content) gets no hash, so it stays blocked exactly as under the nonce.
 */
function withoutNonce(html: string, nonce: string): { html: Buffer; scriptHashes: string[] } {
  if (!nonce) return { html: Buffer.from(html), scriptHashes: [] };
  const attribute = ` nonce="${nonce}"`;
  const scriptHashes = new Set<string>();
  for (const [, attributes, content] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    if (attributes.includes(attribute) && content) scriptHashes.add(createHash("sha256").update(content, "utf8").digest("base64"));
  }
  return { html: Buffer.from(html.replaceAll(attribute, "")), scriptHashes: [...scriptHashes] };
}

function forget(key: string, page: CachedPage) {
  if (pages.get(key) !== page) return;
  pages.delete(key);
  storedBytes -= page.bytes;
  const count = (keptTargets.get(page.target) ?? 1) - 1;
  if (count > 0) keptTargets.set(page.target, count);
  else keptTargets.delete(page.target);
}

/**
 * A weak validator of the page as every guest sees it: the per-response CSP nonce is masked out first, so
 * two renders of the same page compare equal.
 */
export function pageEtag(html: string, nonce: string): string {
  const stable = nonce ? html.replaceAll(nonce, "") : html;
  return `W/"${createHash("sha256").update(stable).digest("base64url").slice(0, 32)}"`;
}

/**
 * Each form post tells the visitor's browser when it was made (server.js sets this cookie on every answer to a
 * POST, whichever instance answers): their next pages are never ones kept before it, so a shopper sees what they
 * just did (the stock back after cancelling, their review), while other visitors may get a page up to
 * PAGE_CACHE_SECONDS old. It expires with the last page it could concern.
 */
const WROTE_COOKIE = "bazaar_wrote";

export function wroteCookie(now = Date.now()): string {
  const seconds = Math.max(1, Math.ceil(TTL_MS / 1000));
  return `${WROTE_COOKIE}=${now}; Path=/; Max-Age=${seconds}; HttpOnly; SameSite=Lax${secureCookies() ? "; Secure" : ""}`;
}

function wroteAtOf(request: Request): number {
  const match = new RegExp(`(?:^|;\\s*)${WROTE_COOKIE}=(\\d{1,15})(?:;|$)`).exec(request.headers.get("Cookie") ?? "");
  return match ? Number(match[1]) : 0;
}

/** Marks the page being rendered as depending on part of the visitor's session. */
export function pageDependsOn(loadContext: AppLoadContext, input: SessionInput) {
  loadContext.page?.inputs.add(input);
}

/** If-None-Match compares weakly (RFC 9110 §13.1.2): W/ prefixes are ignored; `*` matches any page. */
export function etagMatches(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => tag.trim() === "*" || opaque(tag) === opaque(etag));
}
