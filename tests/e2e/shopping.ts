import type { Page } from "@playwright/test";
import { expect } from "./fixtures";

/** "$1,234.56" → 123456 minor units. */
export function minorUnits(text: string): number {
  const match = text.match(/([\d,]+\.\d{2})/);
  if (!match) throw new Error(`no amount in "${text}"`);
  return Math.round(Number(match[1].replace(/,/g, "")) * 100);
}

/** Add to Cart on a product page with its preselected options. */
export async function addToCart(page: Page, product: string) {
  await page.goto(product);
  await page.getByRole("button", { name: "Add to Cart", exact: true }).click();
  await expect(page.getByRole("status")).toContainText("has been added to cart");
}

/** The units in stock a product page shows. */
export async function stockOf(page: Page, product: string): Promise<number> {
  await page.goto(product);
  return Number((await page.getByText(/^\d+ in stock$/).innerText()).match(/\d+/)![0]);
}

/** 'Add new address' on the checkout (or Buy Now) page, filled in and saved: back on that page. */
export async function addAddressFromCheckout(page: Page, line: string, back = "/checkout") {
  await page.getByRole("link", { name: "Add new address" }).click();
  await expect(page).toHaveURL(new RegExp(`/manage-address/new\\?redirectTo=${encodeURIComponent(back)}$`));
  const form = page.getByRole("main");
  await form.getByLabel("Recipient name").fill("Checkout Tester");
  await form.getByLabel("Phone").fill("5550109999");
  await form.getByLabel("Address", { exact: true }).fill(line);
  await form.getByRole("button", { name: "Save Address" }).click();
  await expect(page).toHaveURL(new RegExp(`${back}$`));
}

/** One figure of the checkout's order summary, as the shopper reads it. */
export async function summaryAmount(page: Page, term: string | RegExp): Promise<number> {
  const box = page.getByRole("complementary").locator("dl").first();
  return minorUnits(await box.locator("div", { has: page.locator("dt", { hasText: term }) }).locator("dd").innerText());
}
