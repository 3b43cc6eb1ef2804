import { useFetcher } from "@remix-run/react";
import { useTranslation } from "~/lib/translation";
import type { DialogContentProps } from "~/components/dialogs";

/** 'Log Out!' / 'Logout Confirmation' with Cancel and Yes: the /logout page's form in a dialog. */
export default function LogoutDialog({ close, titleId }: DialogContentProps) {
  const { t } = useTranslation();
  const fetcher = useFetcher();
  return (
    <div className="text-center">
      <h2 id={titleId} className="text-2xl font-bold">{t("logout.title")}</h2>
      <p className="mt-2 text-slate-600">{t("logout.confirm")}</p>
      <fetcher.Form method="post" action="/logout" className="mt-6 flex justify-center gap-3">
        <button type="button" className="btn-secondary" onClick={close}>{t("logout.cancel")}</button>
        <button type="submit" name="intent" value="logout" className="btn-primary" disabled={fetcher.state !== "idle"}>{t("logout.yes")}</button>
      </fetcher.Form>
    </div>
  );
}
