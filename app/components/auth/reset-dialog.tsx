import { useFetcher } from "@remix-run/react";
import type { DialogContentProps } from "~/components/dialogs";
import type { action } from "~/routes/_public.reset-password";
import LoginDialog from "./login-dialog";
import { ResetForm } from "./reset-form";

/** The new-password step in a dialog; success reopens login there (spec §4). */
export function ResetStep({ dialog }: { dialog: DialogContentProps }) {
  const submit = useFetcher<typeof action>();
  const result = submit.data;
  if (result && "next" in result) return <LoginDialog {...dialog} search="" />;
  return (
    <ResetForm
      FormComponent={submit.Form}
      lastResult={result && "status" in result ? result : undefined}
      busy={submit.state !== "idle"}
      titleId={dialog.titleId}
      Heading="h2"
      via="dialog"
    />
  );
}

/** /reset-password opened as a dialog (the session must hold a confirmed reset). */
export default function ResetDialog(props: DialogContentProps) {
  return <ResetStep dialog={props} />;
}
