import { Link } from "~/components/link";
import { CurrentMark, TextSeparator } from "./text-only";

/** Status tabs of a list (orders, returns), each with its count; `hrefOf` gives a tab's address. */
export function StatusTabs<Tab extends string>({
  tabs,
  current,
  counts,
  hrefOf,
  labelOf,
  label,
}: {
  tabs: readonly Tab[];
  current: Tab;
  counts: Record<Tab, number>;
  hrefOf: (tab: Tab) => string;
  labelOf: (tab: Tab) => string;
  label: string;
}) {
  return (
    <nav aria-label={label} className="mt-4 border-b border-slate-200">
      <ul className="-mb-px flex flex-wrap gap-x-1">
        {tabs.map((name) => (
          <li key={name}>
            <Link
              to={hrefOf(name)}
              aria-current={name === current ? "page" : undefined}
              className={`flex items-center gap-2 border-b-2 px-3 py-2 text-sm ${
                name === current ? "border-primary font-semibold text-primary-800" : "border-transparent text-slate-700 hover:border-slate-300"
              }`}
            >
              {labelOf(name)}
              {name === current ? <CurrentMark /> : null}
              <TextSeparator>{" "}</TextSeparator>
              <span className="rounded-full bg-slate-100 px-2 text-xs font-semibold text-slate-800">
                <TextSeparator>(</TextSeparator>{counts[name]}<TextSeparator>)</TextSeparator>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
