import { randomBytes } from "node:crypto";
import path from "node:path";
import Database from "better-sqlite3";
import type { BrowserContext, Locator, Page } from "@playwright/test";
import sharp from "sharp";
import { hashPassword } from "../../app/modules/auth/password.server";
import { expect, serverEnv, test } from "./fixtures";

const PASSWORD = "first secret 1";

/** The e2e server's database, for making a shopper of the test's own (nothing shared with other specs). */
function database() {
  return new Database(path.resolve(serverEnv().DATABASE_URL.replace(/^file:/, "")));
}

interface Shopper { id: number; name: string; email: string; phone: string }

/** A new customer with an email, a US phone and PASSWORD, signed in on `context` through the login form. */
async function newShopper(context: BrowserContext, baseURL: string, name = "Nadia Test"): Promise<Shopper> {
  const suffix = randomBytes(4).toString("hex");
  const email = `shopper-${suffix}@example.com`;
  const phone = `555${String(parseInt(suffix, 16) % 10_000_000).padStart(7, "0")}`;
  const passwordHash = await hashPassword(PASSWORD);
  const db = database();
  try {
    const us = db.prepare("SELECT id FROM countries WHERE iso2 = 'US'").get() as { id: number };
    const { lastInsertRowid } = db
      .prepare("INSERT INTO users (name, email, phone, phone_code, country_id, password_hash, role, is_active) VALUES (?, ?, ?, '+1', ?, ?, 'customer', 1)")
      .run(name, email, phone, us.id, passwordHash);
    await signIn(context, baseURL, email, PASSWORD);
    return { id: Number(lastInsertRowid), name, email, phone };
  } finally {
    db.close();
  }
}

async function signIn(context: BrowserContext, baseURL: string, login: string, password: string) {
  const response = await context.request.post(`${baseURL}/login`, { form: { phone: login, password, redirectTo: "/" }, maxRedirects: 0 });
  expect(response.status(), `sign-in of ${login}`).toBe(303);
}

/** An address card of the list, found by its recipient's name. */
const card = (page: Page, name: string) => page.getByRole("listitem").filter({ has: page.getByRole("heading", { name, exact: true }) });

async function fillAddress(form: Locator, values: { name: string; phone: string; line: string; area?: string; type?: string }) {
  await form.getByLabel("Recipient name").fill(values.name);
  await form.getByLabel("Phone").fill(values.phone);
  await form.getByLabel("Address", { exact: true }).fill(values.line);
  if (values.area) await form.getByLabel("Area (optional)").fill(values.area);
  if (values.type) await form.getByRole("radio", { name: values.type }).check();
}

test.describe("account area", () => {
  // Each test walks several pages and checks every state with axe (a second browser page without JS).
  test.slow();

  test("a guest is sent home from the account pages", async ({ page }) => {
    for (const url of ["/profile", "/change-password", "/manage-address", "/manage-address/new"]) {
      await page.goto(url);
      await expect(page).toHaveURL(/\/$/);
    }
  });

  test("addresses: add, edit, set as default and delete, with one default throughout", async ({ page, context, baseURL, jsEnabled, checkA11y }) => {
    await newShopper(context, baseURL!);
    await page.goto("/manage-address");
    await expect(page).toHaveTitle("Manage Address - Bazaar");
    await expect(page.getByText("You have no saved address yet.")).toBeVisible();
    await checkA11y();

    await page.getByRole("link", { name: "Add New Address" }).click();
    await expect(page).toHaveURL(/\/manage-address\/new$/);
    await expect(page.getByText("Your first address becomes your default address.")).toBeVisible();
    const form = page.getByRole("main");
    await form.getByLabel("Phone").fill("555-CALL");
    await form.getByRole("button", { name: "Save Address" }).click();
    await expect(form.getByText("Enter a name.")).toBeVisible();
    await expect(form.getByText("Enter a phone number of 9 to 16 digits.")).toBeVisible();
    await expect(form.getByText("Enter the address.")).toBeVisible();
    await expect(form.getByLabel("Phone")).toHaveValue("555-CALL");
    await checkA11y();

    await fillAddress(form, { name: "Nadia Home", phone: "555 010 1234", line: "12 Market Street", area: "Downtown" });
    await form.getByRole("button", { name: "Save Address" }).click();
    await expect(page).toHaveURL(/\/manage-address$/);
    await expect(page.getByRole("status")).toContainText("The address has been added.");
    await expect(card(page, "Nadia Home")).toContainText("Default");
    await expect(card(page, "Nadia Home")).toContainText("12 Market Street");

    await page.getByRole("link", { name: "Add New Address" }).click();
    await fillAddress(page.getByRole("main"), { name: "Nadia Office", phone: "5550105678", line: "1 Tower Plaza", type: "Office" });
    await page.getByRole("main").getByRole("button", { name: "Save Address" }).click();
    await expect(page.getByRole("status")).toContainText("The address has been added.");
    await expect(card(page, "Nadia Office")).toContainText("Office");
    await expect(card(page, "Nadia Office")).not.toContainText("Default");
    await checkA11y();

    await card(page, "Nadia Office").getByRole("link", { name: "Edit" }).click();
    await expect(page).toHaveURL(/\/manage-address\/\d+\/edit$/);
    await expect(page.getByLabel("Address", { exact: true })).toHaveValue("1 Tower Plaza");
    await checkA11y();
    await page.getByLabel("Address", { exact: true }).fill("2 Tower Plaza, 5th floor");
    await page.getByRole("main").getByRole("button", { name: "Save Changes" }).click();
    await expect(page).toHaveURL(/\/manage-address$/);
    await expect(page.getByRole("status")).toContainText("The address has been updated.");
    await expect(card(page, "Nadia Office")).toContainText("2 Tower Plaza, 5th floor");

    await card(page, "Nadia Office").getByRole("button", { name: "Set as default" }).click();
    await expect(page.getByRole("status")).toContainText("Your default address has been changed.");
    await expect(card(page, "Nadia Office")).toContainText("Default");
    await expect(card(page, "Nadia Home")).not.toContainText("Default");
    await expect(card(page, "Nadia Home").getByRole("button", { name: "Set as default" })).toBeVisible();

    // Deleting asks first: a dialog over the list with JS, the confirmation page without.
    await card(page, "Nadia Office").getByRole("link", { name: "Delete" }).click();
    const confirm = jsEnabled ? page.getByRole("dialog", { name: "Delete Address" }) : page.getByRole("main");
    if (jsEnabled) await expect(page).toHaveURL(/\/manage-address$/);
    else await expect(page).toHaveURL(/\/manage-address\/\d+\/delete$/);
    await expect(confirm.getByText("Do you really want to delete the address of Nadia Office?")).toBeVisible();
    await checkA11y();
    if (jsEnabled) {
      await confirm.getByRole("button", { name: "Cancel" }).click();
      await expect(page.getByRole("dialog")).toHaveCount(0);
      await expect(card(page, "Nadia Office")).toBeVisible();
      await card(page, "Nadia Office").getByRole("link", { name: "Delete" }).click();
    } else {
      await confirm.getByRole("link", { name: "Cancel" }).click();
      await expect(page).toHaveURL(/\/manage-address$/);
      await card(page, "Nadia Office").getByRole("link", { name: "Delete" }).click();
    }
    await confirm.getByRole("button", { name: "Yes, Delete" }).click();
    await expect(page).toHaveURL(/\/manage-address$/);
    await expect(page.getByRole("status")).toContainText("The address has been deleted.");
    await expect(card(page, "Nadia Office")).toHaveCount(0);
    // The deleted one was the default: the remaining (oldest) address took its place.
    await expect(card(page, "Nadia Home")).toContainText("Default");
    await expect(page.getByRole("dialog")).toHaveCount(0);
  });

  test("another shopper's address is not found on any of its pages", async ({ page, context, baseURL }) => {
    const owner = await newShopper(context, baseURL!, "Address Owner");
    const db = database();
    const { lastInsertRowid } = db
      .prepare("INSERT INTO addresses (user_id, name, phone, address_line, is_default) VALUES (?, 'Private Place', '5550100999', '9 Hidden Lane', 1)")
      .run(owner.id);
    db.close();
    await context.clearCookies();
    await newShopper(context, baseURL!, "Curious Shopper");

    for (const url of [`/manage-address/${lastInsertRowid}/edit`, `/manage-address/${lastInsertRowid}/delete`, "/manage-address/abc/edit"]) {
      const response = await page.goto(url);
      expect(response?.status(), url).toBe(404);
      await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
    }
    const posts = [
      page.request.post(`${baseURL}/manage-address/${lastInsertRowid}/delete`, { maxRedirects: 0 }),
      page.request.post(`${baseURL}/manage-address?index`, { form: { intent: "set-default", id: String(lastInsertRowid) }, maxRedirects: 0 }),
      page.request.post(`${baseURL}/manage-address/${lastInsertRowid}/edit`, {
        form: { name: "Hijacked", phone: "5550100000", address_line: "Elsewhere 1", address_type: "home" },
        maxRedirects: 0,
      }),
    ];
    for (const response of await Promise.all(posts)) expect(response.status()).toBe(404);

    const check = database();
    expect(check.prepare("SELECT name, is_default FROM addresses WHERE id = ?").get(lastInsertRowid)).toEqual({ name: "Private Place", is_default: 1 });
    check.close();
  });

  test("profile: details are checked, and a new photo shows in the menu and the header", async ({ page, context, baseURL, checkA11y }) => {
    const shopper = await newShopper(context, baseURL!, "Photo Shopper");
    await page.goto("/profile");
    await expect(page).toHaveTitle("My Profile - Bazaar");
    const form = page.getByRole("main");
    await expect(form.getByLabel("Full name")).toHaveValue("Photo Shopper");
    await expect(form.getByLabel("Email")).toHaveValue(shopper.email);
    await expect(form.getByLabel("Phone")).toHaveValue(shopper.phone);
    await expect(form.getByLabel("Country code")).toHaveValue(/\d+/);
    await checkA11y();

    // A text file dressed up as a PNG, and a birthday in the future, are refused.
    await form.getByLabel("Full name").fill("Photo Shopper Renamed");
    await form.getByLabel("Date of birth (optional)").fill("2999-01-01");
    await form.getByLabel("Profile photo (optional)").setInputFiles({ name: "photo.png", mimeType: "image/png", buffer: Buffer.from("not a picture at all") });
    await form.getByRole("button", { name: "Save Changes" }).click();
    await expect(form.getByText("Enter a date of birth in the past.")).toBeVisible();
    await expect(form.getByLabel("Full name")).toHaveValue("Photo Shopper Renamed");
    await checkA11y();
    await form.getByLabel("Date of birth (optional)").fill("1991-04-12");
    await form.getByLabel("Profile photo (optional)").setInputFiles({ name: "photo.png", mimeType: "image/png", buffer: Buffer.from("not a picture at all") });
    await form.getByRole("button", { name: "Save Changes" }).click();
    await expect(form.getByText("The photo must be a JPEG, PNG or WebP picture.")).toBeVisible();
    await checkA11y();

    const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: "#2d6cdf" } }).png().toBuffer();
    await form.getByLabel("Profile photo (optional)").setInputFiles({ name: "me.png", mimeType: "image/png", buffer: png });
    await form.getByLabel("Gender (optional)").selectOption({ label: "Female" });
    await form.getByRole("button", { name: "Save Changes" }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole("status")).toContainText("Your profile has been updated.");
    await expect(form.getByLabel("Full name")).toHaveValue("Photo Shopper Renamed");
    await expect(form.getByLabel("Date of birth (optional)")).toHaveValue("1991-04-12");
    await expect(form.getByLabel("Gender (optional)")).toHaveValue("female");

    const menuPhoto = page.getByRole("navigation", { name: "Account menu" }).getByRole("img", { name: "Profile photo of Photo Shopper Renamed" });
    await expect(menuPhoto).toHaveAttribute("src", /^\/media\/avatars\/[a-f0-9]{32}\.webp$/);
    const src = (await menuPhoto.getAttribute("src"))!;
    await expect(page.getByRole("banner").locator(`img[src="${src}"]`)).toBeVisible();
    const photo = await page.request.get(src);
    expect(photo.headers()["content-type"]).toBe("image/webp");
    const meta = await sharp(await photo.body()).metadata();
    expect([meta.width, meta.height]).toEqual([256, 256]);
    await checkA11y();
  });

  test("change password: checked, then every other sign-in ends and this one stays", async ({ page, context, baseURL, browser, jsEnabled, checkA11y }) => {
    const shopper = await newShopper(context, baseURL!, "Password Shopper");
    const elsewhere = await browser.newContext();
    await signIn(elsewhere, baseURL!, shopper.email, PASSWORD);
    expect((await elsewhere.request.get(`${baseURL}/dashboard`, { maxRedirects: 0 })).status()).toBe(200);

    await page.goto("/change-password");
    await expect(page).toHaveTitle("Change Password - Bazaar");
    await checkA11y();
    const form = page.getByRole("main");
    await form.getByLabel("Current password").fill("not my password");
    await form.getByLabel("New password").fill("second secret 2");
    await form.getByLabel("Confirm Password").fill("second secret 3");
    await form.getByRole("button", { name: "Change Password" }).click();
    await expect(form.getByText("Confirm Password does not match.")).toBeVisible();
    await checkA11y();

    await form.getByLabel("Current password").fill("not my password");
    await form.getByLabel("New password").fill("second secret 2");
    await form.getByLabel("Confirm Password").fill("second secret 2");
    await form.getByRole("button", { name: "Change Password" }).click();
    await expect(form.getByText("The current password is not correct.")).toBeVisible();
    // The server never sends passwords back into the page (with JS the browser keeps what was typed).
    if (!jsEnabled) await expect(form.getByLabel("Current password")).toHaveValue("");

    await form.getByLabel("Current password").fill(PASSWORD);
    await form.getByLabel("New password").fill("second secret 2");
    await form.getByLabel("Confirm Password").fill("second secret 2");
    await form.getByRole("button", { name: "Change Password" }).click();
    await expect(page).toHaveURL(/\/change-password$/);
    await expect(page.getByRole("status")).toContainText("Your password has been changed.");
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/dashboard$/);

    // The other browser was signed out; the new password signs in, the old one no longer does.
    expect((await elsewhere.request.get(`${baseURL}/dashboard`, { maxRedirects: 0 })).status()).toBe(302);
    const old = await elsewhere.request.post(`${baseURL}/login`, { form: { phone: shopper.email, password: PASSWORD }, maxRedirects: 0 });
    expect(old.status()).toBe(400);
    await signIn(elsewhere, baseURL!, shopper.email, "second secret 2");
    await elsewhere.close();
  });

  test("in Arabic the account pages read right to left", async ({ page, context, baseURL, checkA11y }) => {
    await newShopper(context, baseURL!, "Arabic Shopper");
    await page.goto("/manage-address/new");
    await page.locator("summary", { hasText: "English" }).click();
    await page.getByRole("button", { name: "العربية" }).click();
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page).toHaveTitle("إضافة عنوان جديد - Bazaar");
    const form = page.getByRole("main");
    await form.getByRole("button", { name: "حفظ العنوان" }).click();
    await expect(form.getByText("أدخل اسمًا.")).toBeVisible();
    await expect(form.getByText("أدخل العنوان.")).toBeVisible();
    await checkA11y();

    await page.goto("/profile");
    await expect(page.getByRole("heading", { name: "ملفي الشخصي" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "قائمة الحساب" }).getByRole("link", { name: "إدارة العناوين" })).toBeVisible();
    await checkA11y();
    await page.goto("/change-password");
    await expect(page.getByRole("heading", { name: "تغيير كلمة المرور" })).toBeVisible();
    await checkA11y();
  });
});
