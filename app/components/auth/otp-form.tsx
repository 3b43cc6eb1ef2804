import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form } from "@remix-run/react";
import { useEffect, useRef, useState, type ClipboardEvent, type KeyboardEvent } from "react";
import { useTranslation } from "~/lib/translation";
import { FormError } from "~/components/form-field";
import { OTP_DIGITS, otpSchema, type OtpInput } from "~/modules/auth/otp.schema";
import { inputProps } from "~/components/form-controls";

export interface OtpFormProps {
  /** `Form` on the page, a fetcher's `Form` in the dialog: the same form posts to /verify-otp either way. */
  FormComponent?: typeof Form;
  lastResult?: SubmissionResult<string[]> | null;
  purpose: "register" | "reset";
  /** The phone or e-mail the code went to (register), or the login typed (reset). */
  shown: string;
  /** Seconds until Resend OTP, as the server counted them at `countedAt` (ms). */
  remaining: number;
  countedAt: number;
  minutes: number;
  redirectTo: string;
  busy: boolean;
  titleId: string;
  Heading?: "h1" | "h2";
  via?: "dialog";
}

const boxClass =
  "h-14 w-12 rounded-md border border-slate-400 text-center text-2xl font-semibold aria-[invalid=true]:border-red-700 focus:border-primary";

/**
 * Spec §2 Registration OTP: four single-digit boxes, Confirm, and 'Resend code in 00:{n} sec' until the
 * 60 s are over, then Resend OTP. With JavaScript a digit moves on to the next box, Backspace in an empty
 * box goes back, and pasting the code fills every box.
 */
export function OtpForm({ FormComponent = Form, lastResult, purpose, shown, remaining, countedAt, minutes, redirectTo, busy, titleId, Heading = "h1", via }: OtpFormProps) {
  const { t } = useTranslation("auth");
  const [form, fields] = useForm<OtpInput>({
    id: "otp",
    lastResult,
    defaultValue: { redirectTo },
    constraint: getZodConstraint(otpSchema),
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: otpSchema }),
  });
  const [digits, setDigits] = useState<string[]>(() => Array(OTP_DIGITS).fill(""));
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const seconds = useCountdown(remaining, countedAt);

  // A wrong code empties the boxes for the next try.
  useEffect(() => {
    if (!lastResult?.error) return;
    setDigits(Array(OTP_DIGITS).fill(""));
    boxes.current[0]?.focus();
  }, [lastResult]);

  const otpErrors = fields.otp.errors;
  const errorId = fields.otp.errorId;
  const setFrom = (index: number, typed: string) => {
    const incoming = typed.replace(/\D/g, "").split("");
    if (incoming.length === 0) {
      setDigits((current) => current.map((digit, i) => (i === index ? "" : digit)));
      return;
    }
    const next = [...digits];
    let last = index;
    for (let i = 0; i < incoming.length && index + i < OTP_DIGITS; i += 1) {
      next[index + i] = incoming[i];
      last = index + i;
    }
    setDigits(next);
    boxes.current[Math.min(last + 1, OTP_DIGITS - 1)]?.focus();
  };
  const onKeyDown = (index: number) => (event: KeyboardEvent<HTMLInputElement>) => {
    // A typed digit is taken here: retyping the digit a box holds changes nothing, so no change event follows.
    if (/^\d$/.test(event.key) && !event.ctrlKey && !event.metaKey && !event.altKey) {
      event.preventDefault();
      setFrom(index, event.key);
      return;
    }
    if (event.key === "Backspace" && !event.currentTarget.value && index > 0) {
      event.preventDefault();
      boxes.current[index - 1]?.focus();
    }
  };
  const onPaste = (index: number) => (event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    setFrom(index, event.clipboardData.getData("text"));
  };

  return (
    <div>
      <Heading id={titleId} className="text-2xl font-bold">{t("otp.title")}</Heading>
      <p className="mt-1 text-slate-600">
        {t(purpose === "register" ? "otp.introRegister" : "otp.introReset", { recipient: shown })} {t("otp.validFor", { minutes })}
      </p>
      <FormComponent method="post" action="/verify-otp" {...getFormProps(form)} className="mt-5 space-y-4">
        <FormError errors={form.errors} id={form.errorId} />
        <input {...inputProps(fields.redirectTo, { type: "hidden" })} />
        {via ? <input type="hidden" name="via" value={via} /> : null}
        <fieldset aria-describedby={otpErrors ? errorId : undefined}>
          <legend className="text-sm font-semibold text-slate-900">{t("otp.legend")}</legend>
          <div className="mt-2 flex justify-center gap-3" dir="ltr">
            {digits.map((digit, index) => (
              <input
                key={index}
                ref={(element) => {
                  boxes.current[index] = element;
                }}
                name={`${fields.otp.name}[${index}]`}
                type="text"
                inputMode="numeric"
                pattern="[0-9]"
                maxLength={1}
                autoComplete={index === 0 ? "one-time-code" : "off"}
                aria-label={t("otp.digit", { n: index + 1, total: OTP_DIGITS })}
                aria-invalid={otpErrors ? true : undefined}
                aria-describedby={otpErrors ? errorId : undefined}
                required
                className={boxClass}
                value={digit}
                onChange={(event) => setFrom(index, event.currentTarget.value)}
                onKeyDown={onKeyDown(index)}
                onPaste={onPaste(index)}
                onFocus={(event) => event.currentTarget.select()}
              />
            ))}
          </div>
          {otpErrors?.[0] ? <p id={errorId} className="mt-2 text-center text-sm font-medium text-red-700">{t(otpErrors[0])}</p> : null}
        </fieldset>
        <button type="submit" name="intent" value="verify" className="btn-primary min-h-11 w-full" disabled={busy}>
          {busy ? t("otp.processing") : t("otp.submit")}
        </button>
        <div className="text-center text-sm text-slate-700">
          {seconds > 0 ? (
            <p>{t("otp.resendIn", { seconds: String(seconds).padStart(2, "0") })}</p>
          ) : (
            <button type="submit" name="intent" value="resend" formNoValidate className="font-semibold text-primary-700 hover:underline" disabled={busy}>
              {t("otp.resend")}
            </button>
          )}
        </div>
      </FormComponent>
    </div>
  );
}

/**
 * Seconds left, counted down once a second with JavaScript; the server's figure is the start. Each new
 * answer of the server (a new `countedAt`) starts it again, even with the same figure.
 */
function useCountdown(start: number, countedAt: number): number {
  const [seconds, setSeconds] = useState(start);
  useEffect(() => {
    setSeconds(start);
    if (start <= 0) return;
    const startedAt = Date.now();
    const timer = setInterval(() => {
      const left = Math.max(0, start - Math.floor((Date.now() - startedAt) / 1000));
      setSeconds(left);
      if (left === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [start, countedAt]);
  return seconds;
}
