import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "~/lib/translation";
import { ContactDetailsList } from "~/components/contact-details";
import { Field, inputClass } from "~/components/form-field";
import { shopContext } from "~/lib/context.server";
import { pageMeta } from "~/lib/seo";
import { redirectWithToast } from "~/lib/session.server";
import { CONTACT_LIMITS, contactSchema, type ContactInput } from "~/modules/content/contact.schema";
import { storeContactMessage } from "~/modules/content/contact.server";
import { contactDetails } from "~/modules/content/pages.server";
import { inputProps, textareaProps } from "~/components/form-controls";
import { readForm } from "~/lib/forms.server";

export const handle = { i18n: ["content"] };

export async function loader({ request }: LoaderFunctionArgs) {
  const { settings, t, user } = await shopContext(request);
  return {
    title: t("content:contact.title"),
    description: t("content:contact.description"),
    details: contactDetails(settings),
    // A signed-in shopper does not retype what the shop already knows.
    known: { name: user?.name ?? "", phone: user?.phone ? `${user.phone_code ?? ""}${user.phone}` : "" },
  };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  data ? pageMeta(matches, { title: data.title, description: data.description, path: "/contact-us" }) : [];

export async function action({ request }: ActionFunctionArgs) {
  const { db, user } = await shopContext(request);
  const submission = parseWithZod(await readForm(request), { schema: contactSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  await storeContactMessage(db, { ...submission.value, userId: user?.id ?? null });
  return redirectWithToast(request, "/contact-us", { kind: "success", message: "content:contact.sent" });
}

export default function ContactUs() {
  const { details } = useLoaderData<typeof loader>();
  const { t } = useTranslation("content");
  return (
    <div className="container-shop py-10">
      <h1 className="text-3xl font-bold">{t("contact.title")}</h1>
      <p className="mt-2 max-w-2xl text-slate-600">{t("contact.intro")}</p>
      <div className="mt-8 grid gap-10 lg:grid-cols-[20rem_minmax(0,1fr)]">
        <section aria-labelledby="contact-details">
          <h2 id="contact-details" className="text-xl font-bold">{t("contact.details")}</h2>
          <ContactDetailsList details={details} />
        </section>
        <section aria-labelledby="contact-form">
          <h2 id="contact-form" className="text-xl font-bold">{t("contact.formTitle")}</h2>
          <ContactForm />
        </section>
      </div>
    </div>
  );
}

/** How many times the page was navigated to since it loaded: 0 on the server and at hydration alike. */
function useSends(locationKey: string) {
  const [count, setCount] = useState(0);
  const first = useRef(locationKey);
  useEffect(() => {
    if (first.current !== locationKey) setCount((n) => n + 1);
  }, [locationKey]);
  return count;
}

function ContactForm() {
  const { known } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const location = useLocation();
  const navigation = useNavigation();
  const { t } = useTranslation("content");
  const sends = useSends(location.key);
  const [form, fields] = useForm<ContactInput>({
    // After a successful send the page is loaded afresh (new location): the form starts empty again. The id
    // counts navigations rather than using location.key, which differs between the server and the browser.
    id: lastResult ? "contact" : `contact-${sends}`,
    lastResult,
    defaultValue: known,
    constraint: getZodConstraint(contactSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: contactSchema }),
  });
  const sending = navigation.state === "submitting" && navigation.formAction === location.pathname;
  return (
    <Form method="post" {...getFormProps(form)} key={form.id} className="mt-4 max-w-2xl space-y-5">
      <p className="text-sm text-slate-600">{t("contact.required")}</p>
      <Field label={t("contact.name")} field={fields.name} values={CONTACT_LIMITS}>
        <input {...inputProps(fields.name, { type: "text" })} autoComplete="name" className={inputClass} />
      </Field>
      <Field label={t("contact.phoneField")} field={fields.phone} hint={t("contact.phoneHint")} values={CONTACT_LIMITS}>
        {/* The separators a shopper may type are accepted, so the digits-only pattern is left to the schema. */}
        <input {...inputProps(fields.phone, { type: "tel", ariaDescribedBy: fields.phone.descriptionId })} pattern={undefined} autoComplete="tel" inputMode="tel" className={inputClass} />
      </Field>
      <Field label={t("contact.subject")} field={fields.subject} values={CONTACT_LIMITS}>
        <input {...inputProps(fields.subject, { type: "text" })} className={inputClass} />
      </Field>
      <Field label={t("contact.message")} field={fields.message} values={CONTACT_LIMITS}>
        <textarea {...textareaProps(fields.message)} rows={6} className={inputClass} />
      </Field>
      <button type="submit" className="btn-primary min-h-11 px-6" disabled={sending}>
        {sending ? t("contact.sending") : t("contact.send")}
      </button>
    </Form>
  );
}
