import { Form } from "@remix-run/react";
import { useReturnTo } from "~/lib/shared-markup";
import { useTranslation } from "~/lib/translation";
import { Dropdown } from "./dropdown";
import { ChevronDownIcon, GlobeIcon } from "./icons";
import { TextSeparator } from "./text-only";

/** Currency choice as a plain form post (works without JS); prices re-render in the chosen currency. */
export function CurrencyPicker({ currencies, selected }: { currencies: { name: string; symbol: string }[]; selected: string }) {
  const { t } = useTranslation();
  const returnPath = useReturnTo();
  return (
    <Dropdown
      summaryClassName="flex items-center gap-1 rounded px-2 py-1 hover:bg-white/10"
      summary={
        <>
          <span className="sr-only">{t("topbar.currency")}: </span>
          <span>{selected}</span>
          <ChevronDownIcon className="h-4 w-4" />
        </>
      }
    >
      <Form method="post" action="/preferences" className="dropdown-panel end-0" aria-label={t("topbar.chooseCurrency")}>
        <input type="hidden" name="redirectTo" value={returnPath} />
        {currencies.map((currency, index) => [
          index > 0 ? <TextSeparator key={`${currency.name}-separator`} /> : null,
          <button
            key={currency.name}
            type="submit"
            name="currency"
            value={currency.name}
            aria-current={currency.name === selected ? "true" : undefined}
            className={`dropdown-item ${currency.name === selected ? "font-semibold text-primary" : ""}`}
          >
            <span aria-hidden="true" className="inline-block w-8">{currency.symbol}</span>
            {currency.name}
          </button>,
        ])}
      </Form>
    </Dropdown>
  );
}

/** Language choice; the page reloads whole so text, direction and title all change together. */
export function LanguagePicker({ languages, selected }: { languages: { name: string; title: string }[]; selected: string }) {
  const { t } = useTranslation();
  const returnPath = useReturnTo();
  const current = languages.find((l) => l.name === selected);
  return (
    <Dropdown
      summaryClassName="flex items-center gap-1 rounded px-2 py-1 hover:bg-white/10"
      summary={
        <>
          <GlobeIcon className="h-4 w-4" />
          <span className="sr-only">{t("topbar.language")}: </span>
          <span>{current?.title ?? selected}</span>
          <ChevronDownIcon className="h-4 w-4" />
        </>
      }
    >
      <Form method="post" action="/preferences" reloadDocument className="dropdown-panel end-0" aria-label={t("topbar.chooseLanguage")}>
        <input type="hidden" name="redirectTo" value={returnPath} />
        {languages.map((language, index) => [
          index > 0 ? <TextSeparator key={`${language.name}-separator`} /> : null,
          <button
            key={language.name}
            type="submit"
            name="locale"
            value={language.name}
            lang={language.name}
            aria-current={language.name === selected ? "true" : undefined}
            className={`dropdown-item ${language.name === selected ? "font-semibold text-primary" : ""}`}
          >
            {language.title}
          </button>,
        ])}
      </Form>
    </Dropdown>
  );
}
