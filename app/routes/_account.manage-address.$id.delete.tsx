import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { Link } from "~/components/link";
import { useTranslation } from "~/lib/translation";
import { addressLines } from "~/modules/account/address-lines";
import { requireUser } from "~/lib/auth.server";
import { pageTitle } from "~/lib/seo";
import { redirectWithToast } from "~/lib/session.server";
import { addressIdFrom, deleteAddress, getAddress, orNotFound } from "~/modules/account/addresses.server";

export const handle = { i18n: ["account"] };

/** The delete confirmation as a page: what the list's dialog asks, for a browser without JavaScript. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { db, user, t } = await requireUser(request);
  const address = await orNotFound(() => getAddress(db, user.id, addressIdFrom(params.id)));
  return { title: t("account:address.deleteTitle"), address };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(matches, data?.title);

export async function action({ request, params }: ActionFunctionArgs) {
  const { db, user } = await requireUser(request);
  await orNotFound(() => deleteAddress(db, user.id, addressIdFrom(params.id)));
  return redirectWithToast(request, "/manage-address", { kind: "success", message: "account:address.deleted" });
}

export default function DeleteAddressPage() {
  const { address } = useLoaderData<typeof loader>();
  const { t } = useTranslation("account");
  return (
    <section aria-labelledby="delete-title" className="mx-auto max-w-md rounded-lg border border-slate-200 bg-white p-6 text-center">
      <h1 id="delete-title" className="text-2xl font-bold">{t("address.deleteTitle")}</h1>
      <p className="mt-2 text-slate-700">{t("address.deleteConfirm", { name: address.name })}</p>
      <address className="mt-1 text-sm not-italic text-slate-600">{addressLines(address).join(", ")}</address>
      <Form method="post" className="mt-6 flex justify-center gap-3">
        <Link to="/manage-address" className="btn-secondary">{t("address.cancel")}</Link>
        <button type="submit" name="intent" value="delete" className="btn-primary bg-red-700 hover:bg-red-800">{t("address.yesDelete")}</button>
      </Form>
    </section>
  );
}
