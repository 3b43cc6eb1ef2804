import { useTranslation } from "~/lib/translation";
import { useMoney } from "~/lib/use-money";
import type { ColorOption, ProductOption } from "~/modules/catalog/product-options";

/**
 * One radio group (colour, size or unit). Each choice shows what it adds to the price. Plain radios,
 * so the group works in a GET form without JS; with JS `onChange` updates the price at once.
 */
export function OptionPicker({
  name,
  legend,
  options,
  value,
  onChange,
}: {
  name: "color" | "size" | "unit";
  legend: string;
  options: Array<ProductOption | ColorOption>;
  value: number | null;
  onChange: (id: number) => void;
}) {
  const { t } = useTranslation("product");
  const money = useMoney();
  const chosen = options.find((option) => option.id === value);
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-semibold text-slate-900">
        {legend}
        {chosen ? <span className="font-normal text-slate-600">: {chosen.name}</span> : null}
      </legend>
      <div className="flex flex-wrap gap-2">
        {options.map((option) => (
          <label key={option.id} className="relative cursor-pointer">
            <input
              type="radio"
              name={name}
              value={option.id}
              checked={option.id === value}
              onChange={() => onChange(option.id)}
              className="peer absolute inset-0 h-full w-full cursor-pointer appearance-none opacity-0"
            />
            <span className="flex min-h-10 items-center gap-2 rounded-md border border-slate-300 px-3 py-1.5 text-sm text-slate-800 peer-checked:border-primary peer-checked:bg-primary-50 peer-checked:ring-1 peer-checked:ring-primary peer-focus-visible:outline peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-primary">
              {"color_code" in option ? (
                <span aria-hidden="true" className="h-4 w-4 rounded-full border border-slate-400" style={{ backgroundColor: option.color_code }} />
              ) : null}
              <span>{option.name}</span>
              {option.price > 0 ? <bdi className="text-slate-600">{t("options.extra", { amount: money(option.price) })}</bdi> : null}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
