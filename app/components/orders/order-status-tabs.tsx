import { useTranslation } from "~/lib/translation";
import { ORDER_TABS, type OrderTab } from "~/modules/orders/order-status";
import { StatusTabs } from "../status-tabs";

/** The order status tabs, each with its count; `hrefOf` gives a tab's address. */
export function OrderStatusTabs({ tab, counts, hrefOf, label }: { tab: OrderTab; counts: Record<OrderTab, number>; hrefOf: (tab: OrderTab) => string; label: string }) {
  const { t } = useTranslation("orders");
  return <StatusTabs tabs={ORDER_TABS} current={tab} counts={counts} hrefOf={hrefOf} labelOf={(name) => t(`tabs.${name}`)} label={label} />;
}
