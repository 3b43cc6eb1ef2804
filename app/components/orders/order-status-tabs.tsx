import { Link } from "@remix-run/react";
import { useTranslation } from "~/lib/translation";
import { ORDER_TABS, type OrderTab } from "~/modules/orders/order-status";
import { CurrentMark, TextSeparator } from "../text-only";

/** The status tabs of an order list, each with its count; `hrefOf` gives a tab's address. */
export function OrderStatusTabs({ tab, counts, hrefOf, label }: { tab: OrderTab; counts: Record<OrderTab, number>; hrefOf: (tab: OrderTab) => string; label: string }) {
  const { t } = useTranslation("orders");
  return (
    <nav aria-label={label} className="mt-4 border-b border-slate-200">
      <ul className="-mb-px flex flex-wrap gap-x-1">
        {ORDER_TABS.map((name) => (
          <li key={name}>
            <Link
              to={hrefOf(name)}
              aria-current={name === tab ? "page" : undefined}
              className={`flex items-center gap-2 border-b-2 px-3 py-2 text-sm ${
                name === tab ? "border-primary font-semibold text-primary-800" : "border-transparent text-slate-700 hover:border-slate-300"
              }`}
            >
              {t(`tabs.${name}`)}
              {name === tab ? <CurrentMark /> : null}
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
