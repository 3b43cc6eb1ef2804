import type { Locator, Page } from "@playwright/test";
import { expect, setSetting, test } from "./fixtures";
import { signInAsNewShopper } from "./session";
import { addAddressFromCheckout, addToCart, minorUnits, stockOf, summaryAmount } from "./shopping";

// Seeded demo facts (the seed is deterministic): the sweater (extra-priced colours and sizes) is sold by Summit
// Outfitters, whose SHOP6-10OFF takes 10 % up to $15.00 from a $30.00 spend; the sneakers by Urban Threads.
const SWEATER = { path: "/products/33/details", name: "Premium Cashmere Knit Sweater", shop: "Summit Outfitters" };
const SNEAKERS = { path: "/products/51/details", name: "Comfort Knit Sneakers", shop: "Urban Threads" };



async function chooseExtraPriced(group: Locator) {
  const label = group.locator("label").filter({ hasText: /\+\$/ }).first();
  await label.getByRole("radio").check();
}


const cartLine = (scope: Locator, name: string) => scope.getByRole("listitem").filter({ has: scope.page().getByRole("link", { name, exact: true }) });

for (const mode of ["multi-vendor", "single-vendor"] as const) {
  test.describe(`the buying path (${mode})`, () => {
    test.beforeEach(() => setSetting("multiVendor", mode === "multi-vendor" ? "true" : "false"));
    test.afterEach(() => setSetting("multiVendor", "true"));

    test("cart from two shops → voucher → checkout with a coupon → cash on delivery → history → cancel restocks", async ({ page, context, baseURL, jsEnabled, checkA11y }) => {
      test.slow();
      await signInAsNewShopper(context, baseURL!, mode === "multi-vendor" ? "Multi" : "Single");
      const stock = await stockOf(page, SWEATER.path);

      // Two products of two shops, the sweater in a colour and a size that cost extra; two sweaters.
      await chooseExtraPriced(page.getByRole("group", { name: /^Color/ }));
      await chooseExtraPriced(page.getByRole("group", { name: /^Size/ }));
      await page.getByRole("button", { name: "Add to Cart", exact: true }).click();
      await expect(page.getByRole("status")).toContainText(`${SWEATER.name} has been added to cart`);
      await page.goto(SNEAKERS.path);
      await page.getByRole("button", { name: "Add to Cart", exact: true }).click();
      await expect(page.getByRole("status")).toContainText(`${SNEAKERS.name} has been added to cart`);
      await page.goto("/cart");
      const main = page.getByRole("main");
      await cartLine(main, SWEATER.name).getByRole("button", { name: `Increase quantity of ${SWEATER.name}` }).click();
      await expect(main.getByRole("heading", { level: 1 })).toContainText("(3 items)");

      if (mode === "multi-vendor") {
        // A voucher of the sweater's shop, collected; then only that shop goes to checkout.
        await main.getByRole("link", { name: `Apply Store voucher with ${SWEATER.shop}` }).click();
        const vouchers = jsEnabled ? page.getByRole("dialog", { name: `Voucher from ${SWEATER.shop}` }) : main;
        await vouchers.getByRole("button", { name: /^Collect / }).first().click();
        await expect(page.getByRole("status")).toContainText(/Voucher SHOP6-\w+ collected/);
        if (jsEnabled) await page.keyboard.press("Escape");
        else await main.getByRole("link", { name: "Back to cart" }).click();
        await main.getByRole("button", { name: `Select ${SWEATER.shop} for checkout` }).click();
        await expect(main.getByRole("button", { name: `Select ${SWEATER.shop} for checkout` })).toHaveAttribute("aria-pressed", "true");
      }
      await main.getByRole("button", { name: "Proceed to Checkout" }).click();
      await expect(page).toHaveURL(/\/checkout$/);

      const items = page.getByRole("region", { name: "Items" });
      await expect(items.getByRole("article")).toHaveCount(mode === "multi-vendor" ? 1 : 2);
      if (mode === "multi-vendor") {
        await expect(items.getByText(SNEAKERS.name)).toHaveCount(0);
        // The collected voucher applies on its own.
        await expect(items.getByText(/^Store voucher SHOP6-/)).toBeVisible();
        expect(await summaryAmount(page, "Discount")).toBeGreaterThan(0);
      }

      await addAddressFromCheckout(page, "3 Lantern Lane");

      const coupon = page.getByRole("region", { name: "Coupon code" });
      await coupon.getByLabel("Coupon code").fill("SHOP6-10OFF");
      await coupon.getByRole("button", { name: "Apply" }).click();
      await expect(coupon.getByText("Coupon SHOP6-10OFF is applied.")).toBeVisible();
      await expect(items.getByText("Coupon SHOP6-10OFF")).toBeVisible();
      const sweaterShop = items.getByRole("article", { name: SWEATER.shop });
      const sweaterLine = minorUnits(await sweaterShop.getByRole("listitem").filter({ hasText: SWEATER.name }).locator("p.font-semibold").innerText());
      const payable = await summaryAmount(page, "Total Payable");
      const discount = await summaryAmount(page, "Discount");
      expect(discount).toBe(Math.min(Math.round(sweaterLine / 10), 1500));
      await checkA11y();

      await page.getByRole("button", { name: "Place Order" }).click();
      await expect(page).toHaveURL(/\/order-confirmation\/\d+$/);
      expect(minorUnits(await page.getByText(/^Total: /).innerText())).toBe(payable);
      const orderLink = page.getByRole("article").filter({ hasText: SWEATER.shop }).getByRole("link", { name: /^Order #\d+$/ });
      const orderId = Number((await orderLink.innerText()).match(/\d+/)![0]);

      // The order in the history, with the right total; cancelled while Pending, its stock comes back.
      await page.goto("/order-history");
      await expect(page.getByRole("main")).toContainText(`#${orderId}`);
      await page.goto(`/order-history/${orderId}`);
      const details = page.getByRole("main");
      const orderSummary = details.getByRole("region", { name: "Order Summary" });
      await expect(orderSummary.getByRole("term")).toContainText(["Subtotal", "Discount (coupon SHOP6-10OFF)", "Shipping Charge", "VAT (5%)", "Total Payable"]);
      const shopPayable = minorUnits(await orderSummary.getByRole("definition").last().innerText());
      if (mode === "multi-vendor") expect(shopPayable).toBe(payable);
      else expect(shopPayable).toBeLessThan(payable);
      expect(await stockOf(page, SWEATER.path)).toBe(stock - 2);

      await page.goto(`/order-history/${orderId}`);
      await details.getByRole("link", { name: "Cancel Order" }).click();
      const confirm = jsEnabled ? page.getByRole("dialog", { name: "Cancel Order" }) : page.getByRole("main");
      await confirm.getByRole("button", { name: "Yes, Cancel Order" }).click();
      await expect(page.getByRole("status")).toContainText(`Order #${orderId} has been cancelled.`);
      await expect(details.getByRole("region", { name: `Order #${orderId}` })).toContainText("Cancelled");
      expect(await stockOf(page, SWEATER.path)).toBe(stock);
    });
  });
}

test.describe("the buying path (online payment)", () => {
  test("checkout through the test gateway's hosted page → the order is Paid", async ({ page, context, baseURL, checkA11y }) => {
    await signInAsNewShopper(context, baseURL!, "Online");
    await addToCart(page, SNEAKERS.path);
    await page.goto("/cart");
    const main = page.getByRole("main");
    await main.getByRole("button", { name: `Select ${SNEAKERS.shop} for checkout` }).click();
    await expect(main.getByRole("button", { name: `Select ${SNEAKERS.shop} for checkout` })).toHaveAttribute("aria-pressed", "true");
    await main.getByRole("button", { name: "Proceed to Checkout" }).click();
    await addAddressFromCheckout(page, "5 Market Row");
    const payable = await summaryAmount(page, "Total Payable");

    await page.getByRole("radio", { name: "Test Gateway" }).check();
    await page.getByRole("button", { name: "Place Order" }).click();
    await expect(page).toHaveURL(/\/payments\/test\/\d+$/);
    await expect(page.getByText(`$${(payable / 100).toFixed(2)}`)).toBeVisible();
    await checkA11y();
    await page.getByRole("button", { name: "Pay now" }).click();
    await expect(page).toHaveURL(/\/order-history\/\d+$/);
    await expect(page.getByRole("status").getByText("Payment successful")).toBeVisible();
    await expect(page.getByRole("main").getByRole("region", { name: "Payment" })).toContainText("Paid");
    await expect(page.getByRole("main").getByRole("button", { name: "Make Payment" })).toHaveCount(0);
  });
});
