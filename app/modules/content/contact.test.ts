import { parseWithZod } from "@conform-to/zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, describeEachDatabase, type TestDatabase } from "../../../tests/integration/support/databases";
import enContent from "../../../public/locales/en/content.json";
import { seedDatabase } from "~/db/seed";
import { contactSchema } from "./contact.schema";
import { storeContactMessage } from "./contact.server";

/** The field errors of a submission (none when it succeeded). */
function errorsOf(values: Record<string, string>) {
  const submission = parseWithZod(form(values), { schema: contactSchema });
  return submission.status === "error" ? submission.error : null;
}

function form(values: Record<string, string>) {
  const data = new FormData();
  for (const [key, value] of Object.entries(values)) data.set(key, value);
  return data;
}

const valid = { name: "Amina Haddad", phone: "+1 (555) 010-0100", subject: "Where is my order?", message: "My order has not arrived yet, can you help?" };

describe("contact form rules", () => {
  it("accepts a complete message and keeps only the phone's digits and +", () => {
    const submission = parseWithZod(form(valid), { schema: contactSchema });
    expect(submission.status).toBe("success");
    expect(submission.status === "success" && submission.value).toEqual({ ...valid, phone: "+15550100100" });
  });

  it("requires every field, with a message for each", () => {
    expect(errorsOf({ name: "", phone: " ", subject: "", message: "" })).toEqual({
      name: ["content:contact.errors.nameRequired"],
      phone: ["content:contact.errors.phoneRequired"],
      subject: ["content:contact.errors.subjectRequired"],
      message: ["content:contact.errors.messageRequired"],
    });
  });

  it("refuses letters in the phone, and names, subjects and messages of the wrong length", () => {
    expect(errorsOf({ name: "A", phone: "555-CALL-NOW", subject: "Hi", message: "Too short" })).toEqual({
      name: ["content:contact.errors.nameLength"],
      phone: ["content:contact.errors.phoneInvalid"],
      subject: ["content:contact.errors.subjectLength"],
      message: ["content:contact.errors.messageLength"],
    });
    expect(errorsOf({ ...valid, phone: "+123456" })).toEqual({ phone: ["content:contact.errors.phoneInvalid"] });
    expect(errorsOf({ ...valid, phone: "1234567890123456" })).toEqual({ phone: ["content:contact.errors.phoneInvalid"] });
    expect(errorsOf({ ...valid, message: "x".repeat(2001) })).toEqual({ message: ["content:contact.errors.messageLength"] });
  });

  it("has an English text for every message key", () => {
    const errors = enContent.contact.errors as Record<string, string>;
    for (const key of ["nameRequired", "nameLength", "phoneRequired", "phoneInvalid", "subjectRequired", "subjectLength", "messageRequired", "messageLength"]) {
      expect(errors[key]).toBeTruthy();
    }
  });
});

describeEachDatabase("contact messages", (kind) => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase(kind);
    await seedDatabase(test.db, { products: 10 });
  });
  afterAll(() => test?.drop());

  it("stores a guest's and a shopper's message", async () => {
    const guestId = await storeContactMessage(test.db, { ...valid, phone: "+15550100100", userId: null });
    const shopperId = await storeContactMessage(test.db, { ...valid, subject: "Invoice", userId: 1 });
    const rows = await test.db.selectFrom("contact_messages").selectAll().orderBy("id").execute();
    expect(rows.map((r) => r.id)).toEqual([guestId, shopperId]);
    expect(rows[0]).toMatchObject({ name: valid.name, phone: "+15550100100", subject: valid.subject, message: valid.message, user_id: null });
    expect(rows[1]).toMatchObject({ subject: "Invoice", user_id: 1 });
    expect(Date.now() - new Date(rows[0].created_at).getTime()).toBeLessThan(60_000);
  });
});
