import fs from "node:fs";
import { expect, test } from "./fixtures";
import { readInArabic, registerShopper, signInAs, signInByEmail } from "./session";

/** A small real PDF document, made here as a shopper's scanned receipt. */
const RECEIPT = Buffer.from(
  "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n" +
    "3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 100]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
  "latin1",
);
/** A text file that calls itself a PDF. */
const FAKE_PDF = Buffer.from("These are my notes, not a PDF.\n");

test.describe("support tickets", () => {
  test.slow();

  test("a shopper opens a ticket with a PDF; the admin answers and completes it; only the shopper sees it and its file", async ({ page, context, baseURL, checkA11y }) => {
    const shopper = await registerShopper(context, baseURL!, "Ticket");
    await signInByEmail(context, baseURL!, shopper.email);
    await page.goto("/support-tickets");
    await expect(page.getByRole("heading", { level: 1, name: "Support Tickets" })).toBeVisible();
    await expect(page.getByText("No tickets in progress.")).toBeVisible();
    await checkA11y();

    await page.getByRole("link", { name: "New Ticket" }).click();
    await expect(page).toHaveURL(/\/support-tickets\/new$/);
    await expect(page.getByRole("textbox", { name: "Email" })).toHaveValue(shopper.email);
    // Too little said: each field says what it needs, beside it.
    await page.getByRole("textbox", { name: "Subject" }).fill("Hi");
    await page.getByRole("button", { name: "Open Ticket" }).click();
    await expect(page.getByText("Choose an issue type.")).toBeVisible();
    await expect(page.getByText("The subject must be 3 to 150 characters.")).toBeVisible();
    await expect(page.getByText("Write a message.")).toBeVisible();
    await checkA11y();

    // A file named .pdf that is not one is refused by its content; what was typed stays.
    const attachments = page.getByLabel("Attachments (optional)");
    await page.getByRole("combobox", { name: "Issue type" }).selectOption({ label: "Delivery" });
    await page.getByRole("textbox", { name: "Subject" }).fill("The mug arrived broken");
    await page.getByRole("textbox", { name: "Message" }).fill("The box was crushed and the mug inside is in pieces.");
    await attachments.setInputFiles({ name: "notes.pdf", mimeType: "application/pdf", buffer: FAKE_PDF });
    await page.getByRole("button", { name: "Open Ticket" }).click();
    await expect(page.getByText("notes.pdf is not a JPG, PNG or PDF file: its content must be what its name says.")).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Subject" })).toHaveValue("The mug arrived broken");
    await expect(page.getByRole("textbox", { name: "Message" })).toHaveValue("The box was crushed and the mug inside is in pieces.");
    await checkA11y();

    await page.getByLabel("Attachments (optional)").setInputFiles({ name: "receipt.pdf", mimeType: "application/pdf", buffer: RECEIPT });
    await page.getByRole("button", { name: "Open Ticket" }).click();
    await expect(page).toHaveURL(/\/support-ticket\/T[A-Z0-9]{8}$/);
    const ticketNumber = page.url().match(/(T[A-Z0-9]{8})$/)![1];
    await expect(page.getByRole("status")).toContainText(`Ticket ${ticketNumber} has been opened.`);
    await expect(page.getByRole("heading", { level: 1, name: `Ticket ${ticketNumber}` })).toBeVisible();
    await expect(page.getByRole("main")).toContainText("Pending");
    const receiptLink = page.getByRole("link", { name: "receipt.pdf" });
    await expect(receiptLink.locator("xpath=..")).toContainText(`(${RECEIPT.byteLength} bytes)`);
    const attachmentHref = (await receiptLink.getAttribute("href"))!;
    await checkA11y();
    await page.goto("/support-tickets");
    await expect(page.getByRole("heading", { level: 2, name: "The mug arrived broken" })).toBeVisible();
    await expect(page.getByRole("main")).toContainText(ticketNumber);
    await expect(page.getByRole("link", { name: "Running" })).toContainText("1");

    // The platform admin finds it by its number, answers it, confirms it and completes it.
    await signInByEmail(context, baseURL!, "admin@example.com");
    await page.goto("/shop-console");
    await page.getByRole("link", { name: "Tickets", exact: true }).click();
    await page.getByRole("searchbox", { name: "Ticket number" }).fill(ticketNumber.toLowerCase());
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page.getByRole("main")).toContainText(shopper.name);
    await checkA11y();
    await page.getByRole("link", { name: "View Ticket" }).click();
    await expect(page).toHaveURL(new RegExp(`/shop-console/tickets/${ticketNumber}$`));
    await expect(page.getByRole("main")).toContainText("The box was crushed and the mug inside is in pieces.");
    await page.getByRole("textbox", { name: "Answer to the customer" }).fill("Sorry about that! A new mug is on its way.");
    await page.getByRole("button", { name: "Send Reply" }).click();
    await expect(page.getByRole("status")).toContainText(`Your answer has been added to ticket ${ticketNumber}.`);
    await page.getByRole("button", { name: "Confirm" }).click();
    await expect(page.getByRole("status")).toContainText(`Ticket ${ticketNumber} is now Confirmed.`);
    await page.getByRole("button", { name: "Complete" }).click();
    await expect(page.getByRole("status")).toContainText(`Ticket ${ticketNumber} is now Completed.`);
    await expect(page.getByText("This ticket needs nothing more from support.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Send Reply" })).toHaveCount(0);
    await checkA11y();

    // The shopper reads the answer, sees the ticket Completed, and downloads the receipt sent with it.
    await signInByEmail(context, baseURL!, shopper.email);
    await page.goto(`/support-ticket/${ticketNumber}`);
    const answer = page.getByRole("listitem").filter({ hasText: "Sorry about that! A new mug is on its way." });
    await expect(answer).toContainText("Support team");
    await expect(page.getByRole("main")).toContainText("Completed");
    await expect(page.getByText("This ticket is Completed: it takes no more messages.")).toBeVisible();
    await checkA11y();
    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "receipt.pdf" }).click();
    const received = await download;
    expect(received.suggestedFilename()).toBe("receipt.pdf");
    expect(fs.readFileSync((await received.path())!)).toEqual(RECEIPT);
    await page.goto("/support-tickets?status=completed");
    await expect(page.getByRole("heading", { level: 2, name: "The mug arrived broken" })).toBeVisible();
    await checkA11y();

    // Another shopper gets Page Not Found for the ticket and its file; so does a guest for the file.
    await signInAs(context, baseURL!, 2);
    expect((await page.goto(`/support-ticket/${ticketNumber}`))?.status()).toBe(404);
    expect((await context.request.get(`${baseURL}${attachmentHref}`)).status()).toBe(404);
    await context.clearCookies();
    expect((await context.request.get(`${baseURL}${attachmentHref}`)).status()).toBe(404);
  });

  test("the admin's answer reaches the shopper's open ticket: live with JS, on the next load without", async ({ page, context, browser, baseURL, jsEnabled, checkA11y }) => {
    const shopper = await registerShopper(context, baseURL!, "Live Ticket");
    await signInByEmail(context, baseURL!, shopper.email);
    await page.goto("/support-tickets/new");
    await page.getByRole("combobox", { name: "Issue type" }).selectOption({ label: "Delivery" });
    await page.getByRole("textbox", { name: "Subject" }).fill("Where is my parcel?");
    await page.getByRole("textbox", { name: "Message" }).fill("It was due on Monday.");
    await page.getByRole("button", { name: "Open Ticket" }).click();
    await expect(page).toHaveURL(/\/support-ticket\/T[A-Z0-9]{8}$/);
    const ticketPage = page.url();
    const ticketNumber = ticketPage.match(/(T[A-Z0-9]{8})$/)![1];
    // The ticket's own page belongs to "Support Ticket" in the account menu.
    await expect(page.getByRole("navigation", { name: "Account menu" }).getByRole("link", { name: /^Support Ticket/ })).toContainText("(current)");

    const adminContext = await browser.newContext({ baseURL, javaScriptEnabled: jsEnabled });
    const admin = await adminContext.newPage();
    await signInByEmail(adminContext, baseURL!, "admin@example.com");
    await admin.goto(`/shop-console/tickets/${ticketNumber}`);
    const answer = `It left our depot this morning. ${Date.now()}`;
    await admin.getByRole("textbox", { name: "Answer to the customer" }).fill(answer);
    await admin.getByRole("button", { name: "Send Reply" }).click();
    await expect(admin.getByRole("status")).toContainText(`Your answer has been added to ticket ${ticketNumber}.`);
    await admin.getByRole("button", { name: "Confirm" }).click();
    await expect(admin.getByRole("status")).toContainText(`Ticket ${ticketNumber} is now Confirmed.`);
    await adminContext.close();

    if (!jsEnabled) await page.reload();
    await expect(page.getByRole("listitem").filter({ hasText: answer })).toContainText("Support team");
    await expect(page.getByRole("main")).toContainText("Confirmed");
    expect(page.url()).toBe(ticketPage);
    await checkA11y();
  });

  test("in Arabic the ticket pages read right to left, with their messages in Arabic; the admin confirms in Arabic", async ({ page, context, baseURL, checkA11y }) => {
    const shopper = await registerShopper(context, baseURL!, "Arabic Ticket");
    await signInByEmail(context, baseURL!, shopper.email);
    await readInArabic(context, baseURL!);
    await page.goto("/support-tickets/new");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.getByRole("heading", { level: 1, name: "تذكرة جديدة" })).toBeVisible();
    await page.getByRole("button", { name: "فتح التذكرة" }).click();
    await expect(page.getByText("اختر نوع المشكلة.")).toBeVisible();
    await expect(page.getByText("اكتب رسالة.")).toBeVisible();
    await checkA11y();

    await page.getByRole("combobox", { name: "نوع المشكلة" }).selectOption({ label: "الدفع" });
    await page.getByRole("textbox", { name: "الموضوع" }).fill("خُصم المبلغ مرتين");
    await page.getByRole("textbox", { name: "الرسالة" }).fill("دفعت مرة واحدة لكن البطاقة خُصمت مرتين.");
    await page.getByRole("button", { name: "فتح التذكرة" }).click();
    await expect(page).toHaveURL(/\/support-ticket\/T[A-Z0-9]{8}$/);
    const ticketNumber = page.url().match(/(T[A-Z0-9]{8})$/)![1];
    await expect(page.getByRole("status")).toContainText(`تم فتح التذكرة ${ticketNumber}.`);
    await expect(page.getByRole("main")).toContainText("قيد الانتظار");
    await checkA11y();
    await page.goto("/support-tickets");
    await expect(page.getByRole("heading", { level: 1, name: "تذاكر الدعم" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "خُصم المبلغ مرتين" })).toBeVisible();
    await checkA11y();

    await signInByEmail(context, baseURL!, "admin@example.com");
    await readInArabic(context, baseURL!);
    await page.goto("/shop-console/tickets");
    await expect(page.getByRole("heading", { level: 1, name: "تذاكر الدعم" })).toBeVisible();
    await checkA11y();
    await page.goto(`/shop-console/tickets/${ticketNumber}`);
    await page.getByRole("button", { name: "تأكيد" }).click();
    await expect(page.getByRole("status")).toContainText(`أصبحت التذكرة ${ticketNumber} مؤكدة.`);
    await expect(page.getByRole("button", { name: "إكمال" })).toBeVisible();
    await checkA11y();
  });
});
