import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form } from "@remix-run/react";
import { Link } from "~/components/link";
import { useMemo, useState } from "react";
import { Trans, useTranslation } from "~/lib/translation";
import { DialogLink } from "~/components/dialogs";
import { CountrySelect, type CountryOption } from "./country-select";
import { Field, FormError, inputClass } from "~/components/form-field";
import { PasswordInput } from "~/components/password-input";
import { registerSchema, type PhoneRules, type RegisterInput } from "~/modules/auth/register.schema";
import { inputProps } from "~/components/form-controls";

export interface RegisterFormProps {
  /** `Form` on the page, a fetcher's `Form` in the dialog: the same form posts to /register either way. */
  FormComponent?: typeof Form;
  lastResult?: SubmissionResult<string[]> | null;
  countries: CountryOption[];
  rules: PhoneRules;
  redirectTo: string;
  busy: boolean;
  titleId: string;
  Heading?: "h1" | "h2";
  /** Set in the dialog: the answer then names the next step instead of redirecting. */
  via?: "dialog";
}

/** Spec §2 Registration: full name, country, phone with the country's code, email, password, terms and privacy. */
export function RegisterForm({ FormComponent = Form, lastResult, countries, rules, redirectTo, busy, titleId, Heading = "h1", via }: RegisterFormProps) {
  const { t } = useTranslation("auth");
  const schema = useMemo(() => registerSchema(rules), [rules]);
  const [form, fields] = useForm<RegisterInput>({
    id: "register",
    lastResult,
    defaultValue: { redirectTo },
    constraint: getZodConstraint(schema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const initialCountry = fields.country.initialValue;
  const [countryId, setCountryId] = useState(typeof initialCountry === "string" ? initialCountry : "");
  const phoneCode = countries.find((country) => String(country.id) === countryId)?.phone_code ?? "+";
  const phoneCodeId = `${fields.phone.id}-code`;
  const loginHref = `/login?redirectTo=${encodeURIComponent(redirectTo)}`;
  const linkClass = "font-semibold text-primary-700 underline";
  return (
    <div>
      <Heading id={titleId} className="text-2xl font-bold">{t("register.title")}</Heading>
      <p className="mt-1 text-slate-600">{t("register.intro")}</p>
      <FormComponent method="post" action="/register" {...getFormProps(form)} className="mt-5 space-y-4">
        <FormError errors={form.errors} id={form.errorId} />
        <input {...inputProps(fields.redirectTo, { type: "hidden" })} />
        {via ? <input type="hidden" name="via" value={via} /> : null}
        <Field label={t("register.name")} field={fields.name}>
          <input {...inputProps(fields.name, { type: "text" })} autoComplete="name" className={inputClass} />
        </Field>
        <Field label={t("register.country")} field={fields.country}>
          <CountrySelect field={fields.country} countries={countries} onChange={(event) => setCountryId(event.currentTarget.value)} />
        </Field>
        <Field label={t("register.phone")} field={fields.phone} hint={t("register.phoneHint")} values={{ min: rules.phoneMinLength, max: rules.phoneMaxLength }}>
          <div className="flex">
            <span id={phoneCodeId} className="inline-flex items-center rounded-s-md border border-e-0 border-slate-400 bg-slate-50 px-3 text-slate-700" dir="ltr">
              <span className="sr-only">{t("register.phoneCode")} </span>
              {phoneCode}
            </span>
            {/* Separators are allowed while typing (they are stripped), so no pattern from the schema. */}
            <input
              {...inputProps(fields.phone, { type: "text", ariaDescribedBy: `${phoneCodeId} ${fields.phone.descriptionId}` })}
              pattern={undefined}
              minLength={undefined}
              maxLength={undefined}
              required={rules.phoneRequired}
              // The number without its country code: HTML allows "tel-national" on a text field, not on type=tel.
              autoComplete="tel-national"
              inputMode="tel"
              className={`${inputClass} rounded-s-none`}
            />
          </div>
          {/* Spec §7 posts phone_code; the server takes the code of the chosen country whatever is posted. */}
          <input type="hidden" name="phone_code" value={phoneCode === "+" ? "" : phoneCode} />
        </Field>
        <Field label={t("register.email")} field={fields.email}>
          <input {...inputProps(fields.email, { type: "email" })} autoComplete="email" className={inputClass} />
        </Field>
        <Field label={t("register.password")} field={fields.password} hint={t("register.passwordHint")}>
          <PasswordInput {...inputProps(fields.password, { type: "password", ariaDescribedBy: fields.password.descriptionId })} autoComplete="new-password" />
        </Field>
        <p className="text-sm text-slate-700">
          <Trans
            t={t}
            i18nKey="register.agree"
            components={{
              terms: <Link to="/terms-and-conditions" className={linkClass} />,
              privacy: <Link to="/privacy-policy" className={linkClass} />,
            }}
          />
        </p>
        <button type="submit" className="btn-primary min-h-11 w-full" disabled={busy}>
          {busy ? t("register.processing") : t("register.submit")}
        </button>
      </FormComponent>
      <p className="mt-5 text-center text-sm text-slate-700">
        {t("register.haveAccount")}{" "}
        <DialogLink dialog="login" to={loginHref} className="font-semibold text-primary-700 hover:underline">{t("register.login")}</DialogLink>
      </p>
    </div>
  );
}
