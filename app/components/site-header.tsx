import { Link, useLocation } from "@remix-run/react";
import { useTranslation } from "~/lib/translation";
import type { RootData } from "~/root";
import { CartLink } from "./cart/cart-link";
import { DialogLink } from "./dialogs";
import { Dropdown } from "./dropdown";
import { BagIcon, ChevronDownIcon, HeartIcon, MenuIcon, SearchIcon, UserIcon } from "./icons";
import { MenuLink } from "./nav-link";
import { SearchForm } from "./search-form";

function CountBadge({ count }: { count: number }) {
  return (
    <span aria-hidden="true" className="absolute -end-2 -top-2 min-w-[1.25rem] rounded-full bg-primary px-1 text-center text-xs font-bold leading-5 text-white">
      {count}
    </span>
  );
}

const userLinks = [
  { to: "/dashboard", key: "userMenu.dashboard" },
  { to: "/order-history", key: "userMenu.orders" },
  { to: "/profile", key: "userMenu.profile" },
  { to: "/change-password", key: "userMenu.changePassword" },
] as const;

export function SiteHeader({ root }: { root: RootData }) {
  const { t } = useTranslation();
  const { shell, user, counts } = root;
  const location = useLocation();
  // After logging in the shopper comes back here (the login page itself is no place to return to).
  const here = `${location.pathname}${location.search}`;
  const loginHref = location.pathname === "/login" ? `/login${location.search}` : `/login?redirectTo=${encodeURIComponent(here)}`;
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="container-shop flex h-16 items-center gap-4">
        <Link to="/" className="shrink-0">
          <img src={shell.logo} alt={t("header.home", { appName: root.appName })} width={140} height={36} className="h-9 w-auto" />
        </Link>

        <SearchForm className="mx-auto hidden md:flex" />

        <div className="ms-auto flex items-center gap-5 md:ms-0">
          <Dropdown
            className="md:hidden"
            summaryClassName="flex rounded p-1"
            summary={
              <>
                <SearchIcon />
                <span className="sr-only">{t("header.openSearch")}</span>
              </>
            }
          >
            <div className="fixed inset-x-0 top-16 z-40 border-b border-slate-200 bg-white p-4 shadow-lg">
              <SearchForm />
            </div>
          </Dropdown>

          <Link to="/wishlist" className="relative hidden p-1 sm:flex">
            <HeartIcon className="h-6 w-6" />
            <span className="sr-only">{t("header.wishlistCount", { count: counts.wishlist })}</span>
            <CountBadge count={counts.wishlist} />
          </Link>
          <CartLink signedIn={user !== null} className="relative hidden p-1 sm:flex">
            <BagIcon className="h-6 w-6" />
            <span className="sr-only">{t("header.cartCount", { count: counts.cart })}</span>
            <CountBadge count={counts.cart} />
          </CartLink>

          {user ? (
            <Dropdown
              className="hidden md:block"
              summaryClassName="flex items-center gap-2 rounded-md px-2 py-1 hover:bg-slate-100"
              summary={
                <>
                  {/* The name beside it says whose photo it is. */}
                  {user.profile_photo ? <img src={user.profile_photo} alt="" width={28} height={28} className="h-7 w-7 rounded-full object-cover" /> : <UserIcon />}
                  <span className="max-w-[10rem] truncate text-sm font-medium">{user.name}</span>
                  <ChevronDownIcon className="h-4 w-4" />
                </>
              }
            >
              <ul className="dropdown-panel end-0" aria-label={t("header.account")}>
                {userLinks.map((link) => (
                  <li key={link.to}>
                    <Link to={link.to} className="dropdown-item">{t(link.key)}</Link>
                  </li>
                ))}
                <li>
                  <DialogLink dialog="logout" to="/logout" className="dropdown-item text-red-700">{t("userMenu.logout")}</DialogLink>
                </li>
              </ul>
            </Dropdown>
          ) : (
            <DialogLink dialog="login" to={loginHref} className="btn-primary hidden whitespace-nowrap md:inline-flex">{t("header.login")}</DialogLink>
          )}

          <Dropdown
            className="md:hidden"
            summaryClassName="flex rounded p-1"
            summary={
              <>
                <MenuIcon className="h-6 w-6" />
                <span className="sr-only">{t("header.openMenu")}</span>
              </>
            }
          >
            <nav
              aria-label={t("header.menu")}
              className="slide-in-end fixed bottom-0 end-0 top-16 z-50 w-72 max-w-[85vw] overflow-y-auto bg-white p-4 shadow-2xl"
            >
              <ul className="space-y-1">
                {user ? (
                  <>
                    <li className="px-2 py-2 font-semibold">{user.name}</li>
                    {userLinks.map((link) => (
                      <li key={link.to}><Link to={link.to} className="block rounded px-2 py-2 hover:bg-slate-100">{t(link.key)}</Link></li>
                    ))}
                    <li><DialogLink dialog="logout" to="/logout" className="block rounded px-2 py-2 text-red-700 hover:bg-slate-100">{t("userMenu.logout")}</DialogLink></li>
                  </>
                ) : (
                  <li><DialogLink dialog="login" to={loginHref} className="btn-primary w-full">{t("header.login")}</DialogLink></li>
                )}
                <li>
                  <Link to="/wishlist" className="flex justify-between rounded px-2 py-2 hover:bg-slate-100">
                    <span>{t("header.wishlist")}</span>
                    <span>{counts.wishlist}</span>
                  </Link>
                </li>
                <li>
                  <CartLink signedIn={user !== null} className="flex justify-between rounded px-2 py-2 hover:bg-slate-100">
                    <span>{t("header.cart")}</span>
                    <span>{counts.cart}</span>
                  </CartLink>
                </li>
                <li><hr className="my-2 border-slate-200" /></li>
                <li><Link to="/categories" className="block rounded px-2 py-2 hover:bg-slate-100">{t("navbar.categories")}</Link></li>
                {shell.menus.map((menu) => (
                  <li key={menu.id}>
                    <MenuLink url={menu.url} target={menu.target} external={menu.is_external} className="block rounded px-2 py-2 hover:bg-slate-100">
                      {menu.name}
                    </MenuLink>
                  </li>
                ))}
              </ul>
            </nav>
          </Dropdown>
        </div>
      </div>
    </header>
  );
}
