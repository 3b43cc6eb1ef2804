import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/link";
import { ReturnDetailsView, ReturnStatusBadge } from "~/components/returns/return-parts";
import { requireUser } from "~/lib/auth.server";
import { pageTitle } from "~/lib/seo";
import { useTranslation } from "~/lib/translation";
import { orderIdFrom } from "~/modules/orders/orders.server";
import { getReturn } from "~/modules/returns/returns.server";

export const handle = { i18n: ["returns"] };

/** One of the shopper's returns; anyone else's (or none) is Page Not Found. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { db, user, t, locale } = await requireUser(request);
  const id = orderIdFrom(params.id);
  const found = id === null ? null : await getReturn(db, { userId: user.id }, id);
  if (!found) throw new Response("Not Found", { status: 404 });
  return { title: t("returns:details.title", { id: found.id }), locale, ret: found };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(matches, data?.title);

export default function ReturnedOrder() {
  const { ret, locale } = useLoaderData<typeof loader>();
  const { t } = useTranslation("returns");
  return (
    <section aria-labelledby="return-title" className="rounded-lg border border-slate-200 bg-white p-6">
      <Link to="/returned-order-history" className="text-sm font-semibold text-primary-700 hover:underline">{t("details.back")}</Link>
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <h1 id="return-title" className="text-2xl font-bold">{t("details.title", { id: ret.id })}</h1>
        <ReturnStatusBadge status={ret.status} />
      </div>
      <ReturnDetailsView ret={ret} locale={locale} />
    </section>
  );
}
