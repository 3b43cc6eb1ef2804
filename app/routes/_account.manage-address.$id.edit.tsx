import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "~/lib/translation";
import { AddressForm } from "~/components/account/address-form";
import { requireUser } from "~/lib/auth.server";
import { pageTitle } from "~/lib/seo";
import { redirectWithToast } from "~/lib/session.server";
import { addressSchema } from "~/modules/account/addresses.schema";
import { addressIdFrom, getAddress, orNotFound, updateAddress } from "~/modules/account/addresses.server";
import { readForm } from "~/lib/forms.server";

export const handle = { i18n: ["account"] };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { db, user, settings, t } = await requireUser(request);
  const address = await orNotFound(() => getAddress(db, user.id, addressIdFrom(params.id)));
  return {
    title: t("account:address.editTitle"),
    address,
    rules: { phoneMinLength: settings.phoneMinLength, phoneMaxLength: settings.phoneMaxLength },
  };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(matches, data?.title);

export async function action({ request, params }: ActionFunctionArgs) {
  const { db, user, settings } = await requireUser(request);
  const addressId = await orNotFound(async () => addressIdFrom(params.id));
  const submission = parseWithZod(await readForm(request), { schema: addressSchema(settings) });
  // Someone else's address is not found whether or not the form is valid.
  if (submission.status !== "success") {
    await orNotFound(() => getAddress(db, user.id, addressId));
    return data(submission.reply(), { status: 400 });
  }
  await orNotFound(() => updateAddress(db, user.id, addressId, submission.value));
  return redirectWithToast(request, "/manage-address", { kind: "success", message: "account:address.updated" });
}

export default function EditAddress() {
  const { address, rules } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const navigation = useNavigation();
  const { t } = useTranslation("account");
  return (
    <section aria-labelledby="address-title" className="rounded-lg border border-slate-200 bg-white p-6">
      <h1 id="address-title" className="text-2xl font-bold">{t("address.editTitle")}</h1>
      <AddressForm
        id={`address-${address.id}`}
        lastResult={lastResult}
        initial={address}
        isDefault={address.is_default}
        firstAddress={false}
        rules={rules}
        busy={navigation.state === "submitting"}
        submitLabel={t("address.saveChanges")}
      />
    </section>
  );
}
