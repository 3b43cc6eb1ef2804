import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form } from "@remix-run/react";
import { useTranslation } from "~/lib/translation";
import { DialogLink } from "~/components/dialogs";
import { Field, FormError, inputClass } from "~/components/form-field";
import { forgotSchema, type ForgotInput } from "~/modules/auth/otp.schema";
import { CountrySelect, type CountryOption } from "./country-select";
import { inputProps } from "~/components/form-controls";

export interface ForgotFormProps {
  /** `Form` on the page, a fetcher's `Form` in the dialog: the same form posts to /forgot-password either way. */
  FormComponent?: typeof Form;
  lastResult?: SubmissionResult<string[]> | null;
  countries: CountryOption[];
  busy: boolean;
  titleId: string;
  Heading?: "h1" | "h2";
  via?: "dialog";
}

/** Spec §2 Forgot password, step 1: country plus phone or e-mail. */
export function ForgotForm({ FormComponent = Form, lastResult, countries, busy, titleId, Heading = "h1", via }: ForgotFormProps) {
  const { t } = useTranslation("auth");
  const [form, fields] = useForm<ForgotInput>({
    id: "forgot",
    lastResult,
    constraint: getZodConstraint(forgotSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: forgotSchema }),
  });
  return (
    <div>
      <Heading id={titleId} className="text-2xl font-bold">{t("forgot.title")}</Heading>
      <p className="mt-1 text-slate-600">{t("forgot.intro")}</p>
      <FormComponent method="post" action="/forgot-password" {...getFormProps(form)} className="mt-5 space-y-4">
        <FormError errors={form.errors} id={form.errorId} />
        {via ? <input type="hidden" name="via" value={via} /> : null}
        <Field label={t("forgot.country")} field={fields.country}>
          <CountrySelect field={fields.country} countries={countries} />
        </Field>
        <Field label={t("forgot.phone")} field={fields.phone}>
          <input {...inputProps(fields.phone, { type: "text" })} autoComplete="username" className={inputClass} />
        </Field>
        <button type="submit" className="btn-primary min-h-11 w-full" disabled={busy}>
          {busy ? t("forgot.processing") : t("forgot.submit")}
        </button>
      </FormComponent>
      <p className="mt-5 text-center text-sm text-slate-700">
        {t("forgot.remember")}{" "}
        <DialogLink dialog="login" to="/login" className="font-semibold text-primary-700 hover:underline">{t("forgot.login")}</DialogLink>
      </p>
    </div>
  );
}
