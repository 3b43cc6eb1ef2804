import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/link";
import { useTranslation } from "~/lib/translation";
import { AddressCard } from "~/components/account/address-card";
import { requireUser } from "~/lib/auth.server";
import { pageTitle } from "~/lib/seo";
import { redirectWithToast } from "~/lib/session.server";
import { addressIdFrom, listAddresses, MAX_ADDRESSES, orNotFound, setDefaultAddress } from "~/modules/account/addresses.server";
import { readForm } from "~/lib/forms.server";

export const handle = { i18n: ["account"] };

export async function loader({ request }: LoaderFunctionArgs) {
  const { db, user, t } = await requireUser(request);
  const addresses = await listAddresses(db, user.id);
  return { title: t("account:address.listTitle"), addresses, canAdd: addresses.length < MAX_ADDRESSES };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(matches, data?.title);

/** "Set as default" (the list's only form). Someone else's address, or no address, is not found. */
export async function action({ request }: ActionFunctionArgs) {
  const { db, user } = await requireUser(request);
  const form = await readForm(request);
  // The list has no other action: anything else names nothing here.
  if (form.get("intent") !== "set-default") throw new Response("Not Found", { status: 404 });
  await orNotFound(async () => setDefaultAddress(db, user.id, addressIdFrom(String(form.get("id") ?? ""))));
  return redirectWithToast(request, "/manage-address", { kind: "success", message: "account:address.defaultChanged" });
}

export default function ManageAddress() {
  const { addresses, canAdd } = useLoaderData<typeof loader>();
  const { t } = useTranslation("account");
  return (
    <section aria-labelledby="addresses-title" className="rounded-lg border border-slate-200 bg-white p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="addresses-title" className="text-2xl font-bold">{t("address.listTitle")}</h1>
        {canAdd ? <Link to="/manage-address/new" className="btn-primary">{t("address.add")}</Link> : <p className="text-sm text-slate-600">{t("errors.addressLimit")}</p>}
      </div>
      {addresses.length ? (
        <ul className="mt-6 grid gap-4 lg:grid-cols-2">
          {addresses.map((address) => <AddressCard key={address.id} address={address} />)}
        </ul>
      ) : (
        <p className="mt-6 text-slate-600">{t("address.none")}</p>
      )}
    </section>
  );
}
