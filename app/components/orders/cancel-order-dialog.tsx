import { useTranslation } from "~/lib/translation";
import { DialogLoading, useDialogPage } from "~/components/dialog-page";
import type { DialogContentProps } from "~/components/dialogs";
import type { action, loader } from "~/routes/_account.order-history.$id_.cancel";
import { CancelOrderForm } from "./cancel-order-form";

/** The /order-history/{id}/cancel page's question in a dialog; the redirect after cancelling closes it. */
export default function CancelOrderDialog({ close, pathname, titleId }: DialogContentProps) {
  const { t } = useTranslation("orders");
  const page = useDialogPage<typeof loader, typeof action>(pathname);
  const { submit } = page;

  if (!page.data) return <DialogLoading titleId={titleId} title={t("cancel.title")} />;
  return (
    <CancelOrderForm
      order={page.data.order}
      FormComponent={submit.Form}
      busy={submit.state !== "idle"}
      titleId={titleId}
      Heading="h2"
      keep={<button type="button" className="btn-secondary" onClick={close}>{page.data.order.canCancel ? t("cancel.keep") : t("cancel.back")}</button>}
    />
  );
}
