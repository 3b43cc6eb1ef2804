import { createCookieSessionStorage } from "@remix-run/node";
import type { BrowserContext } from "@playwright/test";
import { e2eEnv } from "../../playwright.config";

/**
 * Signs the shopper in by handing the browser a session cookie signed with the e2e server's secret,
 * so the account shell can be checked before (and independently of) the login flow.
 */
export async function signInAs(context: BrowserContext, baseURL: string, userId: number) {
  const storage = createCookieSessionStorage({
    cookie: { name: "bazaar_session", secrets: [e2eEnv.SESSION_SECRET], httpOnly: true, sameSite: "lax", path: "/" },
  });
  const session = await storage.getSession();
  session.set("userId", userId);
  const header = await storage.commitSession(session);
  const value = header.split(";")[0].split("=").slice(1).join("=");
  await context.addCookies([{ name: "bazaar_session", value, url: baseURL, httpOnly: true, sameSite: "Lax" }]);
}
