import { describe, expect, it } from "vitest";
import { DEFAULT_CURRENCY } from "./money";
import { GUEST, type Shopper, type Translate } from "./personal";
import { fillPersonal, NONCE_MARKER, showsOwnRecord, templateParts, templatePersonal } from "./personal.server";

const translate: Translate = (_namespace, key, values) => `${key}${values ? ` ${JSON.stringify(values)}` : ""}`;
const shopper: Shopper = {
  ...GUEST,
  user: { id: 3, name: "Zoë <Admin> & Co", phone: null, phone_code: null, profile_photo: null } as Shopper["user"],
  counts: { wishlist: 1, cart: 2, messages: 0 },
  cartTotal: 1250,
};
/** A page as a render with markers writes it: the shopper's name, the nonce and their data block. */
const name = templatePersonal(shopper, translate).personal.text("user.name");
const json = templatePersonal(shopper, translate).personal.json();

describe("pages with markers for the shopper's own parts", () => {
  it("fills in the shopper's texts escaped as React escapes them, the nonce and the data block, as UTF-8", () => {
    const template = `<p>Hello ${name} – ٪</p><script nonce="${NONCE_MARKER}">1</script><script type="application/json">${json}</script>`;
    const page = fillPersonal(template, shopper, translate, DEFAULT_CURRENCY, "abc").toString("utf8");
    expect(page.startsWith('<p>Hello Zoë &lt;Admin&gt; &amp; Co – ٪</p><script nonce="abc">1</script><script type="application/json">')).toBe(true);
    const data = page.slice(page.lastIndexOf('json">') + 'json">'.length, page.lastIndexOf("</script>"));
    expect(JSON.parse(data).user).toMatchObject({ id: 3, name: "Zoë <Admin> & Co" });
    expect(page).not.toMatch(/[\uE000\uE001]/);
  });

  it("leaves what only looks like a marker as it is", () => {
    const lookAlikes = ["\uE000not a name\uE001", "\uE000user.name", "user.name\uE001", "\uE000\uE001"];
    for (const text of lookAlikes) {
      expect(fillPersonal(`<p>${text}</p>`, shopper, translate, DEFAULT_CURRENCY, "n").toString("utf8")).toBe(`<p>${text}</p>`);
    }
    // A start that is text, then a marker: the marker is still filled in.
    expect(fillPersonal(`a\uE000b c${name}d`, shopper, translate, DEFAULT_CURRENCY, "n").toString("utf8")).toBe("a\uE000b cZoë &lt;Admin&gt; &amp; Cod");
  });

  it("fills in a page given in the pieces it was drawn in as the same page given whole", () => {
    const pieces = [`<p>Hello ${name}</p><form><input value="`, "/products?q=a&amp;b", `"/></form>`, `<script nonce="${NONCE_MARKER}">1</script>`, "", `<i>${name} – ٪</i>`];
    const whole = fillPersonal(pieces.join(""), shopper, translate, DEFAULT_CURRENCY, "abc");
    expect(fillPersonal(pieces, shopper, translate, DEFAULT_CURRENCY, "abc").equals(whole)).toBe(true);
  });

  it("finds the shopper's own record in a page, also across the pieces it was drawn in", () => {
    const escaped = "Zoë &lt;Admin&gt; &amp; Co";
    expect(showsOwnRecord(`<p>${escaped}</p>`, shopper)).toBe(true);
    expect(showsOwnRecord(["<p>Zoë &lt;Ad", "min&gt; &amp", "; Co</p>"], shopper)).toBe(true);
    expect(showsOwnRecord(["<p>Z", "o", "ë &lt;Admin&gt; &amp; Co</p>"], shopper)).toBe(true);
    expect(showsOwnRecord(["<p>Zoë &lt;Admin&gt;", " </p><p>&amp; Co</p>"], shopper)).toBe(false);
    expect(showsOwnRecord([`<p>${name}</p>`], shopper)).toBe(false);
  });

  it("cuts a kept page into its fixed parts and the markers' names", () => {
    expect(templateParts(`<a>${name}</a>${NONCE_MARKER}\uE000x y\uE001`)).toEqual({ parts: ["<a>", "</a>", "\uE000x y\uE001"], names: ["user.name", "nonce"] });
    expect(templateParts("no markers")).toEqual({ parts: ["no markers"], names: [] });
  });
});
