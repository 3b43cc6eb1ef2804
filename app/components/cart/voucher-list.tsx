import { useTranslation } from "~/lib/translation";
import { formatDate } from "~/lib/dates";
import { useMoney } from "~/lib/use-money";
import type { ShopVouchers } from "~/modules/cart/vouchers.server";
import { CartForm } from "./cart-form";

/**
 * 'Voucher from {shop}' (spec §2 voucher dialog): each voucher with its discount, 'Minimum Spend', 'Validity till'
 * and 'Collect' or 'Collected'; or 'Sorry there is no voucher available'. The heading is the page's h1 or the
 * dialog's h2.
 */
export function VoucherList({ vouchers, titleId, Heading }: { vouchers: ShopVouchers; titleId: string; Heading: "h1" | "h2" }) {
  const { t, i18n } = useTranslation("cart");
  const money = useMoney();
  const page = `/cart/vouchers/${vouchers.shop.id}`;
  return (
    <div>
      <Heading id={titleId} className="pe-8 text-xl font-bold">{t("vouchers.title", { shop: vouchers.shop.name })}</Heading>
      {vouchers.vouchers.length ? (
        <ul className="mt-4 space-y-3">
          {vouchers.vouchers.map((voucher) => {
            const discount = voucher.discount_type === "Percentage"
              ? t("vouchers.percentOff", { percent: voucher.discount })
              : t("vouchers.amountOff", { amount: money(voucher.discount) });
            return (
              <li key={voucher.id} className="flex items-center gap-3 rounded-lg border border-dashed border-primary-300 bg-primary-50 p-3">
                <div className="min-w-0 flex-1">
                  <p className="text-lg font-bold text-primary-800">{discount}</p>
                  <p className="text-sm text-slate-700">{t("vouchers.minimumSpend", { amount: money(voucher.min_order_amount) })}</p>
                  <p className="text-xs text-slate-600">{t("vouchers.validTill", { date: formatDate(voucher.expires_at, i18n.language) })}</p>
                </div>
                {voucher.is_collected ? (
                  <span className="rounded-md bg-slate-200 px-3 py-1.5 text-sm font-semibold text-slate-700">{t("vouchers.collected")}</span>
                ) : (
                  <CartForm action={page} fields={{ coupon_id: voucher.id }} redirectTo={page}>
                    {(busy) => (
                      <button type="submit" disabled={busy} className="btn-primary">
                        {t("vouchers.collect")}<span className="sr-only"> {discount}</span>
                      </button>
                    )}
                  </CartForm>
                )}
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="mt-4 text-slate-600">{t("vouchers.none")}</p>
      )}
    </div>
  );
}
