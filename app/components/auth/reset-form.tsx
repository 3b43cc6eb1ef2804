import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form } from "@remix-run/react";
import { useTranslation } from "~/lib/translation";
import { Field, FormError } from "~/components/form-field";
import { PasswordInput } from "~/components/password-input";
import { resetSchema, type ResetInput } from "~/modules/auth/otp.schema";
import { inputProps } from "~/components/form-controls";

export interface ResetFormProps {
  /** `Form` on the page, a fetcher's `Form` in the dialog: the same form posts to /reset-password either way. */
  FormComponent?: typeof Form;
  lastResult?: SubmissionResult<string[]> | null;
  busy: boolean;
  titleId: string;
  Heading?: "h1" | "h2";
  via?: "dialog";
}

/** Spec §2 Forgot password, step 3: the new password and its confirmation. */
export function ResetForm({ FormComponent = Form, lastResult, busy, titleId, Heading = "h1", via }: ResetFormProps) {
  const { t } = useTranslation("auth");
  const [form, fields] = useForm<ResetInput>({
    id: "reset",
    lastResult,
    constraint: getZodConstraint(resetSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: resetSchema }),
  });
  return (
    <div>
      <Heading id={titleId} className="text-2xl font-bold">{t("reset.title")}</Heading>
      <p className="mt-1 text-slate-600">{t("reset.intro")}</p>
      <FormComponent method="post" action="/reset-password" {...getFormProps(form)} className="mt-5 space-y-4">
        <FormError errors={form.errors} id={form.errorId} />
        {via ? <input type="hidden" name="via" value={via} /> : null}
        <Field label={t("reset.password")} field={fields.password} hint={t("register.passwordHint")}>
          <PasswordInput {...inputProps(fields.password, { type: "password", ariaDescribedBy: fields.password.descriptionId })} autoComplete="new-password" />
        </Field>
        <Field label={t("reset.confirmation")} field={fields.password_confirmation}>
          <PasswordInput {...inputProps(fields.password_confirmation, { type: "password" })} autoComplete="new-password" />
        </Field>
        <button type="submit" className="btn-primary min-h-11 w-full" disabled={busy}>
          {busy ? t("reset.processing") : t("reset.submit")}
        </button>
      </FormComponent>
    </div>
  );
}
