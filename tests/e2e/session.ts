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

let registered = 0;

/**
 * Registers a new shopper through the registration form's own POST and signs this browser in as them, so a
 * test that orders starts from an empty cart and history whatever other specs did. Returns the name.
 */
export async function signInAsNewShopper(context: BrowserContext, baseURL: string, label: string) {
  const stamp = `${Date.now()}${++registered}`.slice(-9);
  const name = `${label} Shopper`;
  const response = await context.request.post(`${baseURL}/register`, {
    form: { name, country: "1", phone: `55${stamp}`, email: `${label.toLowerCase()}-${stamp}@example.test`, password: "secret123", redirectTo: "/" },
    maxRedirects: 0,
  });
  if (response.status() !== 303) throw new Error(`Registering ${name} answered ${response.status()}`);
  return name;
}
