import { Link, Outlet } from "@remix-run/react";
import { useTranslation } from "~/lib/translation";
import { SiteFooter } from "~/components/site-footer";
import { CurrencyPicker, LanguagePicker } from "~/components/preference-pickers";
import { useRootData } from "~/root";

/** Blog layout: a slim header that stays on top while reading. */
export default function BlogLayout() {
  const root = useRootData();
  const { t } = useTranslation();
  if (!root) return <Outlet />;
  return (
    <>
      <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
        <div className="container-shop flex h-14 items-center gap-6">
          <Link to="/" className="shrink-0">
            <img src={root.shell.logo} alt={t("header.home", { appName: root.appName })} width={120} height={32} className="h-8 w-auto" />
          </Link>
          <nav aria-label={t("a11y.mainNavigation")} className="flex items-center gap-4 text-sm font-medium">
            <Link to="/blogs" className="hover:text-primary">{t("blog.title")}</Link>
            <Link to="/" className="hover:text-primary">{t("blog.backToShop")}</Link>
          </nav>
          <div className="ms-auto flex items-center gap-1 text-sm">
            <CurrencyPicker currencies={root.shell.currencies} selected={root.currency.name} />
            <LanguagePicker languages={root.shell.languages} selected={root.locale} />
          </div>
        </div>
      </header>
      <main id="main" className="min-h-[50vh]">
        <Outlet />
      </main>
      <SiteFooter root={root} />
    </>
  );
}
