import { Form, useSearchParams } from "@remix-run/react";
import { useId } from "react";
import { useTranslation } from "~/lib/translation";
import { SearchIcon } from "./icons";

/** GET /products?search=…: a plain form, so Enter or the button searches with or without JS. */
export function SearchForm({ className = "" }: { className?: string }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = useId();
  return (
    <Form method="get" action="/products" role="search" className={`flex w-full max-w-search ${className}`}>
      <label htmlFor={id} className="sr-only">{t("header.searchLabel")}</label>
      <input
        id={id}
        type="search"
        name="search"
        defaultValue={params.get("search") ?? ""}
        placeholder={t("header.searchPlaceholder")}
        className="min-w-0 flex-1 rounded-s-md border border-slate-300 px-3 py-2 text-sm focus:border-primary"
      />
      <button type="submit" className="flex items-center gap-1 rounded-e-md bg-primary px-4 text-sm font-semibold text-white hover:bg-primary-800">
        <SearchIcon className="h-4 w-4" />
        <span className="sr-only sm:not-sr-only">{t("header.search")}</span>
      </button>
    </Form>
  );
}
