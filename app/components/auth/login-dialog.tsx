import { useTranslation } from "~/lib/translation";
import { DialogLoading, useDialogPage } from "~/components/dialog-page";
import type { DialogContentProps } from "~/components/dialogs";
import type { action, loader } from "~/routes/_public.login";
import { LoginForm } from "./login-form";

/** The login page's form in a dialog: its data from the page's loader, its answer from the page's action. */
export default function LoginDialog({ returnTo, titleId, search }: DialogContentProps) {
  const { t } = useTranslation("auth");
  const redirectTo = new URLSearchParams(search).get("redirectTo") ?? returnTo;
  const page = useDialogPage<typeof loader, typeof action>(`/login?redirectTo=${encodeURIComponent(redirectTo)}`);
  const { submit } = page;

  if (!page.data) return <DialogLoading titleId={titleId} title={t("login.title")} />;
  return (
    <LoginForm
      FormComponent={submit.Form}
      lastResult={submit.data}
      redirectTo={page.data.redirectTo}
      demo={page.data.demo}
      socialProviders={page.data.socialProviders}
      busy={submit.state !== "idle"}
      titleId={titleId}
      Heading="h2"
    />
  );
}
