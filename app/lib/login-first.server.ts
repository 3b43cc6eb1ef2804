import { shopContext } from "./context.server";
import { redirectWithToast } from "./session.server";

/**
 * The signed-in shopper; a guest is sent to log in first ('Please login first!', spec §8) and comes back to this
 * page. For pages a guest is asked to log in for rather than sent home (spec §2: a wishlist opened by a guest
 * shows the login instead).
 */
export async function requireUserOrLogin(request: Request) {
  const context = await shopContext(request);
  if (!context.user) {
    const url = new URL(request.url);
    throw await redirectWithToast(request, `/login?redirectTo=${encodeURIComponent(`${url.pathname}${url.search}`)}`, {
      kind: "error",
      message: "cart:loginFirst",
      duration: 3000,
    });
  }
  return { ...context, user: context.user };
}
