import { useTranslation } from "~/lib/translation";
import { DialogLoading, useDialogPage } from "~/components/dialog-page";
import type { DialogContentProps } from "~/components/dialogs";
import type { action, loader } from "~/routes/_account.order-history.$id_.review.$itemId";
import { ReviewForm } from "./review-form";

/** The Write a Review page's form in a dialog; the redirect after saving closes it. */
export default function ReviewDialog({ close, pathname, titleId }: DialogContentProps) {
  const { t } = useTranslation("orders");
  const page = useDialogPage<typeof loader, typeof action>(pathname);
  const { submit } = page;
  if (!page.data) return <DialogLoading titleId={titleId} title={t("review.title")} />;
  return (
    <ReviewForm
      item={page.data.item}
      FormComponent={submit.Form}
      lastResult={submit.data}
      busy={submit.state !== "idle"}
      titleId={titleId}
      Heading="h2"
      back={<button type="button" className="btn-secondary" onClick={close}>{t("review.back")}</button>}
    />
  );
}
