import { Outlet } from "@remix-run/react";
import { useTranslation } from "~/lib/translation";
import { CategoryNavbar } from "~/components/category-navbar";
import { SiteFooter } from "~/components/site-footer";
import { SiteHeader } from "~/components/site-header";
import { TopBar } from "~/components/top-bar";
import { useRootData } from "~/root";

/** Public layout: top bar, header, category navbar, the page, footer. */
export default function PublicLayout() {
  const root = useRootData();
  const { t } = useTranslation();
  if (!root) return <Outlet />;
  return (
    <>
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:start-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2">
        {t("a11y.skipToContent")}
      </a>
      <TopBar root={root} />
      <SiteHeader root={root} />
      <CategoryNavbar root={root} />
      <main id="main" className="min-h-[50vh]">
        <Outlet />
      </main>
      <SiteFooter root={root} />
    </>
  );
}
