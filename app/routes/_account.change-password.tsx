import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { useTranslation } from "~/lib/translation";
import { Field, FormError } from "~/components/form-field";
import { PasswordInput } from "~/components/password-input";
import { requireUser } from "~/lib/auth.server";
import { DomainError, replyWithError } from "~/lib/domain-error";
import { pageTitle } from "~/lib/seo";
import { accountBackoff } from "~/lib/rate-limit.server";
import { commitSession, flashToast } from "~/lib/session.server";
import { changePasswordSchema, PASSWORD_LIMITS, type ChangePasswordInput } from "~/modules/account/profile.schema";
import { changePassword, getProfile } from "~/modules/account/profile.server";
import { startSignIn } from "~/modules/auth/sessions.server";
import { inputProps } from "~/components/form-controls";
import { readForm } from "~/lib/forms.server";

export const handle = { i18n: ["account", "auth"] };

export async function loader({ request }: LoaderFunctionArgs) {
  const { db, user, t } = await requireUser(request);
  const { updated_at } = await getProfile(db, user.id);
  return { title: t("account:password.title"), version: Date.parse(updated_at) };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(matches, data?.title);

const hidden = ["current_password", "password", "password_confirmation"];

export async function action({ request }: ActionFunctionArgs) {
  const { db, user, session } = await requireUser(request);
  const submission = parseWithZod(await readForm(request), { schema: changePasswordSchema });
  if (submission.status !== "success") return data(submission.reply({ hideFields: hidden }), { status: 400 });

  // Guessing the current password from a stolen session is held back like guessing it at sign-in.
  const account = `change-password:${user.id}`;
  await accountBackoff.check(account);
  try {
    await changePassword(db, user.id, submission.value, session);
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    if (error.field === "current_password") await accountBackoff.failed(account);
    return data(replyWithError(submission, error, hidden), { status: 400 });
  }
  await accountBackoff.succeeded(account);
  // This browser stays signed in with a fresh token; every other sign-in has ended.
  await startSignIn(db, session, user.id);
  flashToast(session, { kind: "success", message: "account:password.changed" });
  return redirect("/change-password", { status: 303, headers: { "Set-Cookie": await commitSession(session) } });
}

export default function ChangePasswordPage() {
  const { version } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const location = useLocation();
  const navigation = useNavigation();
  const { t } = useTranslation("account");
  const [form, fields] = useForm<ChangePasswordInput>({
    // A changed password changes the version: the form is emptied (stable between server and browser).
    id: `change-password-${version}`,
    lastResult,
    constraint: getZodConstraint(changePasswordSchema),
    // Checked on submit, then as the shopper types: a check on blur moves the button away from a click in progress.
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: changePasswordSchema }),
  });
  const saving = navigation.state === "submitting" && navigation.formAction === location.pathname;
  return (
    <section aria-labelledby="password-title" className="rounded-lg border border-slate-200 bg-white p-6">
      <h1 id="password-title" className="text-2xl font-bold">{t("password.title")}</h1>
      <p className="mt-1 text-slate-600">{t("password.intro")}</p>
      <Form method="post" {...getFormProps(form)} key={form.id} className="mt-6 max-w-md space-y-5">
        <FormError errors={form.errors} id={form.errorId} />
        <Field label={t("password.current")} field={fields.current_password}>
          <PasswordInput {...inputProps(fields.current_password, { type: "password" })} autoComplete="current-password" />
        </Field>
        <Field label={t("password.new")} field={fields.password} hint={t("password.newHint", PASSWORD_LIMITS)} values={PASSWORD_LIMITS}>
          <PasswordInput {...inputProps(fields.password, { type: "password", ariaDescribedBy: fields.password.descriptionId })} autoComplete="new-password" />
        </Field>
        <Field label={t("password.confirm")} field={fields.password_confirmation}>
          <PasswordInput {...inputProps(fields.password_confirmation, { type: "password" })} autoComplete="new-password" />
        </Field>
        <button type="submit" className="btn-primary min-h-11 px-6" disabled={saving}>
          {saving ? t("password.saving") : t("password.save")}
        </button>
      </Form>
    </section>
  );
}
