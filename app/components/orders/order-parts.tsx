import { Link } from "~/components/link";
import type { ReactNode } from "react";
import { useTranslation } from "~/lib/translation";
import type { OrderStatus, PaymentStatus } from "~/db/schema";
import { useMoney } from "~/lib/use-money";
import { tabOfStatus, type StatusTab } from "~/modules/orders/order-status";
import type { OrderEvent } from "~/modules/orders/order-lifecycle.server";
import type { OrderDetails, OrderItem } from "~/modules/orders/orders.server";
import { formatDateTime } from "~/lib/dates";
import { TextSeparator } from "../text-only";

const statusColors: Record<StatusTab, string> = {
  pending: "bg-amber-100 text-amber-900",
  confirm: "bg-sky-100 text-sky-900",
  processing: "bg-indigo-100 text-indigo-900",
  pickup: "bg-violet-100 text-violet-900",
  on_the_way: "bg-cyan-100 text-cyan-900",
  delivered: "bg-green-100 text-green-900",
  cancelled: "bg-red-100 text-red-900",
};

/** An order's status as a coloured label (the colour only repeats what the text says). */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const { t } = useTranslation("orders");
  const tab = tabOfStatus(status);
  return <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${statusColors[tab]}`}>{t(`status.${tab}`)}</span>;
}

export function PaymentStatusBadge({ status }: { status: PaymentStatus }) {
  const { t } = useTranslation("orders");
  const colors = status === "Paid" ? "bg-green-100 text-green-900" : "bg-slate-100 text-slate-800";
  return <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${colors}`}>{t(`paymentStatus.${status}`)}</span>;
}

/** The options the item was bought with ("Color: Red · Size: XL"), empty when none. */
export function useItemOptions() {
  const { t } = useTranslation("orders");
  return (item: Pick<OrderItem, "color_name" | "size_name" | "unit_name" | "is_digital">) =>
    [
      item.color_name ? t("items.color", { name: item.color_name }) : null,
      item.size_name ? t("items.size", { name: item.size_name }) : null,
      item.unit_name ? t("items.unit", { name: item.unit_name }) : null,
      item.is_digital ? t("items.digital") : null,
    ].filter(Boolean).join(" · ");
}

/** A tax rate in basis points as a percentage in the page's language, with Latin digits like prices. */
export function formatRate(basisPoints: number, locale: string): string {
  return new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 2, numberingSystem: "latn" }).format(basisPoints / 10_000);
}

/** How the order is paid: cash on delivery, or the gateway's title. */
export function usePaymentMethod() {
  const { t } = useTranslation("orders");
  return (order: Pick<OrderDetails, "payment_title">) => order.payment_title ?? t("order.cashOnDelivery");
}

/** Subtotal, discount (with the coupon code), shipping, each VAT & Taxes line and the total payable. */
export function OrderTotals({ order, locale }: { order: OrderDetails; locale: string }) {
  const { t } = useTranslation("orders");
  const money = useMoney(order.currency);
  const row = "flex justify-between gap-4 py-1.5";
  return (
    <dl className="text-sm">
      <div className={row}>
        <dt className="text-slate-700">{t("summary.subtotal")}</dt>
        <dd className="font-medium">{money(order.subtotal)}</dd>
      </div>
      <div className={row}>
        <dt className="text-slate-700">{order.coupon_code ? t("summary.discountWithCode", { code: order.coupon_code }) : t("summary.discount")}</dt>
        <dd className="font-medium">{order.discount > 0 ? <bdi dir="ltr">−{money(order.discount)}</bdi> : money(0)}</dd>
      </div>
      <div className={row}>
        <dt className="text-slate-700">{t("summary.shipping")}</dt>
        <dd className="font-medium">{money(order.delivery_charge)}</dd>
      </div>
      {order.taxes.length ? (
        order.taxes.map((tax) => (
          <div key={tax.name} className={row}>
            <dt className="text-slate-700">{t("summary.taxLine", { name: tax.name, rate: formatRate(tax.basis_points, locale) })}</dt>
            <dd className="font-medium">{money(tax.amount)}</dd>
          </div>
        ))
      ) : (
        <div className={row}>
          <dt className="text-slate-700">{t("summary.vatAndTaxes")}</dt>
          <dd className="font-medium">{money(order.tax_amount)}</dd>
        </div>
      )}
      <div className={`${row} mt-1 border-t border-slate-200 pt-3 text-base`}>
        <dt className="font-bold">{t("summary.payable")}</dt>
        <dd className="font-bold">{money(order.payable)}</dd>
      </div>
    </dl>
  );
}

/** The order's lines as sold: thumbnail, name (a link to the product), options, unit price, quantity, line total. */
export function OrderItemList({ order, actions }: { order: Pick<OrderDetails, "items" | "currency">; actions?: (item: OrderItem) => ReactNode }) {
  const { t } = useTranslation("orders");
  const money = useMoney(order.currency);
  const itemOptions = useItemOptions();
  const term = "text-xs text-slate-600";
  return (
    <ul className="mt-3 divide-y divide-slate-200">
      {order.items.map((item) => {
        const options = itemOptions(item);
        const itemActions = actions?.(item);
        return (
          <li key={item.id} className="flex flex-wrap items-start gap-4 py-4">
            {item.thumbnail ? (
              <img src={item.thumbnail} alt="" width={64} height={64} loading="lazy" className="h-16 w-16 rounded-md border border-slate-200 object-cover" />
            ) : null}
            <div className="min-w-0 flex-1">
              <p className="font-semibold">
                <Link to={`/products/${item.product_id}/details`} className="hover:underline">{item.name}</Link>
              </p>
              {options ? <p className="text-sm text-slate-600">{options}</p> : null}
              {itemActions ? <div className="mt-2">{itemActions}</div> : null}
            </div>
            <dl className="grid grid-cols-3 gap-4 text-sm sm:w-80">
              <div>
                <dt className={term}>{t("items.unitPrice")}</dt>
                <dd>{money(item.unit_price)}</dd>
              </div>
              <div>
                <dt className={term}>{t("items.quantity")}</dt>
                <dd>{item.quantity}</dd>
              </div>
              <div>
                <dt className={term}>{t("items.lineTotal")}</dt>
                <dd className="font-semibold">{money(item.line_total)}</dd>
              </div>
            </dl>
          </li>
        );
      })}
    </ul>
  );
}

/** The shipping address as it was when ordered. */
export function OrderAddress({ order }: { order: Pick<OrderDetails, "ship_name" | "ship_phone" | "ship_address" | "needs_shipping"> }) {
  const { t } = useTranslation("orders");
  if (!order.needs_shipping) return <p className="mt-2 text-sm text-slate-700">{t("order.nothingToShip")}</p>;
  return (
    <address className="mt-2 text-sm not-italic text-slate-800">
      <span className="block font-semibold"><bdi>{order.ship_name}</bdi></span>
      <span className="block"><bdi dir="ltr">{order.ship_phone}</bdi></span>
      <span className="block whitespace-pre-line"><bdi>{order.ship_address}</bdi></span>
    </address>
  );
}

/** Every status the order took, with its date and time, oldest first. */
export function OrderTimeline({ events, locale }: { events: OrderEvent[]; locale: string }) {
  const { t } = useTranslation("orders");
  return (
    <ol className="mt-3 space-y-3 border-s-2 border-slate-200 ps-4">
      {events.map((event, index) => (
        <li key={index} className="relative">
          <span aria-hidden="true" className="absolute -start-[1.4rem] top-1.5 h-3 w-3 rounded-full border-2 border-white bg-primary" />
          <span className="block font-semibold">{t(`status.${tabOfStatus(event.status)}`)}</span>
          <TextSeparator />
          <time dateTime={event.at} className="block text-sm text-slate-600">{formatDateTime(event.at, locale)}</time>
        </li>
      ))}
    </ol>
  );
}
