import type { LoaderFunctionArgs } from "@remix-run/node";
import { NavLink, Outlet, useLoaderData } from "@remix-run/react";
import { Link } from "~/components/link";
import { ToastRegion } from "~/components/toast-region";
import { CurrentMark, NumberInSentence } from "~/components/text-only";
import { requireStaff } from "~/lib/auth.server";
import { markConsoleSeen, unreadByShops } from "~/modules/chat/chat.server";
import { useTranslation } from "~/lib/translation";

export const handle = { i18n: ["console", "orders", "returns", "chat", "tickets"] };

/**
 * The shop console's own small layout (not in the shopper's menus): a shop's staff see their shop, the platform admin
 * every shop. Anyone else gets Page Not Found on every console address.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { db, user, shop, scope } = await requireStaff(request);
  // A shop's staff in the console: the shop shows Online to its customers for a few minutes.
  if (shop) await markConsoleSeen(db, shop.id);
  return { shop, userName: user.name, unreadMessages: await unreadByShops(db, scope) };
}

export default function ShopConsoleLayout() {
  const { shop, userName, unreadMessages } = useLoaderData<typeof loader>();
  const { t } = useTranslation("console");
  const navClass = ({ isActive }: { isActive: boolean }) =>
    `rounded px-3 py-2 text-sm ${isActive ? "bg-white/15 font-semibold text-white" : "text-slate-200 hover:bg-white/10 hover:text-white"}`;
  return (
    <>
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:start-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2">
        {t("common:a11y.skipToContent")}
      </a>
      <header className="bg-slate-900 text-white">
        <div className="container-shop flex flex-wrap items-center justify-between gap-3 py-3">
          <p className="font-bold">
            {t("layout.title")}
            <span className="sr-only"> · </span>
            <span className="ms-2 text-sm font-normal text-slate-300">{shop ? shop.name : t("layout.platform")}</span>
          </p>
          <p className="text-sm text-slate-300">{t("layout.signedInAs", { name: userName })}</p>
        </div>
        <nav aria-label={t("layout.nav")} className="container-shop pb-3">
          <ul className="flex flex-wrap gap-1">
            <li>
              <NavLink to="/shop-console" end className={navClass}>
                {({ isActive }) => <>{t("layout.overview")}{isActive ? <CurrentMark /> : null}</>}
              </NavLink>
            </li>
            <li>
              <NavLink to="/shop-console/orders" className={navClass}>
                {({ isActive }) => <>{t("layout.orders")}{isActive ? <CurrentMark /> : null}</>}
              </NavLink>
            </li>
            <li>
              <NavLink to="/shop-console/returns" className={navClass}>
                {({ isActive }) => <>{t("layout.returns")}{isActive ? <CurrentMark /> : null}</>}
              </NavLink>
            </li>
            <li>
              <NavLink to="/shop-console/messages" className={navClass}>
                {({ isActive }) => (
                  <>
                    {t("layout.messages")}
                    {isActive ? <CurrentMark /> : null}
                    {unreadMessages > 0 ? (
                      <span className="ms-2 rounded-full bg-green-700 px-2 text-xs font-bold text-white">
                        <NumberInSentence sentence={t("chat:list.unread", { count: unreadMessages })} number={String(unreadMessages)} />
                      </span>
                    ) : null}
                  </>
                )}
              </NavLink>
            </li>
            {/* Tickets are the platform's, not a shop's: only the admin handles them. */}
            {shop === null ? (
              <li>
                <NavLink to="/shop-console/tickets" className={navClass}>
                  {({ isActive }) => <>{t("tickets:console.nav")}{isActive ? <CurrentMark /> : null}</>}
                </NavLink>
              </li>
            ) : null}
            <li><Link to="/" className={navClass({ isActive: false })}>{t("layout.store")}</Link></li>
            <li><Link to="/logout" className={navClass({ isActive: false })}>{t("layout.logout")}</Link></li>
          </ul>
        </nav>
      </header>
      <main id="main" className="container-shop min-h-[60vh] py-8">
        <ToastRegion />
        <Outlet />
      </main>
    </>
  );
}
