import { useTranslation } from "~/lib/translation";
import { DialogLoading, useDialogPage } from "~/components/dialog-page";
import type { DialogContentProps } from "~/components/dialogs";
import type { loader } from "~/routes/_public.cart_.vouchers.$shopId";
import { VoucherList } from "./voucher-list";

/** The /cart/vouchers/{shop} page in a dialog, over the cart panel when opened from it. */
export default function VoucherDialog({ titleId, pathname }: DialogContentProps) {
  const { t } = useTranslation("cart");
  const { data } = useDialogPage<typeof loader, never>(pathname);
  if (!data) return <DialogLoading titleId={titleId} title={t("vouchers.loading")} />;
  return <VoucherList vouchers={data.vouchers} titleId={titleId} Heading="h2" />;
}
