import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "~/lib/translation";
import type { OrderStatus } from "~/db/schema";
import type { DisplayCurrency } from "~/lib/money";
import { useMoney } from "~/lib/use-money";
import { tabOfStatus } from "~/modules/orders/order-status";

export interface CancelOrderData {
  id: number;
  payable: number;
  shopName: string;
  status: OrderStatus;
  /** Only a Pending order can be cancelled. */
  canCancel: boolean;
  /** The currency it was placed in. */
  currency: DisplayCurrency;
}

/**
 * The cancel question, on the /order-history/{id}/cancel page and in its dialog: the same form posting to that
 * page. `keep` is how the shopper backs out (a link on the page, a button closing the dialog).
 */
export function CancelOrderForm({
  order,
  FormComponent = Form,
  busy = false,
  titleId,
  Heading = "h1",
  keep,
}: {
  order: CancelOrderData;
  FormComponent?: typeof Form;
  busy?: boolean;
  titleId: string;
  Heading?: "h1" | "h2";
  keep: ReactNode;
}) {
  const { t } = useTranslation("orders");
  const money = useMoney(order.currency);
  return (
    <div className="text-center">
      <Heading id={titleId} className="text-2xl font-bold">{t("cancel.title")}</Heading>
      {order.canCancel ? (
        <>
          <p className="mt-2 text-slate-800">{t("cancel.confirm", { id: order.id })}</p>
          <p className="mt-1 text-sm text-slate-600">{order.shopName} · {money(order.payable)}</p>
          <p className="mt-2 text-sm text-slate-600">{t("cancel.explain")}</p>
          <FormComponent method="post" action={`/order-history/${order.id}/cancel`} className="mt-6 flex flex-wrap justify-center gap-3">
            {keep}
            <button type="submit" name="intent" value="cancel" className="btn-primary bg-red-700 hover:bg-red-800" disabled={busy}>{t("cancel.yes")}</button>
          </FormComponent>
        </>
      ) : (
        <>
          <p className="mt-2 text-slate-800">{t("cancel.notPossible", { id: order.id, status: t(`status.${tabOfStatus(order.status)}`) })}</p>
          <div className="mt-6 flex justify-center">{keep}</div>
        </>
      )}
    </div>
  );
}
