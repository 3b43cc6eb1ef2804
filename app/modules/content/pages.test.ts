import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestDatabase, describeEachDatabase, type TestDatabase } from "../../../tests/integration/support/databases";
import { seedDatabase } from "~/db/seed";
import { getSettings } from "~/modules/settings/settings.server";
import { contactDetails, findLegalPage, legalPagePath } from "./pages.server";

describeEachDatabase("policy pages and contact details", (kind) => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase(kind);
    await seedDatabase(test.db, { products: 20 });
  });
  afterAll(() => test?.drop());

  it("opens each seeded page by slug as plain paragraphs", async () => {
    for (const [slug, title] of [
      ["terms-and-conditions", "Terms & Conditions"],
      ["privacy-policy", "Privacy Policy"],
      ["return-policy", "Return Policy"],
      ["about-us", "About Us"],
      ["shipping-policy", "Shipping Policy"],
    ]) {
      const page = await findLegalPage(test.db, slug);
      expect(page).toMatchObject({ slug, title, updated_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) });
      expect(page!.paragraphs.length).toBeGreaterThan(1);
      expect(page!.paragraphs.every((p) => p.trim() === p && p.length > 0)).toBe(true);
    }
  });

  it("answers null for an unknown slug", async () => {
    expect(await findLegalPage(test.db, "no-such-page")).toBeNull();
    expect(await findLegalPage(test.db, "' OR 1=1 --")).toBeNull();
  });

  it("reads the contact details from the settings", async () => {
    expect(contactDetails(await getSettings(test.db))).toEqual({
      phone: "+1 555 0100",
      email: "support@bazaar.example",
      whatsapp: "+1 555 0100",
      messenger: "https://m.me/bazaar.example",
      address: "350 Market Street, Suite 12, San Francisco, CA 94105, USA",
    });
  });
});

it("gives the named pages their own address and the others /page/{slug}", () => {
  expect(legalPagePath("terms-and-conditions")).toBe("/terms-and-conditions");
  expect(legalPagePath("about-us")).toBe("/about-us");
  expect(legalPagePath("shipping-policy")).toBe("/page/shipping-policy");
  expect(legalPagePath("a b")).toBe("/page/a%20b");
});
