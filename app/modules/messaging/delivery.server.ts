import nodemailer, { type Transporter } from "nodemailer";
import type { Db } from "~/lib/db.server";

/**
 * Messages to shoppers: e-mail through SMTP (nodemailer), SMS through a provider chosen by SMS_PROVIDER.
 * Outside production every message is also written to the `outbox` table, which /dev/outbox lists, so a
 * developer or a browser test reads the codes a shop sends without a mail server or a phone.
 */
export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface SmsMessage {
  to: string;
  text: string;
}

/** Where messages are recorded and whether this shop runs in production (settings.appEnv). */
export interface DeliveryContext {
  db: Db;
  appEnv: string;
}

/** A way to send text messages. Another gateway (Twilio, Vonage …) is one more implementation in `smsProviders`. */
export interface SmsProvider {
  readonly name: string;
  send(message: SmsMessage): Promise<void>;
}

/**
 * Sends nothing: notes in the server log that a message was due (never its text, which may hold a code).
 * Outside production the outbox has the text.
 */
export class LogSmsProvider implements SmsProvider {
  readonly name = "log";

  async send({ to, text }: SmsMessage): Promise<void> {
    console.info(`[sms:log] message to ${to} (${text.length} characters) not sent: SMS_PROVIDER is "log"`);
  }
}

const smsProviders: Record<string, () => SmsProvider> = {
  log: () => new LogSmsProvider(),
};

export class DeliveryError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = "DeliveryError";
  }
}

let smsProvider: SmsProvider | undefined;

/** The provider SMS_PROVIDER names (default "log"). */
export function currentSmsProvider(): SmsProvider {
  if (!smsProvider) {
    const name = (process.env.SMS_PROVIDER || "log").trim().toLowerCase();
    const make = smsProviders[name];
    if (!make) throw new DeliveryError(`Unknown SMS_PROVIDER "${name}" (known: ${Object.keys(smsProviders).join(", ")})`);
    smsProvider = make();
  }
  return smsProvider;
}

/** For tests and for deployments that build their provider in code. */
export function useSmsProvider(provider: SmsProvider | undefined) {
  smsProvider = provider;
}

interface SmtpConfig {
  key: string;
  transport: string | { host: string; port: number; secure: boolean; auth?: { user: string; pass: string } };
  from: string;
}

/** SMTP_URL, or SMTP_HOST with SMTP_PORT/SMTP_USER/SMTP_PASS; null when none is set. */
export function smtpConfig(env: Record<string, string | undefined> = process.env): SmtpConfig | null {
  const from = env.SMTP_FROM || "Bazaar <no-reply@localhost>";
  if (env.SMTP_URL) return { key: `${env.SMTP_URL}|${from}`, transport: env.SMTP_URL, from };
  if (!env.SMTP_HOST) return null;
  const port = Number(env.SMTP_PORT) || 587;
  const auth = env.SMTP_USER ? { user: env.SMTP_USER, pass: env.SMTP_PASS ?? "" } : undefined;
  return {
    key: [env.SMTP_HOST, port, env.SMTP_USER, env.SMTP_PASS, from].join("|"),
    transport: { host: env.SMTP_HOST, port, secure: port === 465, auth },
    from,
  };
}

let transporter: { key: string; transporter: Transporter } | undefined;

function smtpTransporter(config: SmtpConfig): Transporter {
  if (transporter?.key !== config.key) {
    transporter = { key: config.key, transporter: nodemailer.createTransport(config.transport) };
  }
  return transporter.transporter;
}

const inOutbox = (context: DeliveryContext) => context.appEnv !== "production";

async function record(context: DeliveryContext, channel: "email" | "sms", recipient: string, subject: string, body: string) {
  await context.db
    .insertInto("outbox")
    .values({ channel, recipient, subject, body, created_at: new Date().toISOString() })
    .execute();
}

/**
 * Sends an e-mail. Without SMTP it goes only to the outbox outside production; in production that is a
 * DeliveryError, since the shopper would wait for a message that never leaves.
 */
export async function sendEmail(context: DeliveryContext, message: EmailMessage): Promise<void> {
  if (inOutbox(context)) await record(context, "email", message.to, message.subject, message.text);
  const config = smtpConfig();
  if (!config) {
    if (inOutbox(context)) return;
    throw new DeliveryError("No SMTP server is configured (SMTP_URL or SMTP_HOST)");
  }
  try {
    await smtpTransporter(config).sendMail({ from: config.from, to: message.to, subject: message.subject, text: message.text });
  } catch (error) {
    throw new DeliveryError(`Sending an e-mail failed: ${(error as Error).message}`, { cause: error });
  }
}

/** Sends a text message through the configured provider (and to the outbox outside production). */
export async function sendSms(context: DeliveryContext, message: SmsMessage): Promise<void> {
  if (inOutbox(context)) await record(context, "sms", message.to, "", message.text);
  try {
    await currentSmsProvider().send(message);
  } catch (error) {
    if (error instanceof DeliveryError) throw error;
    throw new DeliveryError(`Sending a text message failed: ${(error as Error).message}`, { cause: error });
  }
}

export interface OutboxMessage {
  id: number;
  channel: "email" | "sms";
  recipient: string;
  subject: string;
  body: string;
  created_at: string;
}

/** The latest recorded messages, newest first. */
export function latestOutboxMessages(db: Db, limit = 50): Promise<OutboxMessage[]> {
  return db
    .selectFrom("outbox")
    .select(["id", "channel", "recipient", "subject", "body", "created_at"])
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
}
