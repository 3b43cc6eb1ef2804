import type { BrowserContext } from "@playwright/test";
import { DEMO_CUSTOMERS, DEMO_PASSWORD } from "../../app/db/seed/content";

/**
 * Signs a demo customer in through the login form's own POST (no browser page needed), so tests of the
 * account area start signed in. `userId` is the demo customer's id (1 or 2).
 */
export async function signInAs(context: BrowserContext, baseURL: string, userId: number) {
  const customer = DEMO_CUSTOMERS[userId - 1];
  if (!customer) throw new Error(`No demo customer ${userId}`);
  const response = await context.request.post(`${baseURL}/login`, {
    form: { phone: customer.email, password: DEMO_PASSWORD, redirectTo: "/" },
    maxRedirects: 0,
  });
  if (response.status() !== 303) throw new Error(`Sign-in of ${customer.email} answered ${response.status()}`);
}
