import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestDatabase, describeEachDatabase, type TestDatabase } from "../../../tests/integration/support/databases";
import { resolveCurrency } from "~/lib/context.server";
import { createDb } from "~/lib/db.server";
import { THEME_KEYS, parseSettingInput } from "./settings.schema";
import { getSettings, updateSettings } from "./settings.server";

describeEachDatabase("settings", (kind) => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase(kind);
    await test.db.insertInto("languages").values([
      { name: "en", title: "English", direction: "ltr", is_default: 1 },
      { name: "ar", title: "العربية", direction: "rtl", is_default: 0 },
    ]).execute();
    await test.db.insertInto("currencies").values([
      { name: "USD", symbol: "$", rate_from_default: 1, is_default: 1 },
      { name: "EUR", symbol: "€", rate_from_default: 0.92, is_default: 0 },
    ]).execute();
  });
  afterAll(() => test.drop());

  it("answers every field with its default on a new shop", async () => {
    const settings = await getSettings(test.db);
    expect(settings.appName).toBe("Bazaar");
    expect([settings.locale, settings.langDirection]).toEqual(["en", "ltr"]);
    expect(settings.multiVendor).toBe(true);
    expect(settings.phoneMinLength).toBe(9);
    expect(settings.phoneMaxLength).toBe(16);
    expect(settings.currency).toEqual({ name: "USD", symbol: "$", position: "prefix", rate_from_default: 1 });
    expect(settings.languages.map((l) => [l.name, l.direction])).toEqual([["en", "ltr"], ["ar", "rtl"]]);
    expect(settings.themeColors).toBeNull();
  });

  it("shows a change on the next read, also when another process made it", async () => {
    await getSettings(test.db);
    await updateSettings(test.db, { multiVendor: false, registerOtpVerify: true });
    expect((await getSettings(test.db)).multiVendor).toBe(false);

    // Another process writes straight to the table and bumps the version stamp.
    await test.db.updateTable("settings").set({ value: "true" }).where("key", "=", "multiVendor").execute();
    await test.db.updateTable("settings").set({ value: "other-process" }).where("key", "=", "_version").execute();
    const settings = await getSettings(test.db);
    expect(settings.multiVendor).toBe(true);
    expect(settings.registerOtpVerify).toBe(true);
  });

  it("shows a change another connection committed, also after reads that changed nothing", async () => {
    const other = createDb(test.url);
    try {
      const before = await getSettings(test.db);
      expect(await getSettings(test.db)).toBe(before);
      await updateSettings(other, { appName: "Other Process Shop" });
      expect((await getSettings(test.db)).appName).toBe("Other Process Shop");
      // A write elsewhere that leaves the settings as they were keeps the settings read.
      const kept = await getSettings(test.db);
      await other.insertInto("brands").values({ name: "Unrelated", slug: "unrelated", logo: null }).execute();
      expect(await getSettings(test.db)).toBe(kept);
    } finally {
      await updateSettings(other, { appName: "Bazaar" });
      await other.destroy();
    }
  });

  it("refuses an invalid value and writes nothing", async () => {
    await expect(updateSettings(test.db, { appName: "Shop", phoneMinLength: -3 })).rejects.toThrow();
    expect((await getSettings(test.db)).appName).toBe("Bazaar");
  });

  it("falls back to the default for a hand-broken stored value", async () => {
    await test.db.insertInto("settings").values({ key: "phoneMaxLength", value: "{not json" })
      .onConflict((oc) => oc.column("key").doUpdateSet({ value: "{not json" })).execute();
    await updateSettings(test.db, { appName: "Bazaar" });
    expect((await getSettings(test.db)).phoneMaxLength).toBe(16);
  });

  it("gives theme colours only when all twelve values exist", async () => {
    const eleven = Object.fromEntries(THEME_KEYS.slice(0, 11).map((k) => [k, "#112233"]));
    await updateSettings(test.db, { theme: eleven });
    expect((await getSettings(test.db)).themeColors).toBeNull();
    await updateSettings(test.db, { theme: { ...eleven, [THEME_KEYS[11]]: "#445566" } });
    const colors = (await getSettings(test.db)).themeColors;
    expect(colors && Object.keys(colors)).toHaveLength(12);
    expect(colors?.["950"]).toBe("#445566");
  });

  it("falls back to the default currency when the chosen one is gone", async () => {
    const settings = await getSettings(test.db);
    expect(resolveCurrency(settings, "EUR")).toMatchObject({ name: "EUR", symbol: "€", rate_from_default: 0.92 });
    expect(resolveCurrency(settings, "GBP")).toMatchObject({ name: "USD", rate_from_default: 1 });
    expect(resolveCurrency(settings, undefined)).toMatchObject({ name: "USD" });
  });
});

it("reads command-line values by the setting's type", () => {
  expect(parseSettingInput("multiVendor", "false")).toBe(false);
  expect(parseSettingInput("phoneMinLength", "10")).toBe(10);
  expect(parseSettingInput("appName", "My Shop")).toBe("My Shop");
  expect(parseSettingInput("mobile", "5550100")).toBe("5550100");
  expect(() => parseSettingInput("multiVendor", "maybe")).toThrow(/Invalid value for multiVendor/);
});
