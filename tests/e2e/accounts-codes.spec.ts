import { request as playwrightRequest, type BrowserContext, type Locator, type Page } from "@playwright/test";
import { test, expect, setSetting } from "./fixtures";
import { readInArabic } from "./session";

/** A number and an e-mail no other test or project uses (accounts stay in the e2e database). */
let serial = 0;
function uniqueAccount(tag: string, project: string) {
  const stamp = `${Date.now()}${serial++}`;
  return {
    name: `Codes ${tag}`,
    email: `${tag}-${project}-${stamp}@example.com`,
    phone: `2${stamp.slice(-9)}`,
    password: "first password",
  };
}
type Account = ReturnType<typeof uniqueAccount>;

/** The code in the latest message to `recipient`, read from /dev/outbox as a developer would. */
async function codeFromOutbox(context: BrowserContext, recipient: string): Promise<string> {
  const outbox = await context.newPage();
  try {
    await outbox.goto("/dev/outbox");
    await expect(outbox.getByRole("heading", { level: 1, name: "Outbox" })).toBeVisible();
    const message = outbox.getByRole("article").filter({ hasText: recipient }).first();
    const body = await message.locator("p").last().textContent();
    const code = body?.match(/\b(\d{4})\b/)?.[1];
    if (!code) throw new Error(`No code for ${recipient} in the outbox: ${body}`);
    return code;
  } finally {
    await outbox.close();
  }
}

async function messagesTo(context: BrowserContext, recipient: string): Promise<number> {
  const outbox = await context.newPage();
  try {
    await outbox.goto("/dev/outbox");
    return await outbox.getByRole("article").filter({ hasText: recipient }).count();
  } finally {
    await outbox.close();
  }
}

async function fillRegistration(form: Locator, account: Account) {
  await form.getByLabel("Full Name").fill(account.name);
  await form.getByLabel("Country").selectOption({ label: "United States (+1)" });
  await form.getByLabel("Phone").fill(account.phone);
  await form.getByLabel("Email").fill(account.email);
  await form.getByLabel("Password", { exact: true }).fill(account.password);
}

/** The registration form: the /register page, or with JS the dialog opened from Login → Sign Up. */
async function openRegistration(page: Page, jsEnabled: boolean): Promise<Locator> {
  if (!jsEnabled) {
    await page.goto("/register");
    return page.getByRole("main");
  }
  await page.goto("/");
  await page.getByRole("banner").getByRole("link", { name: "Login" }).click();
  await page.getByRole("dialog", { name: "Login" }).getByRole("link", { name: "Sign Up" }).click();
  const dialog = page.getByRole("dialog", { name: "Sign Up" });
  await expect(dialog.getByLabel("Full Name")).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  return dialog;
}

async function typeCode(form: Locator, code: string) {
  for (const [index, digit] of [...code].entries()) await form.getByLabel(`Digit ${index + 1} of 4`).fill(digit);
}

/** Creates an account through the registration form's own POST, outside the browser's session. */
async function registerDirectly(baseURL: string, account: Account) {
  const api = await playwrightRequest.newContext({ baseURL });
  try {
    const response = await api.post("/register", {
      form: { name: account.name, country: "1", phone: account.phone, email: account.email, password: account.password, redirectTo: "/" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(303);
  } finally {
    await api.dispose();
  }
}

test.describe("registration and one-time codes", () => {
  test.beforeEach(() => setSetting("registerOtpVerify", "false"));
  test.afterAll(() => setSetting("registerOtpVerify", "false"));

  test("registration checks its fields, signs the shopper in, and the new account logs in again", async ({ page, jsEnabled, checkA11y }, info) => {
    // Several pages and form states, each audited by axe.
    test.slow();
    const account = uniqueAccount("register", info.project.name);
    const form = await openRegistration(page, jsEnabled);
    await expect(form.getByRole("heading", { name: "Sign Up" })).toBeVisible();
    await expect(form.getByRole("link", { name: "Terms & Conditions" })).toHaveAttribute("href", "/terms-and-conditions");
    await expect(form.getByRole("link", { name: "Privacy Policy" })).toHaveAttribute("href", "/privacy-policy");
    await checkA11y();

    // The chosen country's code is the phone's prefix.
    await form.getByLabel("Country").selectOption({ label: "Bangladesh (+880)" });
    if (jsEnabled) await expect(form.getByText("Country code +880", { exact: true })).toBeVisible();

    // A phone too short for the settings (9 to 16 digits) and an e-mail that has an account already.
    await fillRegistration(form, { ...account, phone: "555-01", email: "customer@example.com" });
    await form.getByRole("button", { name: "Sign Up" }).click();
    await expect(form.getByText("The phone must be between 9 and 16 digits.")).toBeVisible();
    await expect(form.getByLabel("Full Name")).toHaveValue(account.name);
    await checkA11y();

    // The password is never sent back: without JS it is typed again.
    if (!jsEnabled) await expect(form.getByLabel("Password", { exact: true })).toHaveValue("");
    await form.getByLabel("Phone").fill(`(${account.phone.slice(0, 3)}) ${account.phone.slice(3)}`);
    await form.getByLabel("Password", { exact: true }).fill(account.password);
    await form.getByRole("button", { name: "Sign Up" }).click();
    await expect(form.getByText("The email has already been taken.")).toBeVisible();
    await expect(form.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");

    await form.getByLabel("Email").fill(account.email);
    await form.getByLabel("Password", { exact: true }).fill(account.password);
    await form.getByRole("button", { name: "Sign Up" }).click();
    await expect(page.getByRole("status")).toContainText("Register Successful");
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page.getByRole("banner")).toContainText(account.name);

    await page.goto("/logout");
    await page.getByRole("main").getByRole("button", { name: "Yes" }).click();
    await expect(page.getByRole("banner").getByRole("link", { name: "Login" })).toBeVisible();

    // Logs in with the phone as typed with its country code.
    await page.goto("/login");
    await page.getByLabel("Email or Phone").fill(`+1 ${account.phone}`);
    await page.getByLabel("Password", { exact: true }).fill(account.password);
    await page.getByRole("main").getByRole("button", { name: "Login" }).click();
    await expect(page.getByRole("status")).toContainText("Login Successful");
    await expect(page.getByRole("banner")).toContainText(account.name);
  });

  test("with OTP on, the code from the outbox confirms the account; a wrong one keeps the form", async ({ page, context, jsEnabled, checkA11y }, info) => {
    // Several pages and form states, each audited by axe.
    test.slow();
    setSetting("registerOtpVerify", "true");
    const account = uniqueAccount("otp", info.project.name);
    const recipient = `+1${account.phone}`;
    const form = await openRegistration(page, jsEnabled);
    await fillRegistration(form, account);
    await form.getByRole("button", { name: "Sign Up" }).click();

    // Signed in at once, the account waits for its code: the code step replaces the form.
    const codeForm = jsEnabled ? page.getByRole("dialog", { name: "Verify OTP" }) : page.getByRole("main");
    if (jsEnabled) await expect(page).toHaveURL(/\/$/);
    else await expect(page).toHaveURL(/\/verify-otp\?redirectTo=%2F$/);
    await expect(codeForm.getByRole("heading", { name: "Verify OTP" })).toBeVisible();
    await expect(codeForm.getByText(`We sent a 4-digit code to ${recipient}.`)).toBeVisible();
    await expect(codeForm.getByText(/Resend code in 00:\d\d sec/)).toBeVisible();
    await expect(codeForm.getByRole("button", { name: "Resend OTP" })).toHaveCount(0);
    await expect(page.getByRole("status")).toContainText("Register Successful");
    for (const n of [1, 2, 3, 4]) {
      const box = codeForm.getByLabel(`Digit ${n} of 4`);
      await expect(box).toHaveAttribute("inputmode", "numeric");
      await expect(box).toHaveAttribute("maxlength", "1");
    }
    await checkA11y();

    const code = await codeFromOutbox(context, recipient);
    const wrong = code === "0000" ? "1111" : "0000";
    if (jsEnabled) {
      // Typing moves from box to box; Backspace in an empty box goes back to the one before.
      await codeForm.getByLabel("Digit 1 of 4").click();
      await page.keyboard.type(wrong.slice(0, 3));
      await expect(codeForm.getByLabel("Digit 4 of 4")).toBeFocused();
      await page.keyboard.press("Backspace");
      await expect(codeForm.getByLabel("Digit 3 of 4")).toBeFocused();
      await page.keyboard.type(wrong.slice(2));
      await expect(codeForm.getByLabel("Digit 4 of 4")).toHaveValue(wrong[3]);
    } else {
      await typeCode(codeForm, wrong);
    }
    await codeForm.getByRole("button", { name: "Confirm" }).click();
    await expect(codeForm.getByText("The OTP is invalid.")).toBeVisible();
    await expect(codeForm.getByRole("heading", { name: "Verify OTP" })).toBeVisible();
    await expect(codeForm.getByLabel("Digit 1 of 4")).toHaveAttribute("aria-invalid", "true");
    if (!jsEnabled) await expect(page).toHaveURL(/\/verify-otp/);
    await checkA11y();

    // Asking for a new code within the 60 s is refused by the server too, and sends nothing.
    const early = await page.request.post("/verify-otp", { form: { intent: "resend", redirectTo: "/" }, maxRedirects: 0 });
    expect(early.status()).toBe(400);
    expect(await early.text()).toContain("Please wait until the countdown ends before asking for a new code.");
    expect(await messagesTo(context, recipient)).toBe(1);

    if (jsEnabled) {
      // Pasting the code fills all four boxes.
      await codeForm.getByLabel("Digit 1 of 4").evaluate((box, text) => {
        const data = new DataTransfer();
        data.setData("text", text);
        box.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
      }, code);
      await expect(codeForm.getByLabel("Digit 4 of 4")).toHaveValue(code[3]);
    } else {
      await typeCode(codeForm, code);
    }
    await codeForm.getByRole("button", { name: "Confirm" }).click();
    await expect(page.getByRole("status")).toContainText("Your account is confirmed. Thank you!");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page).toHaveURL(/\/$/);

    // Confirmed: nothing is left to confirm, so the code page sends the shopper on.
    await page.goto("/verify-otp");
    await expect(page).toHaveURL(/\/$/);
  });

  test("forgot password: a code by phone, a new password, then login with it", async ({ page, context, baseURL, jsEnabled, checkA11y }, info) => {
    // Several pages and form states, each audited by axe.
    test.slow();
    const account = uniqueAccount("forgot", info.project.name);
    await registerDirectly(baseURL!, account);

    let form: Locator;
    if (jsEnabled) {
      await page.goto("/");
      await page.getByRole("banner").getByRole("link", { name: "Login" }).click();
      await page.getByRole("dialog", { name: "Login" }).getByRole("link", { name: "Forgot Password?" }).click();
      form = page.getByRole("dialog", { name: "Forgot Password" });
    } else {
      await page.goto("/login");
      await page.getByRole("main").getByRole("link", { name: "Forgot Password?" }).click();
      await expect(page).toHaveURL(/\/forgot-password$/);
      form = page.getByRole("main");
    }
    await expect(form.getByRole("heading", { name: "Forgot Password" })).toBeVisible();
    await checkA11y();

    if (jsEnabled) {
      await form.getByRole("button", { name: "Send Code" }).click();
      await expect(form.getByText("The country field is required", { exact: true })).toBeVisible();
      await expect(form.getByText("The phone or email field is required", { exact: true })).toBeVisible();
    } else {
      // The browser's own check stops an empty form without JS; the server gives the same texts.
      const refused = await page.request.post("/forgot-password", { form: { country: "", phone: "" } });
      expect(refused.status()).toBe(400);
      const html = await refused.text();
      expect(html).toContain("The country field is required");
      expect(html).toContain("The phone or email field is required");
      await form.getByLabel("Country").selectOption({ label: "United States (+1)" });
      await form.getByLabel("Email or Phone").fill("   ");
      await form.getByRole("button", { name: "Send Code" }).click();
      await expect(form.getByText("The phone or email field is required", { exact: true })).toBeVisible();
    }
    await checkA11y();

    await form.getByLabel("Country").selectOption({ label: "United States (+1)" });
    await form.getByLabel("Email or Phone").fill(account.email);
    await form.getByRole("button", { name: "Send Code" }).click();

    const codeForm = jsEnabled ? page.getByRole("dialog", { name: "Verify OTP" }) : page.getByRole("main");
    // The same answer whether or not the account exists; the address the code went to is not in the URL.
    await expect(codeForm.getByText(`If an account exists for ${account.email}, we have sent it a 4-digit code.`)).toBeVisible();
    if (!jsEnabled) await expect(page).toHaveURL(/\/verify-otp$/);
    await checkA11y();

    // forgotOtpType is "phone": the code went to the account's phone.
    const code = await codeFromOutbox(context, `+1${account.phone}`);
    await typeCode(codeForm, code);
    await codeForm.getByRole("button", { name: "Confirm" }).click();

    const resetForm = jsEnabled ? page.getByRole("dialog", { name: "New Password" }) : page.getByRole("main");
    await expect(resetForm.getByRole("heading", { name: "New Password" })).toBeVisible();
    if (!jsEnabled) await expect(page).toHaveURL(/\/reset-password$/);
    await resetForm.getByRole("textbox", { name: "New Password" }).fill("second password");
    await resetForm.getByRole("textbox", { name: "Confirm Password" }).fill("second passw0rd");
    await resetForm.getByRole("button", { name: "Reset Password" }).click();
    await expect(resetForm.getByText("Confirm Password does not match.", { exact: true })).toBeVisible();
    await checkA11y();

    await resetForm.getByRole("textbox", { name: "New Password" }).fill("second password");
    await resetForm.getByRole("textbox", { name: "Confirm Password" }).fill("second password");
    await resetForm.getByRole("button", { name: "Reset Password" }).click();
    await expect(page.getByRole("status")).toContainText("Your password has been changed.");
    const login = jsEnabled ? page.getByRole("dialog", { name: "Login" }) : page.getByRole("main");
    if (!jsEnabled) await expect(page).toHaveURL(/\/login$/);
    await expect(login.getByRole("heading", { name: "Login" })).toBeVisible();

    // The token was used up: the new-password page sends the shopper back to step 1.
    if (!jsEnabled) {
      await page.goto("/reset-password");
      await expect(page).toHaveURL(/\/forgot-password$/);
      await expect(page.getByRole("status")).toContainText("This password reset has expired.");
      await page.goto("/login");
    }

    await login.getByLabel("Email or Phone").fill(account.email);
    await login.getByLabel("Password", { exact: true }).fill(account.password);
    await login.getByRole("button", { name: "Login" }).click();
    await expect(login.getByText("These credentials do not match our records.")).toBeVisible();
    await login.getByLabel("Password", { exact: true }).fill("second password");
    await login.getByRole("button", { name: "Login" }).click();
    await expect(page.getByRole("status")).toContainText("Login Successful");
    await expect(page.getByRole("banner")).toContainText(account.name);
  });

  test("the registration form speaks Arabic, right to left", async ({ page, context, baseURL, checkA11y }) => {
    await readInArabic(context, baseURL!);
    await page.goto("/register");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page).toHaveTitle("إنشاء حساب - Bazaar");
    const form = page.getByRole("main");
    await form.getByLabel("الاسم الكامل").fill("أمينة");
    await form.getByLabel("الدولة").selectOption({ label: "United States (+1)" });
    await form.getByLabel("الهاتف").fill("123");
    await form.getByLabel("البريد الإلكتروني").fill("amina-ar@example.com");
    await form.getByLabel("كلمة المرور", { exact: true }).fill("long enough");
    await form.getByRole("button", { name: "إنشاء حساب" }).click();
    await expect(form.getByText("يجب أن يتكون رقم الهاتف من 9 إلى 16 رقمًا.")).toBeVisible();
    await checkA11y();
  });

  test("the dev outbox is there outside production", async ({ page, checkA11y }) => {
    const response = await page.goto("/dev/outbox");
    expect(response?.status()).toBe(200);
    expect(response?.headers()["cache-control"]).toContain("no-store");
    await expect(page.getByRole("heading", { level: 1, name: "Outbox" })).toBeVisible();
    await checkA11y();
  });
});
