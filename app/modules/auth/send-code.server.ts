import type { TFunction } from "i18next";
import type { Db } from "~/lib/db.server";
import { DomainError } from "~/lib/domain-error";
import { DeliveryError, sendEmail, sendSms } from "~/modules/messaging/delivery.server";
import { CODE_TTL_MS, issueCode, withdrawCode, type CodeTarget } from "./otp.server";

/** What sending a code needs: the database, the environment, the shop's name and the shopper's language. */
export interface CodeSender {
  db: Db;
  appEnv: string;
  appName: string;
  t: TFunction;
}

/**
 * Issues a code and sends it by its channel, in the shopper's language. A `decoy` code (a reset for an
 * address no account has) is stored but sent nowhere, so the shop answers and times such requests alike
 * for every address. A code that cannot be delivered is withdrawn: the shopper may ask again at once.
 */
export async function sendCode(
  sender: CodeSender,
  target: CodeTarget & { userId: number | null; decoy?: boolean },
  now = new Date(),
): Promise<void> {
  const { id, code } = await issueCode(sender.db, target, now);
  if (target.decoy) return;
  const values = { code, appName: sender.appName, minutes: CODE_TTL_MS / 60_000 };
  const text = sender.t(target.purpose === "register" ? "auth:messages.registerCode" : "auth:messages.resetCode", values);
  const context = { db: sender.db, appEnv: sender.appEnv };
  try {
    if (target.channel === "email") {
      await sendEmail(context, { to: target.recipient, subject: sender.t("auth:messages.codeSubject", values), text });
    } else {
      await sendSms(context, { to: target.recipient, text });
    }
  } catch (error) {
    if (!(error instanceof DeliveryError)) throw error;
    console.error(error);
    await withdrawCode(sender.db, id);
    throw new DomainError("auth:errors.otpSendFailed");
  }
}
