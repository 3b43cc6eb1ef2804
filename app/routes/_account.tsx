import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet } from "@remix-run/react";
import { AccountMenu } from "~/components/account-menu";
import { ToastRegion } from "~/components/toast-region";
import { requireUser } from "~/lib/auth.server";
import { requireUserOrLogin } from "~/lib/login-first.server";
import { usePersonal } from "~/lib/personal";

/**
 * Account layout: only for a signed-in shopper; a guest is sent to / (spec §2), except from /wishlist and /massages,
 * where a guest is asked to log in and comes back (spec §2: a wishlist opened by a guest shows the login; the chat
 * buttons of shops and products). The root draws the frame.
 */
/** Pages a guest reaches from the shop's own buttons (a heart, a chat button): they log in and come back. */
const LOGIN_FIRST = new Set(["/wishlist", "/massages"]);

export async function loader({ request }: LoaderFunctionArgs) {
  if (LOGIN_FIRST.has(new URL(request.url).pathname)) await requireUserOrLogin(request);
  else await requireUser(request);
  return null;
}

export default function AccountLayout() {
  // Account pages are never kept for other shoppers (ADR 0029): they read the shopper's own record.
  const user = usePersonal().user();
  if (!user) return null;
  return (
    <div className="container-shop grid gap-6 py-8 md:grid-cols-[16rem_1fr]">
      <AccountMenu user={user} />
      <main id="main" className="min-w-0">
        <ToastRegion />
        <Outlet />
      </main>
    </div>
  );
}
