import { describe, expect, it } from "vitest";
import { resources, translatorFor } from "./i18n.server";
import { Translations, type Resources } from "./translation";

const texts: Resources = {
  en: {
    common: { greeting: "Hello {{name}}", nested: { deep: "Deep" }, items_one: "{{count}} item", items_other: "{{count}} items", items_zero: "No items" },
    cart: { title: "My Cart" },
  },
  ar: { common: { items_one: "عنصر واحد", items_two: "عنصران", items_few: "{{count}} عناصر", items_many: "{{count}} عنصرًا", items_other: "{{count}} عنصر" }, cart: {} },
};

describe("the components' translator", () => {
  const en = new Translations("en", texts);
  const ar = new Translations("ar", texts);

  it("finds nested keys in the namespace, or in the one the key names", () => {
    expect(en.t("common", "nested.deep")).toBe("Deep");
    expect(en.t("common", "cart:title")).toBe("My Cart");
    expect(en.t("cart", "title")).toBe("My Cart");
  });

  it("fills in values and leaves unknown placeholders as they are", () => {
    expect(en.t("common", "greeting", { name: "Amina" })).toBe("Hello Amina");
    expect(en.t("common", "greeting")).toBe("Hello {{name}}");
  });

  it("chooses plural forms by the language's rules, _zero first for 0", () => {
    expect([0, 1, 2].map((count) => en.t("common", "items", { count }))).toEqual(["No items", "1 item", "2 items"]);
    expect([1, 2, 3, 11, 100].map((count) => ar.t("common", "items", { count }))).toEqual(["عنصر واحد", "عنصران", "3 عناصر", "11 عنصرًا", "100 عنصر"]);
  });

  it("falls back to English, then to a default text or the key", () => {
    expect(ar.t("common", "greeting", { name: "Omar" })).toBe("Hello Omar");
    expect(ar.t("common", "missing.key")).toBe("missing.key");
    expect(ar.t("common", "missing.key", "Default")).toBe("Default");
  });

  it("says what i18next says for every text of the shop's own locale files", () => {
    for (const language of ["en", "ar"] as const) {
      const ours = new Translations(language, resources as unknown as Resources);
      const theirs = translatorFor(language);
      for (const [namespace, tree] of Object.entries(resources[language])) {
        for (const key of keysOf(tree as Record<string, unknown>)) {
          const values = { count: 3, name: "X", shop: "Y", amount: "$1.00", code: "C", id: 7, days: 2, date: "D", max: 5, min: 1 };
          expect(ours.t("common", `${namespace}:${key}`, values), `${language} ${namespace}:${key}`).toBe(theirs(`${namespace}:${key}`, values));
        }
      }
    }
  });
});

/** Every key of a locale tree, plural forms given once by their base key. */
function keysOf(tree: Record<string, unknown>, prefix = ""): string[] {
  const keys = new Set<string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = `${prefix}${key}`.replace(/_(zero|one|two|few|many|other)$/, "");
    if (typeof value === "string") keys.add(path);
    else for (const inner of keysOf(value as Record<string, unknown>, `${path}.`)) keys.add(inner);
  }
  return [...keys];
}
