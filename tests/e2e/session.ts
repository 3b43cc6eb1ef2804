import type { BrowserContext } from "@playwright/test";
import { DEMO_CUSTOMERS, DEMO_PASSWORD } from "../../app/db/seed/content";
import { expect } from "./fixtures";

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
  return (await registerShopper(context, baseURL, label)).name;
}

/** As signInAsNewShopper, with the e-mail address to sign in with again later (signInByEmail). */
export async function registerShopper(context: BrowserContext, baseURL: string, label: string) {
  const stamp = `${Date.now()}${++registered}`.slice(-9);
  const name = `${label} Shopper`;
  const email = `${label.toLowerCase().replace(/\W/g, "")}-${stamp}@example.test`;
  const response = await context.request.post(`${baseURL}/register`, {
    form: { name, country: "1", phone: `55${stamp}`, email, password: DEMO_PASSWORD, redirectTo: "/" },
    maxRedirects: 0,
  });
  if (response.status() !== 303) throw new Error(`Registering ${name} answered ${response.status()}`);
  return { name, email };
}

/**
 * Signs this browser in as anyone with the demo password (a shopper made by a test, shop staff, the admin) through
 * the login form's POST, and opens the page it lands on, which takes the welcome toast off — unless the test wants
 * the toasts of the next page it opens (news of an order). Returns that page's path.
 */
export async function signInByEmail(context: BrowserContext, baseURL: string, email: string, { openLanding = true } = {}) {
  await context.clearCookies();
  const response = await context.request.post(`${baseURL}/login`, { form: { phone: email, password: DEMO_PASSWORD, redirectTo: "/" }, maxRedirects: 0 });
  expect(response.status(), `sign-in of ${email}`).toBe(303);
  const landing = response.headers().location;
  if (openLanding) await context.request.get(`${baseURL}${landing}`);
  return landing;
}

/** Switches this browser to Arabic: the language cookie as the language picker sets it (base64 of the JSON "ar"). */
export async function readInArabic(context: BrowserContext, baseURL: string) {
  await context.addCookies([{ name: "locale", value: "ImFyIg%3D%3D", url: baseURL }]);
}
