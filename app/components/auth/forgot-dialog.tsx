import { useTranslation } from "~/lib/translation";
import { DialogLoading, useDialogPage } from "~/components/dialog-page";
import type { DialogContentProps } from "~/components/dialogs";
import type { action, loader } from "~/routes/_public.forgot-password";
import { ForgotForm } from "./forgot-form";
import { OtpStep } from "./otp-dialog";

/** Forgot password in a dialog: step 1 here, then the code and the new password in the same dialog. */
export default function ForgotDialog(props: DialogContentProps) {
  const { t } = useTranslation("auth");
  const page = useDialogPage<typeof loader, typeof action>("/forgot-password");
  const { submit } = page;

  const result = submit.data;
  if (result && "next" in result) return <OtpStep dialog={props} redirectTo="/" />;
  if (!page.data) return <DialogLoading titleId={props.titleId} title={t("forgot.title")} />;
  return (
    <ForgotForm
      FormComponent={submit.Form}
      lastResult={result && "status" in result ? result : undefined}
      countries={page.data.countries}
      busy={submit.state !== "idle"}
      titleId={props.titleId}
      Heading="h2"
      via="dialog"
    />
  );
}
