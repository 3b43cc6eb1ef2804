import { useFetcher } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { Link } from "~/components/link";
import { useTranslation } from "~/lib/translation";
import type { Shell } from "~/lib/shell";
import type { RootData } from "~/root";
import { Dropdown } from "./dropdown";
import { ChevronDownIcon, DownloadIcon, GridIcon } from "./icons";
import { MenuLink } from "./nav-link";
import { useHydrated } from "~/lib/use-hydrated";
import type { loader as categoriesLoader } from "~/routes/_public.categories._index";

/**
 * The main navigation, one copy for every screen: Categories, the menu links from settings and the optional app
 * download. Without JavaScript Categories is a link to /categories (the page lists them all), so the long grid is
 * not in every page; with it, the grid opens in place, its categories loaded from /categories when the shopper
 * reaches for it (ADR 0048: they were 6.5 kB of every page's data). On a small screen with JavaScript the navigation is a
 * panel sliding in from the header's menu button; without JavaScript it is a row that scrolls sideways.
 */
export function CategoryNavbar({ root, shell, open }: { root: RootData; shell: Shell; open: boolean }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  // One load for the whole visit: a navigation keeps the frame, and the same key finds the same data.
  const categoriesFetcher = useFetcher<typeof categoriesLoader>({ key: "navbar-categories" });
  const categories = categoriesFetcher.data?.categories;
  // Pointer over, focus and opening come one after another, before the fetcher's state says it is loading.
  const asked = useRef(false);
  // A load that failed may be asked again.
  useEffect(() => {
    if (categoriesFetcher.state === "idle" && !categoriesFetcher.data) asked.current = false;
  }, [categoriesFetcher.state, categoriesFetcher.data]);
  const loadCategories = () => {
    if (asked.current || categoriesFetcher.data) return;
    asked.current = true;
    categoriesFetcher.load("/categories?index");
  };
  const showApp = shell.showDownloadApp && (shell.appStoreLink || shell.playStoreLink);
  return (
    <nav
      id="site-navigation"
      aria-label={t("a11y.mainNavigation")}
      data-open={open ? "" : undefined}
      className="js-mobile-collapsed group border-b border-slate-200 bg-white max-md:data-[open]:fixed max-md:data-[open]:bottom-0 max-md:data-[open]:end-0 max-md:data-[open]:top-16 max-md:data-[open]:z-50 max-md:data-[open]:w-72 max-md:data-[open]:overflow-y-auto max-md:data-[open]:shadow-2xl"
    >
      <div className="container-shop flex min-h-12 items-center gap-6 text-sm font-medium max-md:group-data-[open]:flex-col max-md:group-data-[open]:items-start max-md:group-data-[open]:py-4">
        {hydrated ? <Dropdown
          onIntent={loadCategories}
          summaryClassName="flex items-center gap-2 rounded-md bg-primary px-3 py-2 text-white hover:bg-primary-800"
          summary={
            <>
              <GridIcon className="h-4 w-4" />
              <span>{t("navbar.categories")}</span>
              <ChevronDownIcon className="h-4 w-4" />
            </>
          }
        >
          <div className="fixed inset-x-0 z-40 mt-2 border-y border-slate-200 bg-white shadow-xl">
            <ul className="container-shop grid max-h-[70vh] grid-cols-2 gap-x-6 gap-y-5 overflow-y-auto py-6 sm:grid-cols-4 md:grid-cols-5 lg:grid-cols-7 2xl:grid-cols-10">
              {categories ? null : <li className="col-span-full text-center text-slate-600"><p role="status">{t("navbar.loadingCategories")}</p></li>}
              {(categories ?? []).map((category) => (
                <li key={category.id}>
                  <Link to={`/categories/${category.id}`} className="flex flex-col items-center gap-2 text-center font-semibold hover:text-primary">
                    <img src={category.thumbnail} alt="" width={56} height={56} loading="lazy" className="h-14 w-14 rounded-full bg-slate-100" />
                    {category.name}
                  </Link>
                  {category.sub_categories.length ? (
                    <ul className="mt-2 text-center text-xs font-normal text-slate-600">
                      {category.sub_categories.map((sub) => (
                        <li key={sub.id}>
                          <Link to={`/categories/${category.id}?subcategory=${sub.id}`} className="inline-block min-h-6 leading-6 hover:text-primary hover:underline">{sub.name}</Link>
                        </li>
                      ))}
                    </ul>
                  ) : null}
                </li>
              ))}
              <li className="col-span-full text-center">
                <Link to="/categories" className="text-primary underline">{t("navbar.allCategories")}</Link>
              </li>
            </ul>
          </div>
        </Dropdown> : (
          <Link to="/categories" className="flex shrink-0 items-center gap-2 rounded-md bg-primary px-3 py-2 text-white hover:bg-primary-800">
            <GridIcon className="h-4 w-4" />
            <span>{t("navbar.categories")}</span>
          </Link>
        )}

        <ul className="relative flex min-w-0 flex-1 items-center gap-5 overflow-x-auto max-md:group-data-[open]:flex-col max-md:group-data-[open]:items-start">
          {shell.menus.map((menu) => (
            <li key={menu.id} className="shrink-0">
              <MenuLink url={menu.url} target={menu.target} external={menu.is_external} className="py-2 hover:text-primary">
                {menu.name}
              </MenuLink>
            </li>
          ))}
        </ul>

        {showApp ? (
          <Dropdown
            className="max-md:hidden max-md:group-data-[open]:block"
            summaryClassName="flex items-center gap-1 py-2 hover:text-primary"
            summary={
              <>
                <DownloadIcon className="h-4 w-4" />
                <span>{t("navbar.downloadApp")}</span>
                <ChevronDownIcon className="h-4 w-4" />
              </>
            }
          >
            <ul className="dropdown-panel end-0">
              {shell.appStoreLink ? (
                <li><a href={shell.appStoreLink} className="dropdown-item" rel="noopener noreferrer">{t("navbar.appStore")}</a></li>
              ) : null}
              {shell.playStoreLink ? (
                <li><a href={shell.playStoreLink} className="dropdown-item" rel="noopener noreferrer">{t("navbar.playStore")}</a></li>
              ) : null}
            </ul>
          </Dropdown>
        ) : null}
      </div>
    </nav>
  );
}
