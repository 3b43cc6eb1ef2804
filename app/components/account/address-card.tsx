import { Form, useFetcher } from "@remix-run/react";
import { Link } from "~/components/link";
import { useRef } from "react";
import { useTranslation } from "~/lib/translation";
import { useHydrated } from "~/lib/use-hydrated";
import { addressLines } from "~/modules/account/address-lines";
import type { Address } from "~/modules/account/addresses.server";

/** An address in the list: its label and default badge, what it says, and what can be done with it. */
export function AddressCard({ address }: { address: Address }) {
  const { t } = useTranslation("account");
  const headingId = `address-${address.id}`;
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-center gap-2">
        <h2 id={headingId} className="font-semibold">{address.name}</h2>
        <span className="rounded-full bg-slate-100 px-2 text-xs font-semibold text-slate-700">{t(`address.types.${address.address_type}`, address.address_type)}</span>
        {address.is_default ? <span className="rounded-full bg-green-700 px-2 text-xs font-bold text-white">{t("address.default")}</span> : null}
      </div>
      <p className="mt-1 text-sm text-slate-700" dir="ltr">{address.phone}</p>
      <address className="mt-1 text-sm not-italic text-slate-700">
        {addressLines(address).map((line) => <span key={line} className="block">{line}</span>)}
      </address>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <Link to={`/manage-address/${address.id}/edit`} className="btn-secondary" aria-describedby={headingId}>{t("address.edit")}</Link>
        {address.is_default ? null : (
          <Form method="post" action="/manage-address?index">
            <input type="hidden" name="id" value={address.id} />
            <input type="hidden" name="intent" value="set-default" />
            <button type="submit" className="btn-secondary" aria-describedby={headingId}>{t("address.setDefault")}</button>
          </Form>
        )}
        <DeleteAddress address={address} describedBy={headingId} />
      </div>
    </li>
  );
}

/**
 * Delete: without JavaScript a link to the confirmation page (/manage-address/{id}/delete); with it the same
 * question in a dialog over the list, posting to that page. The redirect after deleting reloads the list.
 */
function DeleteAddress({ address, describedBy }: { address: Address; describedBy: string }) {
  const { t } = useTranslation("account");
  const hydrated = useHydrated();
  const dialog = useRef<HTMLDialogElement>(null);
  const fetcher = useFetcher();
  const href = `/manage-address/${address.id}/delete`;
  const titleId = `delete-address-${address.id}-title`;
  return (
    <>
      <Link
        to={href}
        className="btn-secondary text-red-700"
        aria-describedby={describedBy}
        aria-haspopup={hydrated ? "dialog" : undefined}
        onClick={(event) => {
          if (!dialog.current || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
          event.preventDefault();
          dialog.current.showModal();
        }}
      >
        {t("address.delete")}
      </Link>
      {hydrated ? (
        <dialog
          ref={dialog}
          aria-labelledby={titleId}
          className="w-[min(28rem,calc(100vw-2rem))] rounded-xl bg-white p-6 text-center shadow-xl backdrop:bg-slate-900/50"
          onClick={(event) => event.target === dialog.current && dialog.current?.close()}
        >
          <h2 id={titleId} className="text-xl font-bold">{t("address.deleteTitle")}</h2>
          <p className="mt-2 text-slate-700">{t("address.deleteConfirm", { name: address.name })}</p>
          <address className="mt-1 text-sm not-italic text-slate-600">{addressLines(address).join(", ")}</address>
          <fetcher.Form method="post" action={href} className="mt-6 flex justify-center gap-3">
            <button type="button" className="btn-secondary" onClick={() => dialog.current?.close()}>{t("address.cancel")}</button>
            <button type="submit" name="intent" value="delete" className="btn-primary bg-red-700 hover:bg-red-800" disabled={fetcher.state !== "idle"}>{t("address.yesDelete")}</button>
          </fetcher.Form>
        </dialog>
      ) : null}
    </>
  );
}
