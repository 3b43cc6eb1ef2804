import { Link } from "~/components/link";
import { useTranslation } from "~/lib/translation";
import { ChevronDownIcon } from "./icons";

export interface Crumb {
  label: string;
  /** Omitted for the current page (the last crumb). */
  to?: string;
}

/** Where the page sits in the catalogue; the last crumb is the current page. */
export function Breadcrumb({ items }: { items: Crumb[] }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t("a11y.breadcrumb")} className="text-sm text-slate-600">
      <ol className="flex flex-wrap items-center gap-1">
        {items.map((item, index) => {
          const current = index === items.length - 1;
          return (
            <li key={`${index}-${item.label}`} className="flex items-center gap-1">
              {index > 0 ? <ChevronDownIcon className="h-3.5 w-3.5 -rotate-90 rtl:rotate-90" /> : null}
              {current || !item.to ? (
                <span aria-current={current ? "page" : undefined} className={current ? "line-clamp-1 font-medium text-slate-900" : undefined}>
                  {item.label}
                </span>
              ) : (
                <Link to={item.to} className="inline-flex min-h-6 items-center text-primary-700 hover:underline">{item.label}</Link>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
