import { TestOAuthProvider } from "../support/oauth-provider";
import { expect, oauthProviderPort, setSetting, test } from "./fixtures";
import { readInArabic } from "./session";

const socialAuths = (googleActive: boolean) =>
  JSON.stringify({
    google: { is_active: googleActive, client_id: googleActive ? "bazaar-e2e" : "" },
    facebook: { is_active: false, client_id: "" },
    apple: { is_active: false, client_id: "", redirect_url: "" },
  });

/** A shopper the provider has never sent before: unique per run and project. */
const newShopper = (label: string) => {
  const id = `${label}-${test.info().project.name}-${Date.now()}`;
  return { sub: id, email: `${id}@example.com`, email_verified: true, name: `Ada ${test.info().project.name} ${Date.now() % 100000}` };
};

test.describe("social login with Google (a local OpenID Connect provider)", () => {
  let provider: TestOAuthProvider;

  test.beforeAll(async () => {
    provider = await new TestOAuthProvider().start(oauthProviderPort());
    setSetting("socialAuths", socialAuths(true));
  });

  test.afterAll(async () => {
    setSetting("socialAuths", socialAuths(false));
    await provider?.stop();
  });

  test("Continue with Google signs a new shopper in and back to the page; the next sign-in finds the same account", async ({ page, context, jsEnabled, checkA11y }) => {
    const shopper = newShopper("new");
    provider.identity = shopper;

    await page.goto("/shops");
    await page.getByRole("banner").getByRole("link", { name: "Login" }).click();
    // With JS the login form (and its social buttons) opens as a dialog over the shops.
    const form = jsEnabled ? page.getByRole("dialog", { name: "Login" }) : page.getByRole("main");
    const google = form.getByRole("button", { name: "Continue with Google" });
    await expect(google).toBeVisible();
    await expect(form.getByRole("button", { name: "Continue with Facebook" })).toHaveCount(0);
    await expect(form.getByRole("button", { name: "Continue with Apple" })).toHaveCount(0);
    await checkA11y();

    await google.click();
    await expect(page).toHaveURL(/\/shops$/);
    await expect(page.getByRole("status")).toContainText("Login Successful");
    await expect(page.getByRole("status")).toContainText("You have successfully logged in.");
    await expect(page.getByRole("banner")).toContainText(shopper.name);
    await checkA11y();

    // Another visit, signed out: Google now says another name, but the shop knows this Google account.
    await context.clearCookies();
    provider.identity = { ...shopper, name: "Renamed At Google" };
    await page.goto("/login");
    await page.getByRole("button", { name: "Continue with Google" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("status")).toContainText("Login Successful");
    await expect(page.getByRole("banner")).toContainText(shopper.name);
    await expect(page.getByRole("banner")).not.toContainText("Renamed At Google");
  });

  test("a Google account with a shopper's verified email signs in to that shopper's account", async ({ page }) => {
    provider.identity = { sub: `demo-${test.info().project.name}-${Date.now()}`, email: "customer2@example.com", email_verified: true, name: "Someone Else" };
    await page.goto("/login");
    await page.getByRole("button", { name: "Continue with Google" }).click();
    await expect(page.getByRole("status")).toContainText("Login Successful");
    await expect(page.getByRole("banner")).toContainText("Second Customer");
  });

  test("consent refused at Google: back on the login page, in Arabic, with the reason", async ({ page, context, baseURL, checkA11y }) => {
    await readInArabic(context, baseURL!);
    provider.refuseConsent();
    await page.goto("/login?redirectTo=%2Fshops");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await page.getByRole("button", { name: "المتابعة باستخدام Google" }).click();

    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fshops$/);
    await expect(page.getByRole("status")).toContainText("تعذّر تسجيل الدخول عبر الحساب الاجتماعي");
    await expect(page.getByRole("status")).toContainText("أُلغي تسجيل الدخول، لذا لم تسجّل دخولك.");
    await expect(page.getByRole("button", { name: "المتابعة باستخدام Google" })).toBeVisible();
    await checkA11y();
  });

  test("an answer this browser did not ask for is refused", async ({ page }) => {
    await page.goto("/auth/google/callback?code=stolen&state=guessed");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2F$/);
    await expect(page.getByRole("status")).toContainText("This sign-in expired or was started in another window. Please try again.");
    await expect(page.getByRole("banner").getByRole("link", { name: "Login" })).toBeVisible();
  });

  test("with no social login active there are no buttons, and the sign-in paths are not found", async ({ page, request }) => {
    setSetting("socialAuths", socialAuths(false));
    try {
      await page.goto("/login");
      await expect(page.getByRole("button", { name: "Login" })).toBeVisible();
      await expect(page.getByRole("button", { name: /Continue with/ })).toHaveCount(0);
      await expect(page.getByText("or", { exact: true })).toHaveCount(0);
      expect((await request.post("/auth/google", { form: { redirectTo: "/" }, maxRedirects: 0 })).status()).toBe(404);
      expect((await request.get("/auth/google/callback?code=x&state=y", { maxRedirects: 0 })).status()).toBe(404);
    } finally {
      setSetting("socialAuths", socialAuths(true));
    }
  });
});
