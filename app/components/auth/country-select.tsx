import { type FieldMetadata } from "@conform-to/react";
import type { ChangeEvent } from "react";
import { useTranslation } from "~/lib/translation";
import { inputClass } from "~/components/form-field";
import { selectProps } from "~/components/form-controls";

export interface CountryOption {
  id: number;
  name: string;
  phone_code: string;
}

/** The country picker of registration and forgotten password: each country with its phone code. */
export function CountrySelect({
  field,
  countries,
  onChange,
}: {
  field: FieldMetadata<number | undefined>;
  countries: CountryOption[];
  onChange?: (event: ChangeEvent<HTMLSelectElement>) => void;
}) {
  const { t } = useTranslation("auth");
  return (
    <select {...selectProps(field)} className={inputClass} onChange={onChange}>
      <option value="">{t("register.countryPlaceholder")}</option>
      {countries.map((country) => (
        <option key={country.id} value={country.id}>{t("register.countryOption", { name: country.name, code: country.phone_code })}</option>
      ))}
    </select>
  );
}
