import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet } from "@remix-run/react";
import { useTranslation } from "~/lib/translation";
import { AccountMenu } from "~/components/account-menu";
import { CategoryNavbar } from "~/components/category-navbar";
import { SiteHeader } from "~/components/site-header";
import { TopBar } from "~/components/top-bar";
import { requireUser } from "~/lib/auth.server";
import { useRootData } from "~/root";

/** Account layout: only for a signed-in shopper; a guest is sent to / (spec §2). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return { unreadMessages: 0 };
}

export default function AccountLayout() {
  const root = useRootData();
  const { t } = useTranslation();
  if (!root?.user) return null;
  const year = new Date().getFullYear();
  return (
    <>
      <TopBar root={root} />
      <SiteHeader root={root} />
      <CategoryNavbar root={root} />
      <div className="container-shop grid gap-6 py-8 md:grid-cols-[16rem_1fr]">
        <AccountMenu user={root.user} unreadMessages={0} />
        <main id="main" className="min-w-0">
          <Outlet />
        </main>
      </div>
      <footer className="border-t border-slate-200">
        <p className="container-shop py-4 text-center text-sm text-slate-600">
          © {year} {root.shell.footerText || t("account.copyright")}
        </p>
      </footer>
    </>
  );
}
