import type { Page } from "@playwright/test";
import { test, expect } from "./fixtures";
import { readInArabic, signInAs } from "./session";

/** The desktop user menu in the header (a disclosure showing the shopper's name). */
const openUserMenu = (page: Page) => page.getByRole("banner").locator("summary", { hasText: "Second Customer" }).click();

test.describe("login and logout", () => {
  test("a wrong password is told under the password field; the right one signs in and returns to the page", async ({ page, jsEnabled, checkA11y }) => {
    await page.goto("/shops");
    await page.getByRole("banner").getByRole("link", { name: "Login" }).click();
    // With JS the login form opens as a dialog over the shops; without, it is the /login page.
    const form = jsEnabled ? page.getByRole("dialog", { name: "Login" }) : page.getByRole("main");
    if (jsEnabled) await expect(page).toHaveURL(/\/shops$/);
    else await expect(page).toHaveURL(/\/login\?redirectTo=%2Fshops$/);
    await expect(form.getByRole("heading", { name: "Login" })).toBeVisible();
    await expect(form.getByRole("link", { name: "Forgot Password?" })).toBeVisible();
    await expect(form.getByRole("link", { name: "Sign Up" })).toBeVisible();
    await checkA11y();

    await form.getByLabel("Email or Phone").fill("customer@example.com");
    await form.getByLabel("Password", { exact: true }).fill("not-my-password");
    await form.getByRole("button", { name: "Login" }).click();
    await expect(form.getByText("These credentials do not match our records.")).toBeVisible();
    await expect(form.getByLabel("Email or Phone")).toHaveValue("customer@example.com");
    await expect(form.getByLabel("Password", { exact: true })).toHaveAttribute("aria-invalid", "true");
    await checkA11y();

    if (jsEnabled) {
      // The toggle shows what was typed, and hides it again.
      const password = form.getByLabel("Password", { exact: true });
      await password.fill("secret123");
      await form.getByRole("button", { name: "Show password" }).click();
      await expect(password).toHaveAttribute("type", "text");
      await form.getByRole("button", { name: "Show password" }).click();
      await expect(password).toHaveAttribute("type", "password");
    } else {
      await form.getByLabel("Password", { exact: true }).fill("secret123");
    }
    await form.getByRole("button", { name: "Login" }).click();
    await expect(page).toHaveURL(/\/shops$/);
    await expect(page.getByRole("status")).toContainText("Login Successful");
    await expect(page.getByRole("status")).toContainText("You have successfully logged in.");
    await expect(page.getByRole("banner")).toContainText("Demo Customer");
    await expect(page.getByRole("dialog")).toHaveCount(0);
  });

  test("a phone number signs in too, and Log Out asks first", async ({ page, jsEnabled, checkA11y }) => {
    await page.goto("/login");
    await page.getByLabel("Email or Phone").fill("5550100002");
    await page.getByLabel("Password", { exact: true }).fill("secret123");
    await page.getByRole("main").getByRole("button", { name: "Login" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("banner")).toContainText("Second Customer");

    await openUserMenu(page);
    await page.getByRole("banner").getByRole("link", { name: "Log Out" }).first().click();
    const confirm = jsEnabled ? page.getByRole("dialog", { name: "Log Out!" }) : page.getByRole("main");
    await expect(confirm.getByText("Logout Confirmation")).toBeVisible();
    await checkA11y();
    if (jsEnabled) {
      // Cancel closes the dialog and changes nothing.
      await confirm.getByRole("button", { name: "Cancel" }).click();
      await expect(page.getByRole("dialog")).toHaveCount(0);
      await expect(page.getByRole("banner")).toContainText("Second Customer");
      await openUserMenu(page);
      await page.getByRole("banner").getByRole("link", { name: "Log Out" }).first().click();
    }
    await confirm.getByRole("button", { name: "Yes" }).click();
    await expect(page.getByRole("status")).toContainText("Logout successfully");
    await expect(page.getByRole("banner").getByRole("link", { name: "Login" })).toBeVisible();
  });

  test("in Arabic the form, its errors and the welcome are Arabic, right to left", async ({ page, context, baseURL, checkA11y }) => {
    await readInArabic(context, baseURL!);
    await page.goto("/login");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page).toHaveTitle("تسجيل الدخول - Bazaar");
    await page.getByRole("main").getByRole("button", { name: "تسجيل الدخول" }).click();
    await expect(page.getByText("حقل الهاتف أو البريد الإلكتروني مطلوب.")).toBeVisible();
    await checkA11y();
    await page.getByLabel("البريد الإلكتروني أو الهاتف").fill("customer@example.com");
    await page.getByLabel("كلمة المرور", { exact: true }).fill("secret123");
    await page.getByRole("main").getByRole("button", { name: "تسجيل الدخول" }).click();
    await expect(page.getByRole("status")).toContainText("تم تسجيل الدخول بنجاح");
  });

  test("a signed-in shopper opening /login goes straight back", async ({ page, context, baseURL }) => {
    await signInAs(context, baseURL!, 1);
    await page.goto("/login?redirectTo=%2Fcategories");
    await expect(page).toHaveURL(/\/categories$/);
  });
});
