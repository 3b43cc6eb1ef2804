import { NavLink, useLocation } from "@remix-run/react";
import { useTranslation } from "~/lib/translation";
import { UserIcon } from "./icons";
import { usePersonal } from "~/lib/personal";
import { CurrentMark, PersonalCount } from "./text-only";

const items = [
  { to: "/dashboard", key: "account.menu.dashboard" },
  { to: "/order-history", key: "account.menu.orderHistory" },
  { to: "/digital-product-order-history", key: "account.menu.digitalProducts" },
  { to: "/returned-order-history", key: "account.menu.returnOrders" },
  { to: "/wishlist", key: "account.menu.wishlist" },
  { to: "/massages", key: "account.menu.messages", badge: "unread" },
  { to: "/profile", key: "account.menu.profile" },
  { to: "/manage-address", key: "account.menu.manageAddress" },
  // A ticket's own page has the singular path of the spec (/support-ticket/{number}).
  { to: "/support-tickets", key: "account.menu.supportTicket", alsoCurrentUnder: "/support-ticket/" },
  { to: "/change-password", key: "account.menu.changePassword" },
  { to: "/terms-and-conditions", key: "account.menu.terms" },
  { to: "/privacy-policy", key: "account.menu.privacy" },
] as const;

function currentUnder(item: (typeof items)[number], pathname: string) {
  return "alsoCurrentUnder" in item && pathname.startsWith(item.alsoCurrentUnder);
}

/** The account area's left menu: photo, name and phone, then the account links (spec §2). */
export function AccountMenu({
  user,
}: {
  user: { name: string; phone: string | null; phone_code: string | null; profile_photo: string | null };
}) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const personal = usePersonal();
  return (
    <nav aria-label={t("a11y.accountNavigation")} className="rounded-lg border border-slate-200 bg-white p-4">
      <div className="mb-4 flex items-center gap-3 border-b border-slate-200 pb-4">
        {user.profile_photo ? (
          <img src={user.profile_photo} alt={t("account.photoAlt", { name: user.name })} width={56} height={56} className="h-14 w-14 rounded-full object-cover" />
        ) : (
          <span className="flex h-14 w-14 items-center justify-center rounded-full bg-primary-100 text-primary-800"><UserIcon className="h-7 w-7" /></span>
        )}
        <div className="min-w-0">
          <p className="truncate font-semibold">{user.name}</p>
          {user.phone ? <p className="text-sm text-slate-600" dir="ltr">{[user.phone_code, user.phone].filter(Boolean).join(" ")}</p> : null}
        </div>
      </div>
      <ul className="space-y-1">
        {items.map((item) => (
          <li key={item.to}>
            <NavLink
              to={item.to}
              className={({ isActive }) =>
                `flex items-center justify-between rounded-md px-3 py-2 text-sm ${isActive || currentUnder(item, pathname) ? "bg-primary-50 font-semibold text-primary-800" : "hover:bg-slate-100"}`
              }
            >
              {({ isActive }) => (
                <>
                  <span>{t(item.key)}{isActive || currentUnder(item, pathname) ? <CurrentMark /> : null}</span>
                  {"badge" in item && personal.flag("unread") ? (
                    <span className="rounded-full bg-green-700 px-2 text-xs font-bold text-white">
                      <PersonalCount name="unread" />
                    </span>
                  ) : null}
                </>
              )}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
