import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet } from "@remix-run/react";
import { AccountMenu } from "~/components/account-menu";
import { ToastRegion } from "~/components/toast-region";
import { requireUser } from "~/lib/auth.server";
import { requireUserOrLogin } from "~/lib/login-first.server";
import { useRootData } from "~/root";

/**
 * Account layout: only for a signed-in shopper; a guest is sent to / (spec §2), except from /wishlist, where a
 * guest is asked to log in and comes back (spec §2: a wishlist opened by a guest shows the login). The root draws
 * the frame.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  if (new URL(request.url).pathname === "/wishlist") await requireUserOrLogin(request);
  else await requireUser(request);
  return { unreadMessages: 0 };
}

export default function AccountLayout() {
  const user = useRootData()?.user;
  if (!user) return null;
  return (
    <div className="container-shop grid gap-6 py-8 md:grid-cols-[16rem_1fr]">
      <AccountMenu user={user} unreadMessages={0} />
      <main id="main" className="min-w-0">
        <ToastRegion />
        <Outlet />
      </main>
    </div>
  );
}
