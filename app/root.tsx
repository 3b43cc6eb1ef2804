import {
  data,
  type HeadersFunction,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
  useRouteError,
  useRouteLoaderData,
  type ShouldRevalidateFunction,
} from "@remix-run/react";
import { useEffect, useMemo } from "react";
import { useNonce } from "./components/nonce";
import { DialogHost } from "./components/dialogs";
import { FloatingCartTab } from "./components/cart/floating-cart-tab";
import { LiveUpdates } from "./components/live-updates";
import { ErrorPage } from "./components/error-page";
import { IconSymbols } from "./components/icons";
import { placesOwnToasts, shellFor, SiteShell } from "./components/site-shell";
import { ThemeStyle } from "./components/theme-style";
import { ToastRegion } from "./components/toast-region";
import { requestUrl, shopContext } from "./lib/context.server";
import { localeCookieHeader } from "./lib/i18n.server";
import { pusherSettings } from "./lib/live.server";
import { ShopperData, usePersonal } from "./lib/personal";
import { SharedMarkup } from "./lib/shared-markup";
import { ShellData, useShell } from "./lib/shell";
import { shellBlock } from "./lib/shell.server";
import { readShopper } from "./lib/personal.server";
import { errorTitle } from "./lib/seo";
import { useLanguage, useTranslation } from "./lib/translation";
import { commitSession } from "./lib/session.server";
import type { ShownToast } from "./lib/toast";
import { takeOrderNews } from "./modules/orders/order-lifecycle.server";
import { tabOfStatus } from "./modules/orders/order-status";
import stylesheet from "./tailwind.css";

// The cart's texts are on every page: the floating cart tab, the cart panel and the cart toasts.
export const handle = { i18n: ["common", "cart"] };

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export async function loader({ request, context: loadContext }: LoaderFunctionArgs) {
  const { db, settings, session, locale, dir, t, user, currency } = await shopContext(request);
  const headers = new Headers();

  const languageCookie = await localeCookieHeader(request, locale);
  if (languageCookie) headers.append("Set-Cookie", languageCookie);

  const toasts = session.get("toasts") ?? [];
  const staleCurrency = session.has("currency") && session.get("currency") !== currency.name;
  if (staleCurrency) session.unset("currency");
  if (toasts.length || staleCurrency) headers.append("Set-Cookie", await commitSession(session));

  const [shopper, orderNews] = await Promise.all([
    readShopper(db, user),
    // What the shop did to the shopper's orders since their last page, told once.
    user ? takeOrderNews(db, user.id) : [],
  ]);
  const pusher = pusherSettings();
  const frame = shellBlock(settings);
  if (loadContext.document) loadContext.shell = frame;
  // A page carries the signed-in shopper beside its loader data, so that it can be kept for other shoppers too.
  if (user && loadContext.document) loadContext.shopper = shopper;

  return data(
    {
      locale,
      dir,
      appName: settings.appName,
      /** Absolute base for canonical and sharing links: BASE_URL when set, else this request's origin. */
      origin: settings.baseUrl || requestUrl(request).origin,
      errorTitles: errorTitlesIn(locale, t),
      /** The page's frame: a document carries it as a data block (lib/shell.tsx). */
      shell: loadContext.document ? ("inline" as const) : frame.shell,
      currency,
      /** The shopper's own parts of the page (lib/personal.tsx); a signed-in page's are in its data block instead. */
      shopper: user && loadContext.document ? ("inline" as const) : shopper,
      /** How a signed-in browser hears live updates: Pusher's public key and cluster, or null for /live (SSE). */
      livePusher: pusher && { key: pusher.key, cluster: pusher.cluster },
      toasts: toasts.map((toast): ShownToast => ({
        id: toast.id,
        kind: toast.kind,
        title: t(toast.title ?? `toast.${toast.kind}`),
        message: t(toast.message, toast.values),
        duration: toast.duration,
        action: toast.action && { ...toast.action, label: t(toast.action.label) },
      })).concat(
        orderNews.map((news): ShownToast => ({
          id: `order-${news.order_id}-${news.status}`,
          kind: "info",
          title: t("toast.info"),
          message:
            news.status === "Cancelled"
              ? t("orders:news.cancelled", { id: news.order_id })
              : t("orders:news.moved", { id: news.order_id, status: t(`orders:status.${tabOfStatus(news.status)}`) }),
          duration: 5000,
          action: { label: t("orders:news.view"), href: `/order-history/${news.order_id}` },
        })),
      ),
    },
    { headers },
  );
}

/** The titles an error page shows, per language: a language's texts do not change while the server runs. */
const errorTitles = new Map<string, Record<403 | 404 | 429 | 500, string>>();

function errorTitlesIn(locale: string, t: (key: string) => string) {
  let titles = errorTitles.get(locale);
  if (!titles) {
    titles = { 403: t("refused.title"), 404: t("meta.notFound"), 429: t("tooMany.title"), 500: t("meta.error") };
    errorTitles.set(locale, titles);
  }
  return titles;
}

export type RootData = Awaited<ReturnType<typeof loader>>["data"];

/** The root loader's data, for any component under the root. */
export function useRootData() {
  return useRouteLoaderData<typeof loader>("root") as RootData | undefined;
}

/** An error page keeps the headers of what it reports (a 429's Retry-After); other pages set their own. */
export const headers: HeadersFunction = ({ errorHeaders }) => errorHeaders ?? new Headers();

export const meta: MetaFunction<typeof loader> = ({ matches, error }) =>
  error ? errorTitle(matches, isRouteErrorResponse(error) ? error.status : 500) : [];

export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRootData();
  const themeColors = useShell()?.themeColors;
  const nonce = useNonce();
  const locale = root?.locale ?? "en";
  const matches = useMatches();
  const error = useRouteError();
  const leaf = matches.at(-1)?.id ?? "";
  const ownToasts = !error && placesOwnToasts(leaf);
  const namespaces = useMemo(
    () => [...new Set(matches.flatMap((match) => (match.handle as { i18n?: string[] } | undefined)?.i18n ?? []))],
    [matches],
  );
  useLanguage(locale, namespaces);
  // Marks the page as interactive (also on error pages), so browser tests can wait for the enhancement.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return (
    <html lang={locale} dir={root?.dir ?? "ltr"}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* Before the first paint: parts that JavaScript folds away on small screens start folded (tailwind.css). */}
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: 'document.documentElement.classList.add("js")' }} />
        <Meta />
        <Links />
        {themeColors ? <ThemeStyle colors={themeColors} nonce={nonce} /> : null}
      </head>
      <body className="min-h-screen bg-white text-slate-900 antialiased">
        <SharedMarkup id="icons"><IconSymbols /></SharedMarkup>
        {/* Around the toasts too: a toast's action can open a dialog ('View In Cart'). */}
        <DialogHost>
          {children}
          {/* Framed pages have it at the top of their <main>; error pages and pages without the frame here. */}
          {ownToasts ? null : <ToastRegion />}
        </DialogHost>
        <ScrollRestoration nonce={nonce} />
        <ShopperData />
        <ShellData />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

// Whether the page shows a signed-in shopper: shouldRevalidate gets no loader data, and only they have news to hear.
let showsSignedInShopper = false;

/**
 * Remix re-runs the root loader after a form post; for a signed-in shopper also on every move to another page, so
 * what the shop did to their orders (and their cart count from another tab) shows on their next page, as without JS.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ defaultShouldRevalidate, formMethod, currentUrl, nextUrl }) =>
  defaultShouldRevalidate || (showsSignedInShopper && !formMethod && currentUrl.pathname !== nextUrl.pathname);

export default function App() {
  const root = useRootData();
  const { signedIn } = usePersonal();
  showsSignedInShopper = signedIn;
  const frame = useShell();
  const page = useMatches().at(-1);
  const shell = page && shellFor(page.id);
  return (
    <>
      {root && frame && shell ? (
        <SiteShell kind={shell} root={root} shell={frame}>
          <Outlet />
        </SiteShell>
      ) : (
        <Outlet />
      )}
      {shell ? <FloatingCartTab /> : null}
      {root && signedIn ? <LiveUpdates pusher={root.livePusher} /> : null}
    </>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  const home = t("notFound.home");
  if (isRouteErrorResponse(error)) {
    switch (error.status) {
      case 400:
        return <ErrorPage status={400} title={t("badForm.title")} text={t("badForm.text")} action={home} />;
      case 404:
        return <ErrorPage status={404} title={t("notFound.title")} text={t("notFound.text")} action={home} />;
      case 403:
        return <ErrorPage status={403} title={t("refused.title")} text={t("refused.text")} action={home} />;
      case 429: {
        const retryAfter = Number((error.data as { retryAfter?: unknown } | null)?.retryAfter) || 60;
        return <ErrorPage status={429} title={t("tooMany.title")} text={t("tooMany.text", { count: retryAfter })} action={home} />;
      }
    }
  }
  console.error(error);
  return <ErrorPage status={500} title={t("error.title")} text={t("error.text")} action={home} />;
}
