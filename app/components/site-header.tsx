import { useLocation } from "@remix-run/react";
import { Link } from "~/components/link";
import type { ReactNode } from "react";
import { useTranslation } from "~/lib/translation";
import { useHydrated } from "~/lib/use-hydrated";
import type { Shell } from "~/lib/shell";
import type { RootData } from "~/root";
import { CartLink } from "./cart/cart-link";
import { DialogLink } from "./dialogs";
import { Dropdown } from "./dropdown";
import { BagIcon, ChevronDownIcon, HeartIcon, MenuIcon, SearchIcon, UserIcon } from "./icons";
import { SearchForm } from "./search-form";
import { usePersonal } from "~/lib/personal";
import { useReturnTo } from "~/lib/shared-markup";
import { PersonalCount, TextSeparator } from "./text-only";

/** Which of the header's parts is open on a small screen with JavaScript (the search row or the menu). */
export type MobilePanel = "search" | "menu" | null;

const badge = "absolute -end-2 -top-2 min-w-[1.25rem] rounded-full bg-primary px-1 text-center text-xs font-bold leading-5 text-white";

const userLinks = [
  { to: "/dashboard", key: "userMenu.dashboard" },
  { to: "/order-history", key: "userMenu.orders" },
  { to: "/massages", key: "account.menu.messages", badge: "unread" },
  { to: "/profile", key: "userMenu.profile" },
  { to: "/change-password", key: "userMenu.changePassword" },
] as const;

/**
 * The header, one copy for every screen (ADR 0018: text browsers read each menu once): logo, the search form,
 * wishlist, cart and the account menu or Login. On a small screen with JavaScript the search row and the main
 * navigation (CategoryNavbar) fold away behind two buttons; without JavaScript they stay in view.
 */
export function SiteHeader({ root, shell, panel, onPanel }: { root: RootData; shell: Shell; panel: MobilePanel; onPanel: (panel: MobilePanel) => void }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const personal = usePersonal();
  const location = useLocation();
  // After logging in the shopper comes back here (the login page itself is no place to return to).
  const hereParameter = useReturnTo("parameter");
  const loginHref = location.pathname === "/login" ? `/login${location.search}` : `/login?redirectTo=${hereParameter}`;
  const toggle = (which: Exclude<MobilePanel, null>) => onPanel(panel === which ? null : which);
  const mobileButton = "flex rounded p-1 md:hidden";
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="container-shop flex flex-wrap items-center gap-x-4 gap-y-2 py-3 md:h-16 md:flex-nowrap md:py-0">
        <Link to="/" className="shrink-0">
          <img src={shell.logo} alt={t("header.home", { appName: root.appName })} width={140} height={36} className="h-7 w-auto sm:h-9" />
        </Link>

        <div id="site-search" data-open={panel === "search" ? "" : undefined} className="js-mobile-collapsed order-last w-full md:order-none md:mx-auto md:w-auto md:flex-1">
          <SearchForm className="mx-auto" />
        </div>

        <div className="ms-auto flex items-center gap-3 sm:gap-5 md:ms-0">
          {hydrated ? (
            <button type="button" className={mobileButton} aria-expanded={panel === "search"} aria-controls="site-search" onClick={() => toggle("search")}>
              <SearchIcon />
              <span className="sr-only">{t("header.openSearch")}</span>
            </button>
          ) : null}

          <WishlistLink signedIn={personal.signedIn} className="relative flex p-1">
            <HeartIcon className="h-6 w-6" />
            <PersonalCount name="wishlist" className={badge} />
          </WishlistLink>
          <TextSeparator />
          <CartLink signedIn={personal.signedIn} className="relative flex p-1">
            <BagIcon className="h-6 w-6" />
            <PersonalCount name="cart" className={badge} />
          </CartLink>
          <TextSeparator />

          {personal.signedIn ? (
            <Dropdown
              summaryClassName="flex items-center gap-2 rounded-md px-1 py-1 hover:bg-slate-100 md:px-2"
              summary={
                <>
                  {/* The name beside it says whose photo it is. */}
                  {personal.flag("user.photo") ? <img src={personal.text("user.photo")} alt="" width={28} height={28} className="h-7 w-7 rounded-full object-cover" /> : <UserIcon />}
                  <span className="sr-only max-w-[10rem] truncate text-sm font-medium md:not-sr-only">{personal.text("user.name")}</span>
                  <ChevronDownIcon className="hidden h-4 w-4 md:block" />
                </>
              }
            >
              <ul className="dropdown-panel end-0" aria-label={t("header.account")}>
                {userLinks.map((link) => (
                  <li key={link.to}>
                    <Link to={link.to} className="dropdown-item">
                      {t(link.key)}
                      {"badge" in link && personal.flag("unread") ? (
                        <span className="ms-2 rounded-full bg-green-700 px-2 text-xs font-bold text-white">
                          <PersonalCount name="unread" />
                        </span>
                      ) : null}
                    </Link>
                  </li>
                ))}
                <li>
                  <DialogLink dialog="logout" to="/logout" className="dropdown-item text-red-700">{t("userMenu.logout")}</DialogLink>
                </li>
              </ul>
            </Dropdown>
          ) : (
            <DialogLink dialog="login" to={loginHref} className="btn-primary whitespace-nowrap max-sm:px-2">
              <UserIcon className="h-5 w-5 sm:hidden" />
              <span className="max-sm:sr-only">{t("header.login")}</span>
            </DialogLink>
          )}

          {hydrated ? (
            <button type="button" className={mobileButton} aria-expanded={panel === "menu"} aria-controls="site-navigation" onClick={() => toggle("menu")}>
              <MenuIcon className="h-6 w-6" />
              <span className="sr-only">{t("header.openMenu")}</span>
            </button>
          ) : null}
        </div>
      </div>
    </header>
  );
}

/** The header's heart: the wishlist, or for a guest the login (the dialog with JS), back to the wishlist after (spec §2). */
function WishlistLink({ signedIn, className, children }: { signedIn: boolean; className: string; children: ReactNode }) {
  return signedIn ? (
    <Link to="/wishlist" className={className}>{children}</Link>
  ) : (
    <DialogLink dialog="login" to={`/login?redirectTo=${encodeURIComponent("/wishlist")}`} className={className}>{children}</DialogLink>
  );
}
