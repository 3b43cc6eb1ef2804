import { useEffect } from "react";
import { useTranslation } from "~/lib/translation";
import { DialogLoading, useDialogPage } from "~/components/dialog-page";
import type { DialogContentProps } from "~/components/dialogs";
import type { action, loader } from "~/routes/_public.verify-otp";
import { OtpForm } from "./otp-form";
import { ResetStep } from "./reset-dialog";

/**
 * The code step in a dialog: after registration (a confirmed code closes the dialog) or after step 1 of a
 * forgotten password (a confirmed code goes on to the new password in the same dialog).
 */
export function OtpStep({ dialog, redirectTo }: { dialog: DialogContentProps; redirectTo: string }) {
  const { t } = useTranslation("auth");
  const page = useDialogPage<typeof loader, typeof action>(`/verify-otp?redirectTo=${encodeURIComponent(redirectTo)}`);
  const { submit } = page;

  const result = submit.data;
  const verified = result && "next" in result && result.next === "done";
  const { close } = dialog;
  // A confirmed registration closes the dialog over the page the shopper was on (the toast says so).
  useEffect(() => {
    if (verified) close();
  }, [verified, close]);

  if (result && "next" in result && result.next === "reset-password") return <ResetStep dialog={dialog} />;
  if (!page.data) return <DialogLoading titleId={dialog.titleId} title={t("otp.title")} />;
  return (
    <OtpForm
      FormComponent={submit.Form}
      lastResult={result && "status" in result ? result : undefined}
      purpose={page.data.purpose}
      shown={page.data.shown}
      remaining={page.data.remaining}
      countedAt={page.data.countedAt}
      minutes={page.data.minutes}
      redirectTo={page.data.redirectTo}
      busy={submit.state !== "idle"}
      titleId={dialog.titleId}
      Heading="h2"
      via="dialog"
    />
  );
}

/** /verify-otp opened as a dialog. */
export default function OtpDialog(props: DialogContentProps) {
  const redirectTo = new URLSearchParams(props.search).get("redirectTo") ?? props.returnTo;
  return <OtpStep dialog={props} redirectTo={redirectTo} />;
}
