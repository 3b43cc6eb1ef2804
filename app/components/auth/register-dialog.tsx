import { useTranslation } from "~/lib/translation";
import { DialogLoading, useDialogPage } from "~/components/dialog-page";
import type { DialogContentProps } from "~/components/dialogs";
import type { action, loader } from "~/routes/_public.register";
import { OtpStep } from "./otp-dialog";
import { RegisterForm } from "./register-form";

/** Registration in a dialog; with register_otp_verify on, the code step follows in the same dialog. */
export default function RegisterDialog(props: DialogContentProps) {
  const { t } = useTranslation("auth");
  const redirectTo = new URLSearchParams(props.search).get("redirectTo") ?? props.returnTo;
  const page = useDialogPage<typeof loader, typeof action>(`/register?redirectTo=${encodeURIComponent(redirectTo)}`);
  const { submit } = page;

  const result = submit.data;
  if (result && "next" in result) return <OtpStep dialog={props} redirectTo={result.redirectTo} />;
  if (!page.data) return <DialogLoading titleId={props.titleId} title={t("register.title")} />;
  return (
    <RegisterForm
      FormComponent={submit.Form}
      lastResult={result && "status" in result ? result : undefined}
      countries={page.data.countries}
      rules={page.data.rules}
      redirectTo={page.data.redirectTo}
      busy={submit.state !== "idle"}
      titleId={props.titleId}
      Heading="h2"
      via="dialog"
    />
  );
}
