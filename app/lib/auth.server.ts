import { redirect } from "@remix-run/node";
import { shopContext } from "./context.server";
import { staffAccessOf } from "~/modules/console/staff.server";

/** The signed-in shopper, or a redirect home for a guest (spec §2: account layout). */
export async function requireUser(request: Request) {
  const context = await shopContext(request);
  if (!context.user) throw redirect("/");
  return { ...context, user: context.user };
}

/**
 * A signed-in member of a shop's staff or the platform admin, with what they may reach. Anyone else — a guest, a
 * customer — gets Page Not Found: the console does not show that it exists.
 */
export async function requireStaff(request: Request) {
  const context = await shopContext(request);
  const access = context.user ? await staffAccessOf(context.db, context.user) : null;
  if (!context.user || !access) throw new Response("Not Found", { status: 404 });
  return { ...context, user: context.user, ...access };
}

/** The signed-in platform admin (what only the platform handles, like support tickets); anyone else, shop staff too, gets Page Not Found. */
export async function requirePlatformAdmin(request: Request) {
  const access = await requireStaff(request);
  if (access.shop !== null) throw new Response("Not Found", { status: 404 });
  return access;
}
