import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseWithZod } from "@conform-to/zod";
import { createSession } from "@remix-run/node";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestDatabase, describeEachDatabase, type TestDatabase } from "../../../tests/integration/support/databases";
import type { ShopSession } from "~/lib/session.server";
import { hashPassword, verifyPassword } from "~/modules/auth/password.server";
import { signedInUser, startSignIn } from "~/modules/auth/sessions.server";
import { avatarDir, imageTypeOf } from "./avatars.server";
import { changePasswordSchema, profileSchema, type ProfileInput } from "./profile.schema";
import { changePassword, getProfile, updateProfile } from "./profile.server";

const rules = { phoneRequired: true, phoneMinLength: 9, phoneMaxLength: 16 };

function form(values: Record<string, string>) {
  const data = new FormData();
  for (const [key, value] of Object.entries(values)) data.set(key, value);
  return data;
}
const errorsOf = (submission: { status?: string; error?: unknown }) => (submission.status === "error" ? submission.error : null);

describe("profile form rules", () => {
  const schema = profileSchema(rules, "2026-06-15");
  const valid = { name: "Amina Haddad", email: "Amina@Example.com", country: "3", phone: "(555) 010-0100", gender: "female", date_of_birth: "1990-02-28" };

  it("accepts a complete profile: email in lower case, phone digits only", () => {
    const submission = parseWithZod(form(valid), { schema });
    expect(submission.status === "success" && submission.value).toEqual({
      ...valid, email: "amina@example.com", country: 3, phone: "5550100100",
    });
  });

  it("leaves gender and date of birth optional", () => {
    const submission = parseWithZod(form({ ...valid, gender: "", date_of_birth: "" }), { schema });
    expect(submission.status).toBe("success");
  });

  it("refuses a bad email, a phone of letters, an unknown gender and dates that are not real past days", () => {
    const submission = parseWithZod(form({ ...valid, email: "not-an-email", phone: "555-CALL-NOW", gender: "robot", date_of_birth: "1990-02-30" }), { schema });
    expect(errorsOf(submission)).toEqual({
      email: ["account:errors.emailInvalid"],
      phone: ["account:errors.phoneInvalid"],
      gender: ["account:errors.genderInvalid"],
      date_of_birth: ["account:errors.dateInvalid"],
    });
    for (const date of ["2026-06-15", "2030-01-01", "1899-12-31"]) {
      expect(errorsOf(parseWithZod(form({ ...valid, date_of_birth: date }), { schema }))).toEqual({ date_of_birth: ["account:errors.datePast"] });
    }
  });

  it("follows the shop's phone length and required setting", () => {
    expect(errorsOf(parseWithZod(form({ ...valid, phone: "12345678" }), { schema }))).toEqual({ phone: ["account:errors.phoneInvalid"] });
    expect(errorsOf(parseWithZod(form({ ...valid, phone: "" }), { schema }))).toEqual({ phone: ["account:errors.phoneRequired"] });
    const relaxed = profileSchema({ phoneRequired: false, phoneMinLength: 6, phoneMaxLength: 8 });
    expect(parseWithZod(form({ ...valid, phone: "" }), { schema: relaxed }).status).toBe("success");
    expect(parseWithZod(form({ ...valid, phone: "123456" }), { schema: relaxed }).status).toBe("success");
    // Without a phone the account needs its email to sign in with; a phone needs its country.
    expect(errorsOf(parseWithZod(form({ ...valid, phone: "", email: "" }), { schema: relaxed }))).toEqual({ email: ["account:errors.emailOrPhone"] });
    expect(errorsOf(parseWithZod(form({ ...valid, country: "" }), { schema }))).toEqual({ country: ["account:errors.countryRequired"] });
  });

  it("asks for the current password, a new one of 8 characters or more, and the same again", () => {
    const parse = (values: Record<string, string>) => parseWithZod(form(values), { schema: changePasswordSchema });
    expect(parse({ current_password: "old secret", password: "new secret", password_confirmation: "new secret" }).status).toBe("success");
    expect(errorsOf(parse({ current_password: "", password: "short", password_confirmation: "" }))).toEqual({
      current_password: ["account:errors.currentPasswordRequired"],
      password: ["account:errors.passwordLength"],
      password_confirmation: ["account:errors.confirmationRequired"],
    });
    expect(errorsOf(parse({ current_password: "old secret", password: "new secret", password_confirmation: "new secrett" }))).toEqual({
      password_confirmation: ["account:errors.confirmationMismatch"],
    });
  });
});

describe("photo content", () => {
  it("tells JPEG, PNG and WebP by their first bytes, whatever the file is called", async () => {
    const picture = sharp({ create: { width: 4, height: 4, channels: 3, background: "#c00" } });
    expect(imageTypeOf(await picture.clone().png().toBuffer())).toBe("png");
    expect(imageTypeOf(await picture.clone().jpeg().toBuffer())).toBe("jpeg");
    expect(imageTypeOf(await picture.clone().webp().toBuffer())).toBe("webp");
    expect(imageTypeOf(await picture.clone().gif().toBuffer())).toBeNull();
    expect(imageTypeOf(new TextEncoder().encode("just text, named photo.png"))).toBeNull();
    expect(imageTypeOf(new Uint8Array())).toBeNull();
  });
});

describeEachDatabase("profile and password", (kind) => {
  let test: TestDatabase;
  let dataDir: string;
  let previousDataDir: string | undefined;
  let userId: number;
  let otherId: number;
  let usId: number;
  const verifiedAt = "2026-01-01T00:00:00.000Z";

  const base = (overrides: Partial<ProfileInput> = {}): ProfileInput => ({
    name: "Amina Haddad", email: "amina@example.com", country: usId, phone: "5550100001", ...overrides,
  });

  beforeAll(async () => {
    test = await createTestDatabase(kind);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bazaar-profile-"));
    previousDataDir = process.env.DATA_DIR;
    process.env.DATA_DIR = dataDir;
    ({ id: usId } = await test.db.insertInto("countries").values({ name: "United States", iso2: "US", phone_code: "+1" }).returning("id").executeTakeFirstOrThrow());
  });
  afterAll(async () => {
    process.env.DATA_DIR = previousDataDir;
    fs.rmSync(dataDir, { recursive: true, force: true });
    await test?.drop();
  });
  beforeEach(async () => {
    await test.db.deleteFrom("user_sessions").execute();
    await test.db.deleteFrom("users").execute();
    const passwordHash = await hashPassword("secret123");
    const user = (email: string, phone: string) => ({
      name: email, email, phone, phone_code: "+1", country_id: usId, password_hash: passwordHash,
      email_verified_at: verifiedAt, phone_verified_at: verifiedAt,
    });
    ({ id: userId } = await test.db.insertInto("users").values(user("amina@example.com", "5550100001")).returning("id").executeTakeFirstOrThrow());
    ({ id: otherId } = await test.db.insertInto("users").values(user("Taken@Example.com", "5550100002")).returning("id").executeTakeFirstOrThrow());
  });

  const row = (id: number) => test.db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

  it("saves the profile and keeps verification of an unchanged email and phone", async () => {
    await updateProfile(test.db, userId, base({ name: "Amina H.", gender: "female", date_of_birth: "1990-02-28" }));
    expect(await getProfile(test.db, userId)).toMatchObject({
      name: "Amina H.", email: "amina@example.com", phone: "5550100001", phone_code: "+1", country: usId,
      gender: "female", date_of_birth: "1990-02-28", profile_photo: null,
    });
    expect(await row(userId)).toMatchObject({ email_verified_at: verifiedAt, phone_verified_at: verifiedAt });
  });

  it("takes a changed email or phone as not verified yet", async () => {
    await updateProfile(test.db, userId, base({ email: "new@example.com", phone: "5550109999" }));
    expect(await row(userId)).toMatchObject({ email: "new@example.com", phone: "5550109999", email_verified_at: null, phone_verified_at: null });
  });

  it("refuses an email or a phone another account uses (any case), changing nothing", async () => {
    const before = await row(userId);
    await expect(updateProfile(test.db, userId, base({ name: "Changed", email: "taken@example.com" }))).rejects.toMatchObject({
      message: "account:errors.emailTaken", field: "email",
    });
    await expect(updateProfile(test.db, userId, base({ name: "Changed", phone: "5550100002" }))).rejects.toMatchObject({
      message: "account:errors.phoneTaken", field: "phone",
    });
    expect(await row(userId)).toEqual(before);
  });

  it("stores a photo as a 256×256 WebP, replaces it, and refuses a file that is not a picture", async () => {
    const png = await sharp({ create: { width: 900, height: 600, channels: 3, background: "#0a7" } }).png().toBuffer();
    await updateProfile(test.db, userId, base(), png);
    const first = (await row(userId)).profile_photo;
    expect(first).toMatch(/^\/media\/avatars\/[a-f0-9]{32}\.webp$/);
    const firstFile = path.join(avatarDir(), path.basename(first!));
    const meta = await sharp(fs.readFileSync(firstFile)).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["webp", 256, 256]);

    const jpeg = await sharp({ create: { width: 300, height: 800, channels: 3, background: "#07a" } }).jpeg().toBuffer();
    await updateProfile(test.db, userId, base(), jpeg);
    const second = (await row(userId)).profile_photo;
    expect(second).not.toBe(first);
    expect(fs.existsSync(firstFile)).toBe(false);

    const before = await row(userId);
    await expect(updateProfile(test.db, userId, base({ name: "Changed" }), new TextEncoder().encode("not a picture"))).rejects.toMatchObject({
      message: "account:errors.photoType", field: "photo",
    });
    // A PNG signature over garbage is caught when decoding.
    const fake = Buffer.concat([png.subarray(0, 16), Buffer.alloc(64, 7)]);
    await expect(updateProfile(test.db, userId, base({ name: "Changed" }), fake)).rejects.toMatchObject({ message: "account:errors.photoUnreadable" });
    expect(await row(userId)).toEqual(before);
    expect(fs.readdirSync(avatarDir())).toEqual([path.basename(second!)]);
  });

  describe("changing the password", () => {
    const sessions = async () => {
      const here = createSession() as ShopSession;
      const elsewhere = createSession() as ShopSession;
      const otherUser = createSession() as ShopSession;
      await startSignIn(test.db, here, userId);
      await startSignIn(test.db, elsewhere, userId);
      await startSignIn(test.db, otherUser, otherId);
      return { here, elsewhere, otherUser };
    };

    it("needs the current password, and changes nothing when it is wrong", async () => {
      const { here, elsewhere } = await sessions();
      const before = await row(userId);
      await expect(changePassword(test.db, userId, { current_password: "wrong one", password: "new secret 1" }, here)).rejects.toMatchObject({
        message: "account:errors.currentPasswordWrong", field: "current_password",
      });
      await expect(changePassword(test.db, userId, { current_password: "secret123", password: "secret123" }, here)).rejects.toMatchObject({
        message: "account:errors.passwordUnchanged", field: "password",
      });
      expect(await row(userId)).toEqual(before);
      expect(await signedInUser(test.db, elsewhere)).not.toBeNull();
    });

    it("sets the new password and ends every other sign-in of the shopper only", async () => {
      const { here, elsewhere, otherUser } = await sessions();
      await changePassword(test.db, userId, { current_password: "secret123", password: "new secret 1" }, here);
      const { password_hash } = await row(userId);
      expect(await verifyPassword("new secret 1", password_hash)).toBe(true);
      expect(await verifyPassword("secret123", password_hash)).toBe(false);
      expect((await signedInUser(test.db, here))?.id).toBe(userId);
      expect(await signedInUser(test.db, elsewhere)).toBeNull();
      expect((await signedInUser(test.db, otherUser))?.id).toBe(otherId);
    });
  });
});
