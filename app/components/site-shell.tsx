import { useLocation } from "@remix-run/react";
import { SharedMarkup } from "~/lib/shared-markup";
import { Link } from "~/components/link";
import { useEffect, useState, type ReactNode } from "react";
import { useTranslation } from "~/lib/translation";
import type { Shell } from "~/lib/shell";
import type { RootData } from "~/root";
import { CategoryNavbar } from "./category-navbar";
import { hydrateWhenVisible } from "./lazy-component";
import { CurrencyPicker, LanguagePicker } from "./preference-pickers";
import { SiteHeader, type MobilePanel } from "./site-header";
import { ToastRegion } from "./toast-region";
import { TopBar } from "./top-bar";

/** The footer is below the fold on every page: its code loads when the shopper scrolls to it. */
const SiteFooter = hydrateWhenVisible(() => import("./site-footer").then((module) => ({ default: module.SiteFooter })));

type ShellKind = "public" | "account" | "blog";

/**
 * The frame follows the route's file: routes/_public.* and routes/_blog.* are framed here around their
 * `<main>`; routes/_account.* by their layout route, which adds the account menu beside its own `<main>`.
 */
export function shellFor(routeId: string): ShellKind | undefined {
  return /^routes\/_(public|blog|account)[.]/.exec(routeId)?.[1] as ShellKind | undefined;
}

/** Pages that show the toasts at the top of their own `<main>`: the framed ones and the shop console. */
export function placesOwnToasts(routeId: string): boolean {
  return shellFor(routeId) !== undefined || routeId.startsWith("routes/shop-console");
}

/**
 * The frame around every page: the shop's header and footer, or the blog's slim header. Drawn by the root,
 * so the whole frame is one piece of code loaded once with the root.
 */
export function SiteShell({ kind, root, shell, children }: { kind: ShellKind; root: RootData; shell: Shell; children: ReactNode }) {
  const { t } = useTranslation();
  // The small screen's search row or menu panel, open until the next page.
  const [panel, setPanel] = useState<MobilePanel>(null);
  const { key, pathname, search } = useLocation();
  useEffect(() => setPanel(null), [key]);
  // What the header shows of the address besides useReturnTo: the search asked for, the login page's own query.
  const headerId = `header ${new URLSearchParams(search).get("search") ?? ""} ${pathname === "/login" ? search : ""}`;
  return (
    <>
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:start-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2">
        {t("a11y.skipToContent")}
      </a>
      {kind === "blog" ? (
        <BlogHeader root={root} shell={shell} />
      ) : (
        <>
          {/* Drawn once on the server for many pages (ADR 0030): they show only the address, the settings and the shopper's parts. */}
          <SharedMarkup id="top bar"><TopBar root={root} shell={shell} /></SharedMarkup>
          <SharedMarkup id={headerId}><SiteHeader root={root} shell={shell} panel={panel} onPanel={setPanel} /></SharedMarkup>
          <SharedMarkup id="category navigation"><CategoryNavbar root={root} shell={shell} open={panel === "menu"} /></SharedMarkup>
        </>
      )}
      {kind === "account" ? (
        children
      ) : (
        <main id="main" className="min-h-[50vh]">
          <ToastRegion />
          {children}
        </main>
      )}
      {kind === "account" ? <AccountFooter root={root} shell={shell} /> : <SiteFooter root={root} shell={shell} />}
    </>
  );
}

/** A slim header that stays on top while reading. */
function BlogHeader({ root, shell }: { root: RootData; shell: Shell }) {
  const { t } = useTranslation();
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="container-shop flex h-14 items-center gap-6">
        <Link to="/" className="shrink-0">
          <img src={shell.logo} alt={t("header.home", { appName: root.appName })} width={120} height={32} className="h-8 w-auto" />
        </Link>
        <nav aria-label={t("a11y.mainNavigation")} className="flex items-center gap-4 text-sm font-medium">
          <Link to="/blogs" className="hover:text-primary">{t("blog.title")}</Link>
          <Link to="/" className="hover:text-primary">{t("blog.backToShop")}</Link>
        </nav>
        <div className="ms-auto flex items-center gap-1 text-sm">
          <CurrencyPicker currencies={shell.currencies} selected={root.currency.name} />
          <LanguagePicker languages={shell.languages} selected={root.locale} />
        </div>
      </div>
    </header>
  );
}

function AccountFooter({ root, shell }: { root: RootData; shell: Shell }) {
  const { t } = useTranslation();
  return (
    <footer className="border-t border-slate-200">
      <p className="container-shop py-4 text-center text-sm text-slate-600">
        © {new Date().getFullYear()} {shell.footerText || t("account.copyright")}
      </p>
    </footer>
  );
}
