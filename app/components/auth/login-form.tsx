import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form } from "@remix-run/react";
import { useTranslation } from "~/lib/translation";
import { DialogLink } from "~/components/dialogs";
import { Field, FormError, inputClass } from "~/components/form-field";
import { PasswordInput } from "~/components/password-input";
import { SocialSignIn } from "./social-sign-in";
import { loginSchema, type LoginInput } from "~/modules/auth/auth.schema";
import { inputProps } from "~/components/form-controls";

export interface LoginFormProps {
  /** `Form` on the page, a fetcher's `Form` in the dialog: the same form posts to /login either way. */
  FormComponent?: typeof Form;
  lastResult?: SubmissionResult<string[]> | null;
  redirectTo: string;
  /** Demo credentials, filled in when the shop runs locally (APP_ENV=local). */
  demo: { phone: string; password: string } | null;
  busy: boolean;
  /** The title's id, so a dialog can be labelled by it. */
  titleId: string;
  /** h1 on the page; h2 in a dialog over another page. */
  Heading?: "h1" | "h2";
  /** Social logins active in settings: one "Continue with …" button each. */
  socialProviders?: string[];
}

export function LoginForm({ FormComponent = Form, lastResult, redirectTo, demo, busy, titleId, Heading = "h1", socialProviders = [] }: LoginFormProps) {
  const { t } = useTranslation("auth");
  const [form, fields] = useForm<LoginInput>({
    id: "login",
    lastResult,
    defaultValue: { phone: demo?.phone ?? "", password: demo?.password ?? "", redirectTo },
    constraint: getZodConstraint(loginSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: loginSchema }),
  });
  const registerHref = `/register?redirectTo=${encodeURIComponent(redirectTo)}`;
  return (
    <div>
      <Heading id={titleId} className="text-2xl font-bold">{t("login.title")}</Heading>
      <p className="mt-1 text-slate-600">{t("login.intro")}</p>
      {demo ? <p className="mt-2 text-sm text-slate-600">{t("login.demo")}</p> : null}
      <FormComponent method="post" action="/login" {...getFormProps(form)} className="mt-5 space-y-4">
        <FormError errors={form.errors} id={form.errorId} />
        <input {...inputProps(fields.redirectTo, { type: "hidden" })} />
        <Field label={t("login.phone")} field={fields.phone}>
          <input {...inputProps(fields.phone, { type: "text" })} autoComplete="username" className={inputClass} />
        </Field>
        <Field label={t("login.password")} field={fields.password}>
          <PasswordInput {...inputProps(fields.password, { type: "password" })} autoComplete="current-password" />
        </Field>
        <div className="flex justify-end">
          <DialogLink dialog="forgot-password" to="/forgot-password" className="text-sm font-semibold text-primary-700 hover:underline">{t("login.forgot")}</DialogLink>
        </div>
        <button type="submit" className="btn-primary min-h-11 w-full" disabled={busy}>
          {busy ? t("login.processing") : t("login.submit")}
        </button>
      </FormComponent>
      <SocialSignIn providers={socialProviders} redirectTo={redirectTo} />
      <p className="mt-5 text-center text-sm text-slate-700">
        {t("login.noAccount")}{" "}
        <DialogLink dialog="register" to={registerHref} className="font-semibold text-primary-700 hover:underline">{t("login.signUp")}</DialogLink>
      </p>
    </div>
  );
}
