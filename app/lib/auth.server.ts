import { redirect } from "@remix-run/node";
import { shopContext } from "./context.server";

/** The signed-in shopper, or a redirect home for a guest (spec §2: account layout). */
export async function requireUser(request: Request) {
  const context = await shopContext(request);
  if (!context.user) throw redirect("/");
  return { ...context, user: context.user };
}
