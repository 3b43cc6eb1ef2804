import { Form, useLocation, useSearchParams, useSubmit } from "@remix-run/react";
import { Link } from "~/components/link";
import type { FormEvent, SyntheticEvent } from "react";
import { useTranslation } from "~/lib/translation";
import type { CategoryChoice } from "~/modules/catalog/categories.server";
import type { ProductFacets, ProductSort } from "~/modules/catalog/products.server";
import { useRootData } from "~/root";

const LIST_SORTS: ProductSort[] = ["newest", "popular", "top_selling", "price_low_high", "price_high_low"];
const RATINGS = [5, 4, 3, 2, 1];

const field = "w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-sm focus:border-primary";
const label = "mb-1 block text-sm font-medium text-slate-800";

/**
 * With JS: a changed choice applies at once (typed prices wait for Enter or the button), and empty
 * fields stay out of the URL. Without JS the browser submits the form as it is, which works the same.
 */
function useFilterSubmit() {
  const submit = useSubmit();
  const send = (form: HTMLFormElement) => {
    const params = new URLSearchParams();
    for (const [name, value] of new FormData(form)) if (typeof value === "string" && value.trim()) params.append(name, value.trim());
    submit(params, { method: "get", action: form.getAttribute("action") ?? undefined, preventScrollReset: true });
  };
  return {
    onChange(event: SyntheticEvent<HTMLFormElement | HTMLSelectElement>) {
      const target = event.target;
      if (target instanceof HTMLSelectElement && target.form) send(target.form);
    },
    onSubmit(event: FormEvent<HTMLFormElement>) {
      event.preventDefault();
      send(event.currentTarget);
    },
  };
}

/**
 * The list's filters as one GET form, so every choice works without JavaScript and lands in the URL:
 * category and sub-category (when the list is not a category already), brand, colour, size, price
 * range and rating. Values the list keeps regardless (the search text, the category page's
 * sub-category) travel as hidden fields, and so does the sort chosen in ProductSort.
 */
export function ProductFilters({
  facets,
  categories,
  keep = {},
  clearHref,
}: {
  facets: ProductFacets;
  /** Offer the category and sub-category choice. */
  categories?: CategoryChoice[];
  keep?: Record<string, string>;
  clearHref: string;
}) {
  const { t } = useTranslation("catalog");
  const location = useLocation();
  // The URL's values as they were typed; a value the list ignored simply selects nothing.
  const values = Object.fromEntries(useSearchParams()[0]);
  const { onChange, onSubmit } = useFilterSubmit();
  const currency = useRootData()?.currency ?? { symbol: "$", rate_from_default: 1 };
  const inCurrency = (minor: number | null, round: (n: number) => number) =>
    minor === null ? undefined : String(round((minor * currency.rate_from_default) / 100));
  const chosenCategory = categories?.find((c) => String(c.id) === values.category_id);
  const subGroups = chosenCategory ? [chosenCategory] : categories ?? [];

  return (
    // Keyed by the URL so the fields show the new values after a client-side navigation.
    <Form
      key={location.search}
      method="get"
      action={location.pathname}
      aria-labelledby="filters-title"
      onChange={onChange}
      onSubmit={onSubmit}
      className="space-y-4 rounded-lg border border-slate-200 p-4"
    >
      <h2 id="filters-title" className="text-lg font-semibold">{t("filters.title")}</h2>
      {Object.entries(keep).map(([name, value]) => (value ? <input key={name} type="hidden" name={name} value={value} /> : null))}
      {/* The sort has its own form beside the results; a filter keeps it. */}
      {values.sort ? <input type="hidden" name="sort" value={values.sort} /> : null}

      {categories ? (
        <>
          <div>
            <label htmlFor="filter-category" className={label}>{t("filters.category")}</label>
            <select id="filter-category" name="category_id" defaultValue={values.category_id ?? ""} className={field}>
              <option value="">{t("filters.allCategories")}</option>
              {categories.map((c) => <option key={c.id} value={c.id}>{c.name}</option>)}
            </select>
          </div>
          <div>
            <label htmlFor="filter-sub-category" className={label}>{t("filters.subCategory")}</label>
            <select id="filter-sub-category" name="sub_category_id" defaultValue={values.sub_category_id ?? ""} className={field}>
              <option value="">{t("filters.allSubCategories")}</option>
              {subGroups.map((c) => (
                <optgroup key={c.id} label={c.name}>
                  {c.sub_categories.map((s) => <option key={s.id} value={s.id}>{s.name}</option>)}
                </optgroup>
              ))}
            </select>
          </div>
        </>
      ) : null}

      {facets.brands.length > 0 ? (
        <div>
          <label htmlFor="filter-brand" className={label}>{t("filters.brand")}</label>
          <select id="filter-brand" name="brand_id" defaultValue={values.brand_id ?? ""} className={field}>
            <option value="">{t("filters.allBrands")}</option>
            {facets.brands.map((b) => <option key={b.id} value={b.id}>{b.name}</option>)}
          </select>
        </div>
      ) : null}

      {facets.colors.length > 0 ? (
        <div>
          <label htmlFor="filter-color" className={label}>{t("filters.color")}</label>
          <select id="filter-color" name="color_id" defaultValue={values.color_id ?? ""} className={field}>
            <option value="">{t("filters.allColors")}</option>
            {facets.colors.map((c) => <option key={c.id} value={c.id}>{c.name}</option>)}
          </select>
        </div>
      ) : null}

      {facets.sizes.length > 0 ? (
        <div>
          <label htmlFor="filter-size" className={label}>{t("filters.size")}</label>
          <select id="filter-size" name="size_id" defaultValue={values.size_id ?? ""} className={field}>
            <option value="">{t("filters.allSizes")}</option>
            {facets.sizes.map((s) => <option key={s.id} value={s.id}>{s.name}</option>)}
          </select>
        </div>
      ) : null}

      <fieldset>
        <legend className={label}>{t("filters.price")}</legend>
        <div className="grid grid-cols-2 gap-2">
          <div>
            <label htmlFor="filter-min-price" className="mb-1 block text-xs text-slate-700">{t("filters.minPrice", { symbol: currency.symbol })}</label>
            <input id="filter-min-price" name="min_price" type="number" inputMode="decimal" min={0} step="any"
              defaultValue={values.min_price ?? ""} placeholder={inCurrency(facets.min_price, Math.floor)} className={field} />
          </div>
          <div>
            <label htmlFor="filter-max-price" className="mb-1 block text-xs text-slate-700">{t("filters.maxPrice", { symbol: currency.symbol })}</label>
            <input id="filter-max-price" name="max_price" type="number" inputMode="decimal" min={0} step="any"
              defaultValue={values.max_price ?? ""} placeholder={inCurrency(facets.max_price, Math.ceil)} className={field} />
          </div>
        </div>
      </fieldset>

      <div>
        <label htmlFor="filter-rating" className={label}>{t("filters.rating")}</label>
        <select id="filter-rating" name="rating" defaultValue={values.rating ?? ""} className={field}>
          <option value="">{t("filters.anyRating")}</option>
          {RATINGS.map((r) => (
            <option key={r} value={r}>{r === 5 ? t("filters.ratingFive") : t("filters.ratingRange", { from: r, to: `${r}.9` })}</option>
          ))}
        </select>
      </div>

      <div className="flex flex-wrap items-center gap-3 pt-1">
        <button type="submit" className="btn-primary">{t("filters.apply")}</button>
        <Link to={clearHref} className="inline-flex min-h-6 items-center text-sm font-semibold text-primary-700 underline">{t("filters.clear")}</Link>
      </div>
    </Form>
  );
}

/**
 * The sort choice above the results: a GET form of its own (every control inside its own form, for Lynx and
 * w3m), carrying the list's other choices as hidden fields so a sort keeps the filters; the filters form
 * carries the sort back the same way. Without JS the button applies it. The list's own order is the empty
 * value, which keeps it out of the URL; a new order starts again at page 1.
 */
export function ProductSort({ defaultSort, searching = false }: { defaultSort: ProductSort; searching?: boolean }) {
  const { t } = useTranslation("catalog");
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const value = searchParams.get("sort");
  const { onChange, onSubmit } = useFilterSubmit();
  const sorts: ProductSort[] = searching ? ["relevance", ...LIST_SORTS] : LIST_SORTS;
  const kept = [...searchParams].filter(([name, kept]) => name !== "sort" && name !== "page" && kept);
  return (
    <Form key={location.search} method="get" action={location.pathname} onChange={onChange} onSubmit={onSubmit} className="flex items-center gap-2">
      {kept.map(([name, kept], index) => <input key={`${name}-${index}`} type="hidden" name={name} value={kept} />)}
      <label htmlFor="filter-sort" className="text-sm font-medium text-slate-800">{t("sort.label")}</label>
      <select id="filter-sort" name="sort"
        defaultValue={value && value !== defaultSort ? value : ""}
        className="rounded-md border border-slate-400 bg-white px-3 py-2 text-sm focus:border-primary">
        <option value="">{t(`sort.${defaultSort}`)}</option>
        {sorts.filter((s) => s !== defaultSort).map((s) => <option key={s} value={s}>{t(`sort.${s}`)}</option>)}
      </select>
      <button type="submit" className="btn-secondary">{t("sort.apply")}</button>
    </Form>
  );
}
