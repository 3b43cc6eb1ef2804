import type { SubmissionResult } from "@conform-to/react";

/**
 * A rule of the shop the request broke. `message` is a locale key ("auth:login.wrong"); `field` puts it under
 * that form field, otherwise it is about the whole form.
 */
export class DomainError extends Error {
  constructor(
    message: string,
    readonly field?: string,
    readonly values?: Record<string, string | number>,
  ) {
    super(message);
    this.name = "DomainError";
  }
}

/** The form's answer for a broken rule: the message under its field (or over the form), values kept. */
export function replyWithError<T>(submission: { reply(options?: { formErrors?: string[]; fieldErrors?: Record<string, string[]>; hideFields?: string[] }): SubmissionResult<T> }, error: DomainError, hideFields?: string[]) {
  return submission.reply(
    error.field ? { fieldErrors: { [error.field]: [error.message] }, hideFields } : { formErrors: [error.message], hideFields },
  );
}
