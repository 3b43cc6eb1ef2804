import { expect, test } from "./fixtures";
import { Lynx, lynxMissing } from "./support/lynx";

/*
 * The minimal-client journey again, through real Lynx (ADR 0018): keystrokes in a terminal, the requests Lynx itself
 * builds from the HTML. Lynx shows each page as text, so what is asserted is what its user reads.
 */

const SWEATER = { id: 33, name: "Premium Cashmere Knit Sweater", shop: "Summit Outfitters" };
const cartCount = (text: string) => Number(text.match(/Cart, (\d+) items?/)?.[1]);

test.describe("Lynx", () => {
  test.skip(({ jsEnabled }) => jsEnabled, "Lynx runs no JavaScript: the journey runs once, in the no-js project");
  const missing = lynxMissing();
  test.skip(missing !== null, missing ?? "");

  test("registers, logs out and in, adds a colour, changes the quantity, selects the shop, pays cash, cancels, logs out", async ({ shopServer }) => {
    test.setTimeout(120_000);
    const lynx = new Lynx(shopServer.baseURL);
    const stamp = `${Date.now()}`.slice(-8);
    const email = `lynx-${stamp}@example.test`;
    try {
      let result = lynx.submit("/register", {
        type: { "Full Name": "Lynx", Phone: `57${stamp}`, Email: email, Password: "secret123" },
        choose: { Country: 1 },
        press: "Sign Up",
      });
      expect(result.text).toContain("Register Successful");
      result = lynx.submit("/logout", { press: "Yes" });
      expect(result.text).toContain("Logout successfully");
      expect(lynx.read("/")).not.toContain("Log Out");

      result = lynx.submit("/login", { type: { "Email or Phone": email, Password: "secret123" }, press: "Login" });
      expect(result.text).toContain("Login Successful");

      // 'Update price' shows the chosen colour's price and leaves the cart alone.
      result = lynx.submit(`/products/${SWEATER.id}/details`, { check: ["White"], press: "Update price" });
      expect(result.url).toMatch(new RegExp(`^/products/${SWEATER.id}/details\\?color=\\d+&`));
      const priced = lynx.read(result.url);
      expect(priced).toMatch(/\(\*\) White/);
      expect(cartCount(priced)).toBe(0);
      result = lynx.submit(result.url, { press: "Add to Cart" });
      expect(result.text).toContain(`${SWEATER.name} has been added to cart`);

      expect(lynx.read("/cart")).toContain("Color: White");
      lynx.submit("/cart", { press: `+Increase quantity of ${SWEATER.name}` });
      expect(lynx.read("/cart")).toContain(`Quantity of ${SWEATER.name}: 2`);
      // The shop's selection is said in words; pressed until it says selected.
      const selected = `Select ${SWEATER.shop} for checkout\n   (selected for checkout)`;
      if (!lynx.read("/cart").includes(selected)) lynx.submit("/cart", { press: `Select ${SWEATER.shop} for checkout` });
      expect(lynx.read("/cart")).toContain(selected);
      result = lynx.submit("/cart", { press: "Proceed to Checkout" });
      expect(result.url).toBe("/checkout");

      result = lynx.submit("/manage-address/new?redirectTo=/checkout", {
        type: { "Recipient name": "Lynx", Phone: "5550103333", Address: "3-Text-Street" },
        press: "Save Address",
      });
      expect(result.url).toBe("/checkout");
      result = lynx.submit("/checkout", { check: ["Cash on Delivery"], press: "Place Order" });
      expect(result.url, "the order is placed").toMatch(/^\/order-confirmation\/\d+$/);
      // The confirmation's number is the checkout's; the order is the newest of the history.
      const orderId = lynx.read("/order-history").match(/Order #(\d+)/)?.[1];
      expect(orderId, "the history lists the order").toBeTruthy();
      expect(lynx.read(`/order-history/${orderId}`)).toMatch(new RegExp(`Order #${orderId}\\s+Pending`));

      result = lynx.submit(`/order-history/${orderId}/cancel`, { press: "Yes, Cancel Order" });
      expect(result.text).toContain(`Order #${orderId} has been cancelled.`);
      expect(lynx.read(`/order-history/${orderId}`)).toMatch(new RegExp(`Order #${orderId}\\s+Cancelled`));

      result = lynx.submit("/logout", { press: "Yes" });
      expect(result.text).toContain("Logout successfully");
      expect(lynx.read("/")).not.toContain("Lynx");
    } finally {
      lynx.close();
    }
  });

  test("sorts a list with the Sort form, keeping the filters", async ({ shopServer }) => {
    const lynx = new Lynx(shopServer.baseURL);
    try {
      const result = lynx.submit("/products?color_id=1", { choose: { "Sort by": 3 }, press: "Sort" });
      expect(result.url).toBe("/products?color_id=1&sort=price_low_high");
      // The price each card shows first (the price paid).
      const prices = [...result.text.matchAll(/^\s*(?:Discounted price|Price): \$([\d,.]+)/gm)].map((match) => Number(match[1].replace(/,/g, "")));
      expect(prices.length).toBeGreaterThan(1);
      expect(prices).toEqual([...prices].sort((a, b) => a - b));
    } finally {
      lynx.close();
    }
  });
});
