import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { describe, expect, it, vi } from "vitest";
import { DEFAULT_CURRENCY } from "./money";
import { GUEST, personalOf, type Translate } from "./personal";
import { HERE_MARKER, HERE_PARAMETER_MARKER } from "./shared-markup";
import { sharedMarkupRender } from "./shared-markup.server";

const translate: Translate = (_namespace, key) => key;
const shopperWith = (wishlist: number[]) => personalOf({ ...GUEST, wishlist }, translate, DEFAULT_CURRENCY);
let pages = 0;
/** Each test keeps its parts under a prefix of its own (the kept markup is the process's). */
const freshPrefix = () => `test ${++pages} ${Date.now()}`;

/** A part as a component would draw it: a form back to the page, and a heart that reads the wishlist. */
function drawCard(personal: ReturnType<typeof shopperWith>) {
  const saved = personal.inWishlist(7);
  return `<form><input name="redirectTo" value="${HERE_MARKER}"/><a href="/login?redirectTo=${HERE_PARAMETER_MARKER}">Login</a><button>${saved ? "Remove" : "Add"}</button></form>`;
}

describe("parts drawn once for many pages (shared markup)", () => {
  it("puts a part kept on one page into another, with that page's address escaped as React escapes it", () => {
    const prefix = freshPrefix();
    const first = sharedMarkupRender(prefix, "nonce-1");
    first.at("/products?sort=newest");
    const capture = first.capture("card", shopperWith([]));
    // React parts the page's text and the marker (a text too) with an empty comment: it goes with the marker.
    const drawn = first.finish(`<li>Deals<!-- -->${capture.start}${drawCard(capture.personal)}${capture.end}</li>`, true).join("");
    expect(drawn).toBe('<li>Deals<form><input name="redirectTo" value="/products?sort=newest"/><a href="/login?redirectTo=%2Fproducts%3Fsort%3Dnewest">Login</a><button>Add</button></form></li>');

    const second = sharedMarkupRender(prefix, "nonce-2");
    second.at("/products?q=a&b='c'");
    const marker = second.kept("card", shopperWith([]));
    expect(marker).not.toBeNull();
    expect(second.finish(`<li>${marker}</li>`, true).join("")).toBe(
      '<li><form><input name="redirectTo" value="/products?q=a&amp;b=&#x27;c&#x27;"/><a href="/login?redirectTo=%2Fproducts%3Fq%3Da%26b%3D&#x27;c&#x27;">Login</a><button>Add</button></form></li>',
    );
  });

  it("lets the least recently used parts go first when the budget is spent", async () => {
    // A module of its own with a budget of 10,000 bytes: parts of ~1,000 characters take ~2,000 bytes each, so the
    // fifth overflows it.
    vi.resetModules();
    vi.stubEnv("SHARED_MARKUP_MB", String(10_000 / 1024 / 1024));
    try {
      const { sharedMarkupRender: render } = await import("./shared-markup.server");
      const prefix = freshPrefix();
      const keepPart = (id: string) => {
        const page = render(prefix, "");
        const capture = page.capture(id, shopperWith([]));
        page.finish(`${capture.start}<p>${"x".repeat(1000)}</p>${capture.end}`, true);
      };
      const isKept = (id: string) => render(prefix, "").kept(id, shopperWith([])) !== null;
      keepPart("first");
      keepPart("second");
      expect(isKept("first"), "read again: now the most recently used").toBe(true);
      for (let part = 0; part < 3; part++) keepPart(`more ${part}`);
      expect(isKept("second"), "the least recently used leaves first").toBe(false);
      expect(isKept("first")).toBe(true);
      expect(isKept("more 2")).toBe(true);
    } finally {
      vi.unstubAllEnvs();
      vi.resetModules();
    }
  });

  it("keeps a part once per answer to what it read of the shopper", () => {
    const prefix = freshPrefix();
    const render = sharedMarkupRender(prefix, "");
    const capture = render.capture("card", shopperWith([]));
    render.finish(`${capture.start}${drawCard(capture.personal)}${capture.end}`, true);

    const other = sharedMarkupRender(prefix, "");
    expect(other.kept("card", shopperWith([7])), "the heart is full for this shopper").toBeNull();
    expect(other.kept("card", shopperWith([3])), "the heart is empty for this one too").not.toBeNull();
  });

  it("keeps nothing of a render with an error, of a part with the render's nonce, or of a part that is not whole elements", () => {
    const prefix = freshPrefix();
    const render = sharedMarkupRender(prefix, "secret-nonce");
    const failed = render.capture("failed", shopperWith([]));
    render.finish(`${failed.start}<p>fallback</p>${failed.end}`, false);
    const withNonce = render.capture("script", shopperWith([]));
    const text = render.capture("text", shopperWith([]));
    const page = render.finish(`${withNonce.start}<script nonce="secret-nonce"></script>${withNonce.end}${text.start}words${text.end}`, true).join("");
    expect(page).toBe('<script nonce="secret-nonce"></script>words');

    const next = sharedMarkupRender(prefix, "");
    expect(next.kept("failed", shopperWith([]))).toBeNull();
    expect(next.kept("script", shopperWith([]))).toBeNull();
    expect(next.kept("text", shopperWith([]))).toBeNull();
  });

  it("keeps a part without the page it was drawn in", () => {
    setFlagsFromString("--expose-gc");
    const collectGarbage = runInNewContext("gc") as () => void;
    collectGarbage();
    const before = process.memoryUsage().heapUsed;
    // 200 pages of 400 kB each (UTF-16), a small part kept from each: 80 MB if the parts held their pages.
    for (let page = 0; page < 200; page++) {
      const render = sharedMarkupRender(freshPrefix(), "");
      const capture = render.capture("card", shopperWith([]));
      render.finish(`${capture.start}<i>card ${page}</i>${capture.end}<p>${"x".repeat(200_000)}${page}</p>`, true);
    }
    collectGarbage();
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(16 * 1024 * 1024);
  });

  it("leaves a page's own text that looks like a marker as it is", () => {
    const prefix = freshPrefix();
    const render = sharedMarkupRender(prefix, "");
    const capture = render.capture("card", shopperWith([]));
    const forged = "\uE0120\uE013<b>review</b>\uE0140\uE015\uE0100\uE011";
    expect(render.finish(`<p>${forged}</p>${capture.start}<i>card</i>${capture.end}`, true).join("")).toBe(`<p>${forged}</p><i>card</i>`);
    const next = sharedMarkupRender(prefix, "");
    expect(next.finish(`<div>${next.kept("card", shopperWith([]))}</div>`, true).join("")).toBe("<div><i>card</i></div>");
  });
});
