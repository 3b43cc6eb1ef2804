import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../tests/integration/support/databases";
import { getSettings, updateSettings, type Settings } from "~/modules/settings/settings.server";
import { detectLocale, localeCookie, translatorFor } from "./i18n.server";

function request(headers: Record<string, string>) {
  return new Request("http://shop.test/", { headers });
}

describe("language of a request", () => {
  let test: TestDatabase;
  let settings: Settings;
  beforeAll(async () => {
    test = await createTestDatabase("sqlite");
    await test.db.insertInto("languages").values([
      { name: "en", title: "English", direction: "ltr", is_default: 1 },
      { name: "ar", title: "العربية", direction: "rtl", is_default: 0 },
      { name: "fr", title: "Français", direction: "ltr", is_default: 0 },
    ]).execute();
    settings = await getSettings(test.db);
  });
  afterAll(() => test.drop());

  it("takes the shopper's pick from the locale cookie first", async () => {
    const cookie = await localeCookie.serialize("ar");
    expect(await detectLocale(request({ Cookie: cookie, "Accept-Language": "fr" }), settings)).toBe("ar");
  });

  it("honours Accept-Language on a first visit", async () => {
    expect(await detectLocale(request({ "Accept-Language": "fr-CA,fr;q=0.9,en;q=0.5" }), settings)).toBe("fr");
  });

  it("falls back to the shop's default for unknown or broken values", async () => {
    await updateSettings(test.db, { defaultLocale: "ar" });
    const withArDefault = await getSettings(test.db);
    expect(await detectLocale(request({ "Accept-Language": "de-DE" }), withArDefault)).toBe("ar");
    expect(await detectLocale(request({ Cookie: "locale=%%%broken", "Accept-Language": "??" }), withArDefault)).toBe("ar");
    expect(await detectLocale(request({ Cookie: await localeCookie.serialize("xx") }), withArDefault)).toBe("ar");
  });

  it("translates with the in-memory resources", () => {
    expect(translatorFor("ar")("notFound.title")).toBe("الصفحة غير موجودة");
    expect(translatorFor("en")("header.cartCount", { count: 2 })).toBe("Cart, 2 items");
  });
});
