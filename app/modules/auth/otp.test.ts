import net from "node:net";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestDatabase, describeEachDatabase, type TestDatabase } from "../../../tests/integration/support/databases";
import { DomainError } from "~/lib/domain-error";
import { translatorFor } from "~/lib/i18n.server";
import { latestOutboxMessages, sendEmail, smtpConfig } from "~/modules/messaging/delivery.server";
import { CODE_TTL_MS, issueCode, MAX_ATTEMPTS, resendWaitSeconds, verifyCode } from "./otp.server";
import { sendCode } from "./send-code.server";

process.env.SESSION_SECRET ??= "otp-test-secret";

const SECOND = 1000;
const at = (start: Date, ms: number) => new Date(start.getTime() + ms);

/** The DomainError message key a promise rejects with. */
async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (error instanceof DomainError) return { key: error.message, field: error.field, values: error.values };
    throw error;
  }
  throw new Error("expected a refusal");
}

let counter = 0;
/** A recipient no other test uses (codes are limited per recipient). */
const freshPhone = () => `+1555${String(Date.now() % 1_000_000).padStart(6, "0")}${++counter}`;

describeEachDatabase("one-time codes", (kind) => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase(kind);
    await test.db.insertInto("countries").values({ id: 1, name: "United States", iso2: "US", phone_code: "+1" }).execute();
    await test.db
      .insertInto("users")
      .values([
        { id: 1, name: "Ada", email: "ada@example.com", phone: "5550100001", phone_code: "+1", country_id: 1, password_hash: null, profile_photo: null, gender: null, date_of_birth: null, email_verified_at: null, phone_verified_at: null, last_seen_at: null },
        { id: 2, name: "Bo", email: "bo@example.com", phone: "5550100002", phone_code: "+1", country_id: 1, password_hash: null, profile_photo: null, gender: null, date_of_birth: null, email_verified_at: null, phone_verified_at: null, last_seen_at: null },
      ])
      .execute();
  });
  afterAll(() => test?.drop());

  it("makes random 4-digit codes and stores only a salted HMAC of them", async () => {
    const now = new Date();
    const codes = new Set<string>();
    for (let i = 0; i < 5; i += 1) {
      const recipient = freshPhone();
      const { id, code } = await issueCode(test.db, { purpose: "register", channel: "phone", recipient, userId: 1 }, now);
      expect(code).toMatch(/^\d{4}$/);
      codes.add(code);
      const row = await test.db.selectFrom("one_time_codes").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
      expect(row.code_hash).toMatch(/^hmac\$[\w-]+\$[\w-]{40,}$/);
      expect(row.code_hash).not.toContain(code);
      expect(row).toMatchObject({ purpose: "register", channel: "phone", recipient, user_id: 1, attempts: 0, used_at: null });
      expect(Date.parse(row.expires_at) - Date.parse(row.created_at)).toBe(CODE_TTL_MS);
    }
    // Five random draws out of 10,000 that are all equal would mean the codes are not random.
    expect(codes.size).toBeGreaterThan(1);
    const hashes = await test.db.selectFrom("one_time_codes").select("code_hash").execute();
    expect(new Set(hashes.map((h) => h.code_hash)).size).toBe(hashes.length);
  });

  it("accepts a code once", async () => {
    const recipient = freshPhone();
    const now = new Date();
    const { code } = await issueCode(test.db, { purpose: "register", channel: "phone", recipient, userId: 1 }, now);
    const verified = await verifyCode(test.db, { purpose: "register", recipient, code }, at(now, 5 * SECOND));
    expect(verified).toMatchObject({ userId: 1, channel: "phone" });
    expect(await refusal(verifyCode(test.db, { purpose: "register", recipient, code }, at(now, 6 * SECOND)))).toEqual({
      key: "auth:errors.otpInvalid",
      field: "otp",
      values: undefined,
    });
  });

  it("refuses a code after 10 minutes", async () => {
    const recipient = freshPhone();
    const now = new Date();
    const { code } = await issueCode(test.db, { purpose: "reset", channel: "phone", recipient, userId: 1 }, now);
    expect((await refusal(verifyCode(test.db, { purpose: "reset", recipient, code }, at(now, CODE_TTL_MS + SECOND)))).key).toBe("auth:errors.otpInvalid");
    // The same code just before the end still works.
    expect(await verifyCode(test.db, { purpose: "reset", recipient, code }, at(now, CODE_TTL_MS - SECOND))).toMatchObject({ userId: 1 });
  });

  it("burns a code after five wrong tries, even for the right code after them", async () => {
    const recipient = freshPhone();
    const now = new Date();
    const { id, code } = await issueCode(test.db, { purpose: "register", channel: "phone", recipient, userId: 1 }, now);
    const wrong = code === "0000" ? "1111" : "0000";
    for (let i = 0; i < MAX_ATTEMPTS; i += 1) {
      expect((await refusal(verifyCode(test.db, { purpose: "register", recipient, code: wrong }, now))).key).toBe("auth:errors.otpInvalid");
    }
    const row = await test.db.selectFrom("one_time_codes").select("attempts").where("id", "=", id).executeTakeFirstOrThrow();
    expect(row.attempts).toBe(MAX_ATTEMPTS);
    expect((await refusal(verifyCode(test.db, { purpose: "register", recipient, code }, now))).key).toBe("auth:errors.otpInvalid");
  });

  it("allows four wrong tries before the right one", async () => {
    const recipient = freshPhone();
    const now = new Date();
    const { code } = await issueCode(test.db, { purpose: "register", channel: "phone", recipient, userId: 1 }, now);
    const wrong = code === "0000" ? "1111" : "0000";
    for (let i = 0; i < MAX_ATTEMPTS - 1; i += 1) await refusal(verifyCode(test.db, { purpose: "register", recipient, code: wrong }, now));
    expect(await verifyCode(test.db, { purpose: "register", recipient, code }, now)).toMatchObject({ userId: 1 });
  });

  it("sends a new code only 60 s after the last, and then the old one stops working", async () => {
    const recipient = freshPhone();
    const now = new Date();
    const first = await issueCode(test.db, { purpose: "register", channel: "phone", recipient, userId: 1 }, now);
    expect(await resendWaitSeconds(test.db, { purpose: "register", recipient }, at(now, 20 * SECOND))).toBe(40);
    expect(await refusal(issueCode(test.db, { purpose: "register", channel: "phone", recipient, userId: 1 }, at(now, 30 * SECOND)))).toEqual({
      key: "auth:errors.otpResendTooSoon",
      field: undefined,
      values: { seconds: 30 },
    });
    expect(await test.db.selectFrom("one_time_codes").select("id").where("recipient", "=", recipient).execute()).toHaveLength(1);
    // Another purpose for the same recipient has its own interval.
    await issueCode(test.db, { purpose: "reset", channel: "phone", recipient, userId: 1 }, at(now, 30 * SECOND));

    expect(await resendWaitSeconds(test.db, { purpose: "register", recipient }, at(now, 60 * SECOND))).toBe(0);
    const second = await issueCode(test.db, { purpose: "register", channel: "phone", recipient, userId: 1 }, at(now, 60 * SECOND));
    if (first.code !== second.code) {
      expect((await refusal(verifyCode(test.db, { purpose: "register", recipient, code: first.code }, at(now, 61 * SECOND)))).key).toBe("auth:errors.otpInvalid");
    }
    expect(await verifyCode(test.db, { purpose: "register", recipient, code: second.code }, at(now, 62 * SECOND))).toMatchObject({ id: second.id });
  });

  it("sends at most five codes an hour to one recipient", async () => {
    const recipient = freshPhone();
    const start = new Date();
    for (let i = 0; i < 5; i += 1) await issueCode(test.db, { purpose: "reset", channel: "phone", recipient, userId: 1 }, at(start, i * 61 * SECOND));
    expect((await refusal(issueCode(test.db, { purpose: "reset", channel: "phone", recipient, userId: 1 }, at(start, 5 * 61 * SECOND)))).key).toBe("auth:errors.otpTooMany");
    await issueCode(test.db, { purpose: "reset", channel: "phone", recipient, userId: 1 }, at(start, 3600 * SECOND + 62 * SECOND));
  });

  it("confirms only the given account's code", async () => {
    const recipient = freshPhone();
    const now = new Date();
    const { code } = await issueCode(test.db, { purpose: "register", channel: "phone", recipient, userId: 1 }, now);
    expect((await refusal(verifyCode(test.db, { purpose: "register", recipient, code, userId: 2 }, now))).key).toBe("auth:errors.otpInvalid");
    expect(await verifyCode(test.db, { purpose: "register", recipient, code, userId: 1 }, now)).toMatchObject({ userId: 1 });
  });

  it("refuses malformed codes without counting them against a real one", async () => {
    const recipient = freshPhone();
    const now = new Date();
    const { id } = await issueCode(test.db, { purpose: "register", channel: "phone", recipient, userId: 1 }, now);
    for (const code of ["", "12", "12345", "abcd", "12 4"]) {
      expect((await refusal(verifyCode(test.db, { purpose: "register", recipient, code }, now))).key).toBe("auth:errors.otpInvalid");
    }
    const row = await test.db.selectFrom("one_time_codes").select("attempts").where("id", "=", id).executeTakeFirstOrThrow();
    expect(row.attempts).toBe(0);
  });

  describe("delivery", () => {
    const smtpKeys = ["SMTP_URL", "SMTP_HOST", "SMTP_PORT", "SMTP_USER", "SMTP_PASS", "SMTP_FROM"] as const;
    const saved: Partial<Record<(typeof smtpKeys)[number], string>> = {};
    beforeEach(() => {
      for (const key of smtpKeys) {
        saved[key] = process.env[key];
        delete process.env[key];
      }
    });
    afterEach(() => {
      for (const key of smtpKeys) {
        if (saved[key] === undefined) delete process.env[key];
        else process.env[key] = saved[key];
      }
    });

    it("writes codes to the outbox outside production, in the shopper's language", async () => {
      const sender = { db: test.db, appEnv: "testing", appName: "Bazaar", t: translatorFor("fr") };
      const email = `outbox-${counter++}@example.com`;
      await sendCode(sender, { purpose: "register", channel: "email", recipient: email, userId: 1 });
      const phone = freshPhone();
      await sendCode(sender, { purpose: "reset", channel: "phone", recipient: phone, userId: 1 });

      const messages = await latestOutboxMessages(test.db);
      const mail = messages.find((m) => m.recipient === email)!;
      expect(mail).toMatchObject({ channel: "email", subject: "Votre code Bazaar" });
      expect(mail.body).toMatch(/^Votre code de vérification Bazaar est \d{4}\. Il expire dans 10 minutes\.$/);
      const sms = messages.find((m) => m.recipient === phone)!;
      expect(sms).toMatchObject({ channel: "sms", subject: "" });
      expect(sms.body).toContain("réinitialisation");
      // The code in the message is the one that verifies.
      const code = mail.body.match(/\d{4}/)![0];
      expect(await verifyCode(test.db, { purpose: "register", recipient: email, code })).toMatchObject({ userId: 1 });
    });

    it("records nothing in production, and withdraws a code no mail server could take", async () => {
      const sender = { db: test.db, appEnv: "production", appName: "Bazaar", t: translatorFor("en") };
      const email = `prod-${counter++}@example.com`;
      expect((await refusal(sendCode(sender, { purpose: "register", channel: "email", recipient: email, userId: 1 }))).key).toBe("auth:errors.otpSendFailed");
      expect(await test.db.selectFrom("one_time_codes").select("id").where("recipient", "=", email).execute()).toEqual([]);
      expect(await test.db.selectFrom("outbox").select("id").where("recipient", "=", email).execute()).toEqual([]);
      // Withdrawn, so asking again is not held back by the 60 s.
      expect(await resendWaitSeconds(test.db, { purpose: "register", recipient: email })).toBe(0);
    });

    it("sends nothing and records nothing for a decoy code", async () => {
      const sender = { db: test.db, appEnv: "testing", appName: "Bazaar", t: translatorFor("en") };
      const email = `nobody-${counter++}@example.com`;
      await sendCode(sender, { purpose: "reset", channel: "email", recipient: email, userId: null, decoy: true });
      expect(await test.db.selectFrom("one_time_codes").select("user_id").where("recipient", "=", email).execute()).toEqual([{ user_id: null }]);
      expect(await test.db.selectFrom("outbox").select("id").where("recipient", "=", email).execute()).toEqual([]);
    });

    it("sends e-mail through the SMTP server the environment names", async () => {
      const received: string[] = [];
      const server = fakeSmtpServer(received);
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      const { port } = server.address() as net.AddressInfo;
      process.env.SMTP_URL = `smtp://127.0.0.1:${port}`;
      process.env.SMTP_FROM = "Bazaar <no-reply@shop.test>";
      try {
        expect(smtpConfig()).toMatchObject({ transport: `smtp://127.0.0.1:${port}`, from: "Bazaar <no-reply@shop.test>" });
        await sendEmail({ db: test.db, appEnv: "production" }, { to: "shopper@example.com", subject: "Your Bazaar code", text: "Your code is 4321." });
      } finally {
        server.close();
      }
      const session = received.join("");
      expect(session).toContain("MAIL FROM:<no-reply@shop.test>");
      expect(session).toContain("RCPT TO:<shopper@example.com>");
      expect(session).toContain("Subject: Your Bazaar code");
      expect(session).toContain("Your code is 4321.");
    });
  });
});

describe("SMTP settings", () => {
  it("reads SMTP_URL, or host, port and credentials", () => {
    expect(smtpConfig({})).toBeNull();
    expect(smtpConfig({ SMTP_HOST: "mail.example.com", SMTP_PORT: "465", SMTP_USER: "shop", SMTP_PASS: "pw", SMTP_FROM: "Shop <a@b.c>" })).toMatchObject({
      transport: { host: "mail.example.com", port: 465, secure: true, auth: { user: "shop", pass: "pw" } },
      from: "Shop <a@b.c>",
    });
    expect(smtpConfig({ SMTP_HOST: "mail.example.com" })).toMatchObject({ transport: { port: 587, secure: false, auth: undefined } });
  });
});

/** Just enough SMTP to take one message: the real nodemailer client talks to it over TCP. */
function fakeSmtpServer(received: string[]) {
  return net.createServer((socket) => {
    let inData = false;
    let buffer = "";
    socket.write("220 test ESMTP\r\n");
    socket.on("data", (chunk) => {
      received.push(chunk.toString());
      buffer += chunk.toString();
      let index: number;
      while ((index = buffer.indexOf("\r\n")) >= 0) {
        const line = buffer.slice(0, index);
        buffer = buffer.slice(index + 2);
        if (inData) {
          if (line === ".") {
            inData = false;
            socket.write("250 queued\r\n");
          }
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === "EHLO" || verb === "HELO") socket.write("250 test\r\n");
        else if (verb === "DATA") {
          inData = true;
          socket.write("354 go ahead\r\n");
        } else if (verb === "QUIT") socket.end("221 bye\r\n");
        else socket.write("250 ok\r\n");
      }
    });
  });
}
