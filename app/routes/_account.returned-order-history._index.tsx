import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ReturnListView } from "~/components/returns/return-parts";
import { requireUser } from "~/lib/auth.server";
import { parsePage } from "~/lib/pagination.server";
import { pageTitle } from "~/lib/seo";
import { useTranslation } from "~/lib/translation";
import { returnTabFrom } from "~/modules/returns/return-status";
import { listReturns } from "~/modules/returns/returns.server";

export const handle = { i18n: ["returns"] };

/** The shopper's returns by status tab (?status=…), ten a page. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { db, user, t, locale } = await requireUser(request);
  const params = new URL(request.url).searchParams;
  const list = await listReturns(db, { userId: user.id }, { tab: returnTabFrom(params.get("status")), page: parsePage(params.get("page")) });
  return { title: t("returns:list.title"), locale, list };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(matches, data?.title);

export default function ReturnedOrderHistory() {
  const { list, locale } = useLoaderData<typeof loader>();
  const { t } = useTranslation("returns");
  return (
    <section aria-labelledby="returns-title" className="rounded-lg border border-slate-200 bg-white p-6">
      <h1 id="returns-title" className="text-2xl font-bold">{t("list.title")}</h1>
      <ReturnListView list={list} base="/returned-order-history" locale={locale} showCustomer={false} />
    </section>
  );
}
