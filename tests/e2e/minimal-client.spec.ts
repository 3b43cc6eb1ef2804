import { expect, test } from "./fixtures";
import { MinimalClient } from "./support/minimal-client";

/*
 * The shop driven with only what a minimal client sends (Lynx, w3m, an old phone browser): every form is submitted
 * with the body its HTML gives — named fields and the pressed named button, no form=, formaction or formmethod, no
 * JavaScript, no HTML5 validation (ADR 0018). Headless Chromium without JS would hide what these clients get wrong.
 */

// A sweater of Summit Outfitters whose colours cost extra (the seed is deterministic).
const SWEATER = { id: 33, name: "Premium Cashmere Knit Sweater", shop: "Summit Outfitters" };

const cartCount = (client: MinimalClient) => Number(client.text.match(/Cart, (\d+) items?/)?.[1]);

test.describe("a minimal client", () => {
  test.skip(({ jsEnabled }) => jsEnabled, "no browser is involved: the journey runs once, in the no-js project");

  test("registers, logs out and in, adds a colour, changes the quantity, selects the shop, pays cash, cancels, logs out", async ({ request }) => {
    const client = new MinimalClient(request);
    const stamp = `${Date.now()}`.slice(-8);
    const email = `lynx-${stamp}@example.test`;

    await client.open("/register");
    await client.submit(/Sign Up/, /^Sign Up$/, { name: "Lynx Shopper", country: "1", phone: `56${stamp}`, email, password: "secret123" });
    expect(client.text).toContain("Lynx Shopper");
    await client.open("/logout");
    await client.submit(/Yes/, /^Yes$/);
    expect(client.url).toBe("/");
    expect(client.text).toContain("Logout successfully");

    await client.open("/login");
    await client.submit(/Password/, /^Login$/, { phone: email, password: "secret123" });
    expect(client.text).toContain("Lynx Shopper");
    expect(cartCount(client)).toBe(0);

    // 'Update price' prices the chosen colour and never touches the cart.
    await client.open(`/products/${SWEATER.id}/details`);
    const colours = client.form(/Add to Cart/).controls.filter((control) => control.name === "color");
    const colour = colours.find((control) => !control.checked)!;
    const colourName = client.html.match(new RegExp(`value="${colour.value}"[^>]*/?>\\s*<span[^>]*>(?:<span[^>]*></span>)?<span>([^<]+)</span>`))?.[1];
    expect(colourName).toBeTruthy();
    await client.submit(/Add to Cart/, /^Update price$/, { color: colour.value });
    expect(client.url).toMatch(new RegExp(`^/products/${SWEATER.id}/details\\?color=${colour.value}&`));
    expect(client.form(/Add to Cart/).controls.find((control) => control.name === "color" && control.checked)?.value).toBe(colour.value);
    expect(cartCount(client)).toBe(0);

    await client.submit(/Add to Cart/, /^Add to Cart$/);
    expect(client.text).toContain(`${SWEATER.name} has been added to cart`);
    expect(cartCount(client)).toBe(1);

    await client.open("/cart");
    expect(client.text).toContain(`Color: ${colourName}`);
    await client.submit(new RegExp(`Increase quantity of ${SWEATER.name}`), /Increase/);
    expect(client.text).toMatch(new RegExp(`Quantity of ${SWEATER.name} ?: 2 `));

    // The shop's selection is said in words; pressed until it says selected.
    const selection = () => client.text.match(new RegExp(`Select ${SWEATER.shop} for checkout (\\((?:selected for checkout|not selected)\\))`))?.[1];
    if (selection() === "(not selected)") await client.submit(new RegExp(`Select ${SWEATER.shop} for checkout`), /Select/);
    expect(selection()).toBe("(selected for checkout)");
    await client.submit(/Proceed to Checkout/, /Proceed to Checkout/);
    expect(client.url).toBe("/checkout");

    await client.open("/manage-address/new?redirectTo=/checkout");
    await client.submit(/Save Address/, /Save Address/, { name: "Lynx Shopper", phone: "5550102222", address_line: "2 Text Street" });
    expect(client.url).toBe("/checkout");
    await client.submit(/Place Order/, /Place Order/, { payment_method: "cash" });
    expect(client.url).toMatch(/^\/order-confirmation\/\d+$/);
    const orderId = client.html.match(/href="\/order-history\/(\d+)"/)![1];

    await client.open(`/order-history/${orderId}`);
    expect(client.text).toContain(SWEATER.name);
    expect(client.text).toContain(`Order #${orderId} Pending`);
    await client.open(`/order-history/${orderId}/cancel`);
    await client.submit(/Yes, Cancel Order/, /Yes, Cancel Order/);
    expect(client.text).toContain(`Order #${orderId} has been cancelled.`);
    await client.open(`/order-history/${orderId}`);
    expect(client.text).toContain(`Order #${orderId} Cancelled`);

    await client.open("/logout");
    await client.submit(/Yes/, /^Yes$/);
    expect(client.text).toContain("Logout successfully");
    expect(client.text).not.toContain("Lynx Shopper");
    await client.open(`/order-history/${orderId}`);
    expect(client.url, "signed out: the account area is closed").toBe("/");
  });

  test("sorts a list with the Sort form, keeping the filters", async ({ request }) => {
    const client = new MinimalClient(request);
    await client.open("/products?color_id=1");
    await client.submit(/Sort by/, /^Sort$/, { sort: "price_low_high" });
    expect(client.url).toBe("/products?color_id=1&sort=price_low_high");
    // The price each card shows first (the price paid).
    const prices = [...client.html.matchAll(/<p class="card-prices"><span[^>]*><span class="sr-only">[^<]*(?:<!-- -->)?: <\/span><span>\$([\d,.]+)<\/span>/g)]
      .map((match) => Number(match[1].replace(/,/g, "")));
    expect(prices.length).toBeGreaterThan(1);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    // A filter applied next keeps the sort.
    await client.submit(/Filters/, /^Apply filters$/, { rating: "4" });
    expect(client.url).toMatch(/[?&]sort=price_low_high(&|$)/);
    expect(client.url).toMatch(/[?&]color_id=1(&|$)/);
  });
});
