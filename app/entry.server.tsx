import { Writable } from "node:stream";
import { createReadableStreamFromReadable, type AppLoadContext, type EntryContext, type HandleErrorFunction } from "@remix-run/node";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import type { ReactNode } from "react";
import { renderToPipeableStream, renderToStaticMarkup, renderToString } from "react-dom/server";
import { encode } from "turbo-stream";
import { NonceProvider } from "./components/nonce";
import { UnavailableDocument } from "./components/unavailable-document";
import { requestUrl, shopContext } from "./lib/context.server";
import { forRequest } from "./lib/log.server";
import { prepareDatabase } from "./lib/boot.server";
import { streamedText, validDocument, validDocumentPieces, validDocumentStream } from "./lib/valid-document.server";
import { localeWithoutSettings, translationsFor, translatorFor } from "./lib/i18n.server";
import { DatabaseUnavailableError, isDatabaseUnavailable, RETRY_AFTER_SECONDS, warnDatabaseUnavailable } from "./lib/database-unavailable.server";
import { TranslationsProvider } from "./lib/translation";
import { etagMatches, pageCacheEnabled, pageEtag, settingsGeneration, storePage } from "./lib/page-cache.server";
import { SharedMarkupProvider } from "./lib/shared-markup";
import { sharedMarkupRender, wholePage, type PagePieces } from "./lib/shared-markup.server";
import { DEFAULT_CURRENCY, type DisplayCurrency } from "./lib/money";
import { utf8Bytes } from "./lib/utf8.server";
import { GUEST, personalOf, ServerPersonalProvider, shopperOnPage, type Personal } from "./lib/personal";
import { ServerShellProvider } from "./lib/shell";
import { fillPersonal, NONCE_MARKER, templatePersonal, translateWith } from "./lib/personal.server";
import { flushProductViews } from "./modules/catalog/product-details.server";
import stylesheet from "./tailwind.css";

export { pageCacheEnabled, serveCachedPage, wroteCookie } from "./lib/page-cache.server";
/** For server.js: its primary process relays what the workers share (lib/cluster.server); a stopping worker ends its streams. */
export { connectWorker } from "./lib/cluster.server";
export { endLiveStreams } from "./lib/live.server";

export const streamTimeout = 5_000;

/** Called once by server.js before it listens: migrations, then the demo seed on an empty database. */
export async function prepare() {
  await prepareDatabase();
}

/** Called by server.js before it exits: counted views not yet written. */
export async function finish() {
  await flushProductViews();
}

/**
 * Errors of loaders, actions and rendering. A database that is away is not a bug: it is thrown on as a
 * DatabaseUnavailableError, which Remix lets through to server.js's last handler, so that pages, form posts,
 * data requests and resource routes all end in the same 503 (unavailableResponse below; ADR 0026).
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (isDatabaseUnavailable(error)) {
    warnDatabaseUnavailable(error);
    throw error instanceof DatabaseUnavailableError ? error : new DatabaseUnavailableError(error);
  }
  if (request.signal.aborted) return;
  console.error(forRequest(request), isRouteErrorResponse(error) && (error as { error?: unknown }).error ? (error as { error?: unknown }).error : error);
};

/**
 * What server.js answers for an error that reached it: a 503 with Retry-After when the database is unavailable
 * (a page in the shopper's language, or JSON for data and API requests), null for anything else.
 */
export async function unavailableResponse(error: unknown, request: { method: string; url: string; headers: Record<string, string | string[] | undefined> }) {
  if (!isDatabaseUnavailable(error)) return null;
  if (!(error instanceof DatabaseUnavailableError)) warnDatabaseUnavailable(error);
  const header = (name: string) => [request.headers[name]].flat()[0];
  const { locale, dir } = await localeWithoutSettings(header("cookie"), header("accept-language"));
  const t = translatorFor(locale);
  const headers = { "Retry-After": String(RETRY_AFTER_SECONDS), "Cache-Control": "no-store" };
  const path = request.url.split("?")[0];
  const wantsPage = /\btext\/html\b/.test(header("accept") ?? "") || !/\bjson\b/.test(header("accept") ?? "");
  if (path.endsWith(".data")) {
    const navigation = request.method === "GET" || request.method === "HEAD";
    const body = await reloadDocumentPayload(navigation ? documentPathOf(request.url) : sameOriginReferrer(header("referer"), header("host")), navigation);
    return { status: 503, headers: { ...headers, "Content-Type": "text/x-script", "X-Remix-Response": "yes" }, body };
  }
  if (path.startsWith("/api/") || !wantsPage) {
    const body = JSON.stringify({ error: "unavailable", message: t("unavailable.text"), retryAfter: RETRY_AFTER_SECONDS });
    return { status: 503, headers: { ...headers, "Content-Type": "application/json; charset=utf-8" }, body };
  }
  const page = (
    <UnavailableDocument
      lang={locale}
      dir={dir}
      stylesheet={stylesheet}
      title={t("unavailable.title")}
      text={t("unavailable.text")}
      again={t("unavailable.again")}
      retryHref={request.method === "GET" ? localPath(request.url) : "/"}
    />
  );
  const body = `<!DOCTYPE html>${renderToStaticMarkup(page)}`;
  return { status: 503, headers: { ...headers, "Content-Type": "text/html; charset=utf-8" }, body };
}

/**
 * What a JavaScript navigation or form post (a Remix `.data` request) gets while the database is away: Remix's
 * own redirect answer, asking the browser to load the page as a document, which is then the 503 page above with
 * its Retry-After, as without JavaScript (anything else would be an undecodable answer and an error page).
 * A navigation's redirect is wrapped in the marker of a loaders' answer, a form post's is bare (Remix 2's format).
 */
async function reloadDocumentPayload(location: string, navigation: boolean) {
  const redirect = { redirect: location, status: 302, revalidate: false, reload: true, replace: false };
  const loadersRedirect = Symbol("SingleFetchRedirect");
  const stream = encode(navigation ? { [loadersRedirect]: redirect } : redirect, {
    plugins: [(value) => (value && typeof value === "object" && loadersRedirect in value ? ["SingleFetchRedirect", (value as Record<symbol, unknown>)[loadersRedirect]] : undefined)],
  });
  return new Response(stream).text();
}

/** The page a `.data` request reads: `/products.data?_routes=…` → `/products`, `/_root.data` → `/`. */
function documentPathOf(url: string) {
  const parsed = new URL(url, "http://localhost");
  parsed.searchParams.delete("_routes");
  const path = parsed.pathname === "/_root.data" ? "/" : parsed.pathname.replace(/\.data$/, "");
  return localPath(`${path}${parsed.search}`);
}

/** The page a form was posted from (the Referer, when it is this shop's), else home. */
function sameOriginReferrer(referer: string | undefined, host: string | undefined) {
  try {
    const from = new URL(referer ?? "");
    return host && from.host === host ? localPath(`${from.pathname}${from.search}`) : "/";
  } catch {
    return "/";
  }
}

/**
 * A path of this shop to send the browser to, else home: `//host/…` or `/\host/…` (which a dot segment such as
 * `/.//host` becomes once parsed) would lead to another site.
 */
function localPath(path: string) {
  return /^\/(?![/\\])/.test(path) ? path : "/";
}

/** Pages that may be kept by the visitor's browser and revalidated (docs/decisions/0006-http-caching.md). */
const CACHEABLE = "private, no-cache";
/** Anything personal, answers to forms and error pages: never stored anywhere. */
const PERSONAL = "private, no-store";
/** The same page for another language or visitor is a different representation. */
const VARY = "Cookie, Accept-Language, Accept-Encoding";

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  let locale = "en";
  let guest = false;
  let currency: DisplayCurrency = DEFAULT_CURRENCY;
  let generation: number | null = null;
  try {
    const context = await shopContext(request);
    locale = context.locale;
    guest = context.user === null;
    currency = context.currency;
    generation = settingsGeneration(context.settings);
  } catch {
    // The error page still renders, in the fallback language, and is not cached.
  }
  const translations = translationsFor(locale);
  const translate = translateWith(translations);
  const { loaderData } = remixContext.staticHandlerContext;
  const shopper = shopperOnPage(loadContext.shopper ?? GUEST, (routeId) => loaderData[routeId]);
  const page = (nonce: string, personal: Personal, markup: SharedMarkup | null = null) => (
    <NonceProvider value={nonce}>
      <TranslationsProvider translations={translations}>
        <ServerPersonalProvider value={personal}>
          <ServerShellProvider value={loadContext.shell ?? null}>
            <SharedMarkupProvider value={markup}>
              <RemixServer context={remixContext} url={request.url} abortDelay={streamTimeout} nonce={nonce} />
            </SharedMarkupProvider>
          </ServerShellProvider>
        </ServerPersonalProvider>
      </TranslationsProvider>
    </NonceProvider>
  );
  // A page rendered into memory draws the parts it shares with other pages once (ADR 0030); not when pages are not
  // kept either (PAGE_CACHE_SECONDS=0), which tests use to compare what the shortcut gives with a full render.
  // Parts drawn with the shopper's texts as markers and parts drawn with a guest's texts are kept apart.
  const drawsSharedParts = pageCacheEnabled() && generation !== null;
  const sharedMarkup = (renderNonce: string) =>
    drawsSharedParts
      ? sharedMarkupRender([guest ? "guest" : "signed in", renderNonce === NONCE_MARKER ? "markers" : "texts", generation, locale, currency.name, requestUrl(request).origin].join("\n"), renderNonce)
      : null;
  /** The page drawn into memory with these personal parts, taking the shared parts drawn for other pages. */
  const drawnInMemory = (renderNonce: string, personal: Personal) =>
    renderDocument(() => {
      const markup = sharedMarkup(renderNonce);
      return { page: page(renderNonce, personal, markup), markup };
    }, remixContext, renderNonce, responseStatusCode);
  const nonce = loadContext.nonce ?? "";
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  // A loader's `Cache-Control: no-store` (in its data() headers) reaches the document only through a route's
  // `headers` export: the page is as personal as its most personal loader, and is never kept (a reset's page shows
  // the login typed).
  if (Object.values(remixContext.staticHandlerContext.loaderHeaders).some(isNoStore)) responseHeaders.set("Cache-Control", PERSONAL);

  if (loadContext.shopper && keptForShoppers(request, responseStatusCode, responseHeaders, remixContext, loadContext)) {
    // Rendered once with markers for the shopper's own texts: kept for the next signed-in shoppers (ADR 0029).
    const template = templatePersonal(shopper, translate);
    const { pieces, status } = await drawnInMemory(NONCE_MARKER, template.personal);
    responseHeaders.set("Cache-Control", PERSONAL);
    await storePage(loadContext, { html: pieces, status, headers: responseHeaders }, { dependencies: template.dependencies, shopper });
    return pageResponse(fillPersonal(pieces, shopper, translate, currency, nonce), status, responseHeaders, loadContext);
  }
  const personal = personalOf(shopper, translate, currency);

  const guestPage = isGuestPage(request, responseStatusCode, responseHeaders, guest);
  const shareable = guest && responseStatusCode === 200 && Boolean(loadContext.page) && !isNoStore(responseHeaders);
  if (!guestPage && !shareable) {
    responseHeaders.set("Cache-Control", PERSONAL);
    if (!drawsSharedParts) {
      const waitForAll = isbot(request.headers.get("user-agent") ?? "") || remixContext.isSpaMode;
      return streamDocument(page(nonce, personal), nonce, waitForAll, responseStatusCode, responseHeaders);
    }
    // Drawn into memory, to take the parts drawn for other pages: the shopper's texts as markers, put in after.
    const { personal: withMarkers } = templatePersonal(shopper, translate, { keptForOthers: false });
    const { pieces, status } = await drawnInMemory(NONCE_MARKER, withMarkers);
    return pageResponse(fillPersonal(pieces, shopper, translate, currency, nonce), status, responseHeaders, loadContext);
  }

  const drawn = await drawnInMemory(nonce, personal);
  const { status } = drawn;
  // A guest's page is hashed for its ETag and kept as one string.
  const html = wholePage(drawn.pieces);
  if (status !== 200) {
    responseHeaders.set("Cache-Control", PERSONAL);
    return pageResponse(utf8Bytes([html]), status, responseHeaders, loadContext);
  }
  responseHeaders.set("Cache-Control", CACHEABLE);
  responseHeaders.append("Vary", VARY);
  if (shareable) await storePage(loadContext, { html, status, headers: responseHeaders });
  if (!guestPage) {
    // It sets a cookie (a first visit's language, a remembered product): the browser must not keep it.
    responseHeaders.set("Cache-Control", PERSONAL);
    return pageResponse(utf8Bytes([html]), status, responseHeaders, loadContext);
  }
  const etag = pageEtag(html, nonce);
  responseHeaders.set("ETag", etag);
  // Without a way to drop the new response's CSP header, the browser would apply a fresh nonce to its cached
  // page and block that page's scripts: such a server always gets the full page.
  const canReuse = nonce === "" || loadContext.omitContentSecurityPolicy !== undefined;
  if (canReuse && etagMatches(request.headers.get("If-None-Match"), etag)) {
    loadContext.omitContentSecurityPolicy?.();
    responseHeaders.delete("Content-Type");
    return new Response(null, { status: 304, headers: responseHeaders });
  }
  return pageResponse(utf8Bytes([html]), status, responseHeaders, loadContext);
}

/**
 * A signed-in shopper's page that other signed-in shoppers may get too, their own texts put in: a GET answered 200,
 * of a page whose route says its loader reads nothing of the shopper's (`handle.keptForShoppers`), without a toast.
 */
function keptForShoppers(request: Request, status: number, headers: Headers, remixContext: EntryContext, loadContext: AppLoadContext) {
  const { matches, loaderData } = remixContext.staticHandlerContext;
  const leaf = matches.at(-1)?.route.id;
  const handle = leaf ? (remixContext.routeModules[leaf]?.handle as { keptForShoppers?: boolean } | undefined) : undefined;
  const toasts = (loaderData.root as { toasts?: unknown[] } | undefined)?.toasts;
  return (
    request.method === "GET" &&
    status === 200 &&
    Boolean(loadContext.page) &&
    handle?.keptForShoppers === true &&
    toasts?.length === 0 &&
    !isNoStore(headers)
  );
}

/**
 * A page that is the same for every guest with the same cookies: a GET by a visitor without a signed-in
 * user, answered 200 without setting a cookie (a toast, a first language choice, a remembered product).
 */
function isGuestPage(request: Request, status: number, headers: Headers, guest: boolean): boolean {
  return (
    (request.method === "GET" || request.method === "HEAD") &&
    status === 200 &&
    guest &&
    !headers.has("Set-Cookie") &&
    !isNoStore(headers)
  );
}

/**
 * A page's answer from its bytes, compressed by server.js when the browser accepts it (ADR 0033). Bytes rather than
 * the string: for a string body undici's Response first makes a well-formed copy, then encodes it; utf8Bytes
 * encodes at once, a lone surrogate becoming U+FFFD the same way.
 */
function pageResponse(body: Uint8Array<ArrayBuffer>, status: number, headers: Headers, loadContext: AppLoadContext) {
  const compressed = loadContext.compressWhole?.(body);
  if (compressed) headers.set("Content-Encoding", compressed.encoding);
  const bytes = compressed?.body ?? body;
  // A Response made with bytes makes a stream of them (30-45 µs), which server.js would then read back (~0.1 ms).
  const response = new Response(loadContext.writesWholeBodies ? null : bytes, { status, headers });
  wholeBodies.set(response, bytes);
  return response;
}

/** The bytes of each page made whole in memory, by its Response. */
const wholeBodies = new WeakMap<Response, Uint8Array>();

/** For server.js, which writes a page made whole in memory in one call (AppLoadContext.writesWholeBodies). */
export const wholeBodyOf = (response: Response) => wholeBodies.get(response);

const isNoStore = (headers: Headers) => /no-store/i.test(headers.get("Cache-Control") ?? "");

/** Streams the page as it renders (personal pages and answers to forms). */
function streamDocument(page: ReactNode, nonce: string, waitForAll: boolean, status: number, headers: Headers) {
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(page, {
      nonce,
      [waitForAll ? "onAllReady" : "onShellReady"]() {
        shellRendered = true;
        const body = validDocumentStream();
        resolve(new Response(createReadableStreamFromReadable(body), { headers, status }));
        pipe(body);
      },
      onShellError(error: unknown) {
        reject(error);
      },
      onError(error: unknown) {
        status = 500;
        if (shellRendered) console.error(error);
      },
    });
    setTimeout(abort, streamTimeout + 1000);
  });
}

type SharedMarkup = ReturnType<typeof sharedMarkupRender>;

interface Drawing {
  page: ReactNode;
  markup: SharedMarkup | null;
}

/** What React's string renderer leaves out and its streaming renderer writes first. */
const DOCTYPE = "<!DOCTYPE html>";
/**
 * React's string renderer, told of each error or wait inside a Suspense boundary, which it then leaves to the browser
 * (patches/react-dom: React 18 takes no onError here). Looking for the boundary's marker in the page instead cost
 * ~0.07 ms of a product page, a search through 200 kB of two-byte characters.
 */
const renderToStringReporting = renderToString as (element: ReactNode, options: { onError: () => void }) => string;
/**
 * Renders the whole page into memory, so it can be hashed before anything is sent; its shared parts put in.
 * A page waits for nothing but the data Remix hands to the browser (no loader of the shop defers data): read first,
 * nothing suspends, and React draws the page as one string. Its streaming renderer would encode every piece into
 * 2 kB buffers of UTF-8, decoded again here (about a tenth of a product page's CPU). renderToString draws the fallback
 * of a Suspense boundary with an error inside: such a page is drawn again by the streaming renderer, which reports the
 * error and answers 500, as before.
 */
async function renderDocument(draw: () => Drawing, remixContext: EntryContext, nonce: string, initialStatus: number) {
  await readHandoffData(remixContext);
  const { page, markup } = draw();
  let leftToTheBrowser = false;
  const html = renderToStringReporting(page, {
    onError: () => {
      leftToTheBrowser = true;
    },
  });
  if (leftToTheBrowser) return streamIntoMemory(draw(), nonce, initialStatus);
  // The doctype as a piece of its own: prefixed to the page, it would make V8 copy the whole page once more.
  // A render with an error keeps none of its parts: one of them may show a fallback.
  return { pieces: [DOCTYPE, ...validDocumentPieces(markup ? markup.finish(html, initialStatus !== 500) : [html])], status: initialStatus };
}

type HandoffChunk = Promise<void> & { result?: { done: boolean; value: string }; error?: unknown };

/**
 * Reads the data Remix hands to the browser (its loaders' answers, turbo-stream) into the cache from which its
 * StreamTransfer draws them, which would otherwise wait for each chunk of the stream inside a Suspense boundary.
 * Each chunk as StreamTransfer reads it: decoded the same way, an error kept for the render to throw.
 */
async function readHandoffData(remixContext: EntryContext) {
  const stream = remixContext.serverHandoffStream as (ReadableStream<Uint8Array> & { wholeText?: string }) | undefined;
  if (!stream || remixContext.renderMeta?.streamCache) return;
  if (typeof stream.wholeText === "string") {
    // Encoded at once, as nothing in it waits (patches/@remix-run+server-runtime): its one chunk, then the end.
    const whole: HandoffChunk = Promise.resolve();
    whole.result = { done: false, value: stream.wholeText };
    const end: HandoffChunk = Promise.resolve();
    end.result = { done: true, value: "" };
    remixContext.renderMeta = { ...remixContext.renderMeta, streamCache: { 0: whole, 1: end } };
    return;
  }
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  const streamCache: Record<number, HandoffChunk> = {};
  for (let identifier = 0; ; identifier++) {
    const chunk: HandoffChunk = Promise.resolve();
    streamCache[identifier] = chunk;
    try {
      const { done, value } = await reader.read();
      chunk.result = { done, value: decoder.decode(value, { stream: true }) };
      if (done) break;
    } catch (error) {
      chunk.error = error;
      break;
    }
  }
  reader.releaseLock();
  remixContext.renderMeta = { ...remixContext.renderMeta, streamCache };
}

/** The streaming renderer into memory: for a page whose string render left a boundary to the browser. */
function streamIntoMemory({ page, markup }: Drawing, nonce: string, initialStatus: number) {
  return new Promise<{ pieces: PagePieces; status: number }>((resolve, reject) => {
    let status = initialStatus;
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        done();
      },
      final(done) {
        clearTimeout(timer);
        const html = validDocument(streamedText(chunks));
        // A render with an error keeps none of its parts: one of them may show a fallback.
        resolve({ pieces: markup ? markup.finish(html, status !== 500) : [html], status });
        done();
      },
    });
    const { pipe, abort } = renderToPipeableStream(page, {
      nonce,
      onAllReady() {
        pipe(sink);
      },
      onShellError(error: unknown) {
        clearTimeout(timer);
        reject(error);
      },
      onError(error: unknown) {
        status = 500;
        console.error(error);
      },
    });
    const timer = setTimeout(abort, streamTimeout + 1000);
  });
}
