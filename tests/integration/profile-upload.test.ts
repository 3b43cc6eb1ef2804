import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_CUSTOMERS, DEMO_PASSWORD } from "~/db/seed/content";
import { createDb, type Db } from "~/lib/db.server";
import { built, sessionCookieOf, startServer, type RunningServer } from "./support/server";

/**
 * The profile photo upload through the real server (server.js, production build): the multipart body is
 * streamed with a size limit, the picture is checked by content and stored resized under DATA_DIR.
 */
describe.skipIf(!built)("profile photo upload (server.js)", () => {
  let server: RunningServer;
  let db: Db;
  let cookie: string;
  let form: Record<string, string>;
  const customer = DEMO_CUSTOMERS[1];

  const user = () =>
    db.selectFrom("users").select(["name", "profile_photo", "updated_at"]).where("email", "=", customer.email).executeTakeFirstOrThrow();

  function postProfile(fields: Record<string, string>, photo?: { bytes: Uint8Array; name: string; type: string }) {
    const body = new FormData();
    for (const [key, value] of Object.entries(fields)) body.set(key, value);
    if (photo) body.set("photo", new Blob([new Uint8Array(photo.bytes)], { type: photo.type }), photo.name);
    return fetch(`${server.base}/profile`, { method: "POST", body, headers: { Cookie: cookie }, redirect: "manual" });
  }

  beforeAll(async () => {
    server = await startServer();
    db = createDb(`file:${path.join(server.dataDir, "bazaar.sqlite")}`);
    const login = await fetch(`${server.base}/login`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ phone: customer.email, password: DEMO_PASSWORD }),
      redirect: "manual",
    });
    expect(login.status, server.log()).toBe(303);
    cookie = sessionCookieOf(login);
    const us = await db.selectFrom("countries").select("id").where("iso2", "=", "US").executeTakeFirstOrThrow();
    form = { name: customer.name, email: customer.email, country: String(us.id), phone: customer.phone };
  }, 120_000);

  afterAll(async () => {
    await db?.destroy();
    server?.stop();
  });

  it("refuses a 10 MB file under the photo field with 400, keeping the typed values and changing nothing", async () => {
    const before = await user();
    const big = new Uint8Array(10 * 1024 * 1024);
    big.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const response = await postProfile({ ...form, name: "Renamed Customer" }, { bytes: big, name: "huge.png", type: "image/png" });
    expect(response.status, server.log()).toBe(400);
    const html = await response.text();
    expect(html).toContain("The photo is larger than 2 MB. Choose a smaller one.");
    expect(html).toContain('value="Renamed Customer"');
    expect(await user()).toEqual(before);
  });

  it("refuses a text file named photo.png with 400, changing nothing", async () => {
    const before = await user();
    const text = new TextEncoder().encode("This is not a picture, whatever its name says.\n");
    const response = await postProfile({ ...form, name: "Renamed Customer" }, { bytes: text, name: "photo.png", type: "image/png" });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("The photo must be a JPEG, PNG or WebP picture.");
    expect(await user()).toEqual(before);
  });

  it("stores a real PNG as a 256×256 WebP and serves it with a long cache", async () => {
    const png = await sharp({ create: { width: 1200, height: 800, channels: 3, background: "#1e7f5c" } }).png().toBuffer();
    const response = await postProfile(form, { bytes: png, name: "me.png", type: "image/png" });
    expect(response.status, server.log()).toBe(303);
    expect(response.headers.get("Location")).toBe("/profile");

    const { profile_photo } = await user();
    expect(profile_photo).toMatch(/^\/media\/avatars\/[a-f0-9]{32}\.webp$/);
    const photo = await fetch(`${server.base}${profile_photo}`);
    expect(photo.status).toBe(200);
    expect(photo.headers.get("Content-Type")).toBe("image/webp");
    expect(photo.headers.get("Cache-Control")).toContain("immutable");
    const meta = await sharp(Buffer.from(await photo.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["webp", 256, 256]);

    // The account menu shows the new photo.
    const page = await fetch(`${server.base}/profile`, { headers: { Cookie: cookie } });
    expect(await page.text()).toContain(`src="${profile_photo}"`);
  });

  it("serves only the names it makes: no other file, no path out of the folder", async () => {
    for (const name of ["0123456789abcdef0123456789abcdef.webp", "..%2F..%2Fbazaar.sqlite", "..%2Fsession-secret", "photo.png"]) {
      const response = await fetch(`${server.base}/media/avatars/${name}`);
      expect(response.status, name).toBe(404);
    }
  });
});
