import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "~/lib/translation";
import { AddressForm } from "~/components/account/address-form";
import { requireUser } from "~/lib/auth.server";
import { DomainError, replyWithError } from "~/lib/domain-error";
import { pageTitle } from "~/lib/seo";
import { redirectWithToast, safeRedirectPath } from "~/lib/session.server";
import { addressSchema } from "~/modules/account/addresses.schema";
import { createAddress, listAddresses } from "~/modules/account/addresses.server";
import { readForm } from "~/lib/forms.server";

export const handle = { i18n: ["account"] };

export async function loader({ request }: LoaderFunctionArgs) {
  const { db, user, settings, t } = await requireUser(request);
  const addresses = await listAddresses(db, user.id);
  return {
    title: t("account:address.newTitle"),
    firstAddress: addresses.length === 0,
    rules: { phoneMinLength: settings.phoneMinLength, phoneMaxLength: settings.phoneMaxLength },
  };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(matches, data?.title);

export async function action({ request }: ActionFunctionArgs) {
  const { db, user, settings } = await requireUser(request);
  const submission = parseWithZod(await readForm(request), { schema: addressSchema(settings) });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  try {
    await createAddress(db, user.id, submission.value);
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return data(replyWithError(submission, error), { status: 400 });
  }
  // From the checkout's 'Add new address' the shopper goes back to the checkout.
  const back = safeRedirectPath(new URL(request.url).searchParams.get("redirectTo"), "/manage-address");
  return redirectWithToast(request, back, { kind: "success", message: "account:address.added" });
}

export default function NewAddress() {
  const { firstAddress, rules } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const navigation = useNavigation();
  const { t } = useTranslation("account");
  return (
    <section aria-labelledby="address-title" className="rounded-lg border border-slate-200 bg-white p-6">
      <h1 id="address-title" className="text-2xl font-bold">{t("address.newTitle")}</h1>
      <AddressForm
        id="new-address"
        lastResult={lastResult}
        isDefault={false}
        firstAddress={firstAddress}
        rules={rules}
        busy={navigation.state === "submitting"}
        submitLabel={t("address.saveNew")}
      />
    </section>
  );
}
