import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { useTranslation } from "~/lib/translation";
import { Field, FormError, inputClass } from "~/components/form-field";
import { UserIcon } from "~/components/icons";
import { requireUser } from "~/lib/auth.server";
import { DomainError, replyWithError } from "~/lib/domain-error";
import { pageTitle } from "~/lib/seo";
import { redirectWithToast } from "~/lib/session.server";
import { readProfileUpload } from "~/modules/account/avatars.server";
import { GENDERS, PHOTO_MAX_BYTES, PHOTO_TYPES, profileSchema, todayIso, type PhoneRules, type ProfileInput } from "~/modules/account/profile.schema";
import { getProfile, listCountries, updateProfile } from "~/modules/account/profile.server";
import type { Settings } from "~/modules/settings/settings.server";
import { inputProps, selectProps } from "~/components/form-controls";

export const handle = { i18n: ["account"] };

const phoneRulesOf = (settings: Settings): PhoneRules => ({
  phoneRequired: settings.phoneRequired,
  phoneMinLength: settings.phoneMinLength,
  phoneMaxLength: settings.phoneMaxLength,
});

export async function loader({ request }: LoaderFunctionArgs) {
  const { db, user, settings, t } = await requireUser(request);
  const [profile, countries] = await Promise.all([getProfile(db, user.id), listCountries(db)]);
  // A phone saved without its country (e.g. from a social sign-in) is shown with the country of its code.
  const country = profile.country ?? countries.find((c) => c.phone_code === profile.phone_code)?.id ?? null;
  return { title: t("account:profile.title"), profile: { ...profile, country }, countries, rules: phoneRulesOf(settings), today: todayIso() };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(matches, data?.title);

export async function action({ request }: ActionFunctionArgs) {
  const { db, user, settings } = await requireUser(request);
  const upload = await readProfileUpload(request);
  const submission = parseWithZod(upload.formData, { schema: profileSchema(phoneRulesOf(settings)) });
  if (upload.problem === "malformed") return data(submission.reply({ formErrors: ["account:errors.formUnreadable"] }), { status: 400 });
  const photoErrors = upload.problem === "photoTooLarge" ? { photo: ["account:errors.photoTooLarge"] } : undefined;
  if (submission.status !== "success" || photoErrors) return data(submission.reply({ fieldErrors: photoErrors }), { status: 400 });
  try {
    await updateProfile(db, user.id, submission.value, upload.photo);
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return data(replyWithError(submission, error), { status: 400 });
  }
  return redirectWithToast(request, "/profile", { kind: "success", message: "account:profile.saved" });
}

export default function ProfilePage() {
  const { profile, countries, rules, today } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const location = useLocation();
  const navigation = useNavigation();
  const { t } = useTranslation("account");
  const schema = profileSchema(rules, today);
  const [form, fields] = useForm<ProfileInput>({
    // A save changes the version: the form starts again from the saved values (stable between server and browser).
    id: `profile-${Date.parse(profile.updated_at)}`,
    lastResult,
    defaultValue: {
      name: profile.name,
      email: profile.email ?? "",
      country: profile.country ? String(profile.country) : "",
      phone: profile.phone ?? "",
      gender: profile.gender ?? "",
      date_of_birth: profile.date_of_birth ?? "",
    },
    constraint: getZodConstraint(schema),
    // Checked on submit, then as the shopper types: a check on blur moves the button away from a click in progress.
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const saving = navigation.state === "submitting" && navigation.formAction === location.pathname;
  const limits = { min: rules.phoneMinLength, max: rules.phoneMaxLength, size: PHOTO_MAX_BYTES / 1024 / 1024 };
  return (
    <section aria-labelledby="profile-title" className="rounded-lg border border-slate-200 bg-white p-6">
      <h1 id="profile-title" className="text-2xl font-bold">{t("profile.title")}</h1>
      <p className="mt-1 text-slate-600">{t("profile.intro")}</p>
      <Form method="post" encType="multipart/form-data" {...getFormProps(form)} key={form.id} className="mt-6 max-w-2xl space-y-5">
        <FormError errors={form.errors} id={form.errorId} />
        <Field label={t("profile.name")} field={fields.name}>
          <input {...inputProps(fields.name, { type: "text" })} autoComplete="name" className={inputClass} />
        </Field>
        <Field label={t("profile.email")} field={fields.email}>
          <input {...inputProps(fields.email, { type: "email" })} autoComplete="email" className={inputClass} />
        </Field>
        <div className="grid gap-4 sm:grid-cols-[14rem_1fr]">
          <Field label={t("profile.country")} field={fields.country}>
            <select {...selectProps(fields.country)} autoComplete="country" className={`${inputClass} bg-white`}>
              <option value="">{t("profile.chooseCountry")}</option>
              {countries.map((country) => (
                <option key={country.id} value={country.id}>{`${country.name} (${country.phone_code})`}</option>
              ))}
            </select>
          </Field>
          <Field label={t("profile.phone")} field={fields.phone} hint={t("profile.phoneHint", limits)} values={limits}>
            {/* Separators a shopper may type are accepted, so the digits-only pattern is left to the schema. */}
            <input
              {...inputProps(fields.phone, { type: "text", ariaDescribedBy: fields.phone.descriptionId })}
              pattern={undefined}
              // The number without its country code: HTML allows "tel-national" on a text field, not on type=tel.
              autoComplete="tel-national"
              inputMode="tel"
              dir="ltr"
              className={inputClass}
            />
          </Field>
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label={t("profile.gender")} field={fields.gender}>
            <select {...selectProps(fields.gender)} autoComplete="sex" className={`${inputClass} bg-white`}>
              <option value="">{t("profile.genderNone")}</option>
              {GENDERS.map((gender) => (
                <option key={gender} value={gender}>{t(`profile.genders.${gender}`)}</option>
              ))}
            </select>
          </Field>
          <Field label={t("profile.dateOfBirth")} field={fields.date_of_birth}>
            <input {...inputProps(fields.date_of_birth, { type: "date" })} max={today} autoComplete="bday" className={inputClass} />
          </Field>
        </div>
        <PhotoField field={fields.photo} current={profile.profile_photo} name={profile.name} limits={limits} />
        <button type="submit" className="btn-primary min-h-11 px-6" disabled={saving}>
          {saving ? t("profile.saving") : t("profile.save")}
        </button>
      </Form>
    </section>
  );
}

/** The photo picker, last in the form: a browser sends the fields in order, so the text comes before the file. */
function PhotoField({
  field,
  current,
  name,
  limits,
}: {
  field: ReturnType<typeof useForm<ProfileInput>>[1]["photo"];
  current: string | null;
  name: string;
  limits: Record<string, number>;
}) {
  const { t } = useTranslation("account");
  return (
    <div className="flex flex-wrap items-start gap-4">
      {current ? (
        <img src={current} alt={t("profile.currentPhoto", { name })} width={96} height={96} className="h-24 w-24 rounded-full object-cover" />
      ) : (
        <span className="flex h-24 w-24 items-center justify-center rounded-full bg-primary-100 text-primary-800"><UserIcon className="h-10 w-10" /></span>
      )}
      <div className="min-w-0 flex-1">
        <Field label={t("profile.photo")} field={field} hint={t("profile.photoHint", limits)} values={limits}>
          <input
            {...inputProps(field, { type: "file", ariaDescribedBy: field.descriptionId })}
            accept={PHOTO_TYPES.join(",")}
            className="block w-full text-sm file:me-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-2 file:font-semibold"
          />
        </Field>
      </div>
    </div>
  );
}
