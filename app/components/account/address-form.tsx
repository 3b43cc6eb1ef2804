import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form } from "@remix-run/react";
import { Link } from "~/components/link";
import { useTranslation } from "~/lib/translation";
import { Field, FormError, inputClass } from "~/components/form-field";
import { ADDRESS_LIMITS, ADDRESS_TYPES, addressSchema, type AddressInput } from "~/modules/account/addresses.schema";
import type { PhoneRules } from "~/modules/account/profile.schema";
import { fieldsetProps, inputProps, textareaProps } from "~/components/form-controls";

export interface AddressFormValues {
  name: string;
  phone: string;
  area: string | null;
  flat_no: string | null;
  post_code: string | null;
  address_line: string;
  address_line2: string | null;
  address_type: string;
}

/**
 * The address form of /manage-address/new and /manage-address/{id}/edit. The default address cannot be
 * unmarked (another one is made the default instead), so its checkbox gives way to a note.
 */
export function AddressForm({
  id,
  lastResult,
  initial,
  isDefault,
  firstAddress,
  rules,
  busy,
  submitLabel,
}: {
  id: string;
  lastResult?: SubmissionResult<string[]> | null;
  initial?: AddressFormValues;
  /** The address is the default now. */
  isDefault: boolean;
  /** The shopper has no address yet: this one becomes the default whatever is ticked. */
  firstAddress: boolean;
  rules: Pick<PhoneRules, "phoneMinLength" | "phoneMaxLength">;
  busy: boolean;
  submitLabel: string;
}) {
  const { t } = useTranslation("account");
  const schema = addressSchema(rules);
  const [form, fields] = useForm<AddressInput>({
    id,
    lastResult,
    defaultValue: initial
      ? { ...initial, area: initial.area ?? "", flat_no: initial.flat_no ?? "", post_code: initial.post_code ?? "", address_line2: initial.address_line2 ?? "" }
      : { address_type: "home" },
    constraint: getZodConstraint(schema),
    // Checked on submit, then as the shopper types: a check on blur moves the button away from a click in progress.
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const values = { ...ADDRESS_LIMITS, min: rules.phoneMinLength, max: rules.phoneMaxLength };
  return (
    <Form method="post" {...getFormProps(form)} className="mt-6 max-w-2xl space-y-5">
      <FormError errors={form.errors} id={form.errorId} />
      <p className="text-sm text-slate-600">{t("address.required")}</p>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t("address.name")} field={fields.name} values={values}>
          <input {...inputProps(fields.name, { type: "text" })} autoComplete="name" className={inputClass} />
        </Field>
        <Field label={t("address.phone")} field={fields.phone} hint={t("address.phoneHint", values)} values={values}>
          {/* Separators a shopper may type are accepted, so the digits-only pattern is left to the schema. */}
          <input
            {...inputProps(fields.phone, { type: "tel", ariaDescribedBy: fields.phone.descriptionId })}
            pattern={undefined}
            autoComplete="tel"
            inputMode="tel"
            dir="ltr"
            className={inputClass}
          />
        </Field>
      </div>
      <Field label={t("address.addressLine")} field={fields.address_line} values={values}>
        <textarea {...textareaProps(fields.address_line)} rows={2} autoComplete="address-line1" className={inputClass} />
      </Field>
      <Field label={t("address.addressLine2")} field={fields.address_line2} values={values}>
        <input {...inputProps(fields.address_line2, { type: "text" })} autoComplete="address-line2" className={inputClass} />
      </Field>
      <div className="grid gap-4 sm:grid-cols-3">
        <Field label={t("address.flatNo")} field={fields.flat_no} values={values}>
          <input {...inputProps(fields.flat_no, { type: "text" })} className={inputClass} />
        </Field>
        <Field label={t("address.area")} field={fields.area} values={values}>
          <input {...inputProps(fields.area, { type: "text" })} autoComplete="address-level2" className={inputClass} />
        </Field>
        <Field label={t("address.postCode")} field={fields.post_code} values={values}>
          <input {...inputProps(fields.post_code, { type: "text" })} autoComplete="postal-code" className={inputClass} />
        </Field>
      </div>
      <fieldset {...fieldsetProps(fields.address_type)}>
        <legend className="text-sm font-semibold text-slate-900">{t("address.type")}</legend>
        <div className="mt-2 flex flex-wrap gap-4">
          {ADDRESS_TYPES.map((type) => (
            <label key={type} className="flex items-center gap-2">
              <input
                {...inputProps(fields.address_type, { type: "radio", value: type })}
                id={`${fields.address_type.id}-${type}`}
                className="h-4 w-4"
              />
              <span>{t(`address.types.${type}`)}</span>
            </label>
          ))}
        </div>
        {fields.address_type.errors?.[0] ? <p id={fields.address_type.errorId} className="mt-1 text-sm font-medium text-red-700">{t(fields.address_type.errors[0])}</p> : null}
      </fieldset>
      {isDefault || firstAddress ? (
        <p className="rounded-md bg-primary-50 px-3 py-2 text-sm text-primary-900">{t(isDefault ? "address.isDefaultNote" : "address.firstNote")}</p>
      ) : (
        <label className="flex items-center gap-2">
          <input {...inputProps(fields.is_default, { type: "checkbox" })} className="h-4 w-4" />
          <span>{t("address.makeDefault")}</span>
        </label>
      )}
      <div className="flex flex-wrap gap-3">
        <button type="submit" className="btn-primary min-h-11 px-6" disabled={busy}>
          {busy ? t("address.saving") : submitLabel}
        </button>
        <Link to="/manage-address" className="btn-secondary min-h-11 px-6">{t("address.cancel")}</Link>
      </div>
    </Form>
  );
}
