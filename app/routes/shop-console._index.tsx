import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/link";
import { OrderStatusBadge } from "~/components/orders/order-parts";
import { requireStaff } from "~/lib/auth.server";
import { pageTitle } from "~/lib/seo";
import { useTranslation } from "~/lib/translation";
import { ORDER_TABS, STATUS_OF_TAB } from "~/modules/orders/order-status";
import { countOrdersInScope } from "~/modules/orders/orders.server";

/** The console's home: the shop (with its public page) or, for the platform admin, every shop; orders by status. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { db, t, shop, scope } = await requireStaff(request);
  const counts = await countOrdersInScope(db, scope);
  return { title: t("console:meta.home"), shop, counts };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(matches, data?.title);

export default function ShopConsoleHome() {
  const { shop, counts } = useLoaderData<typeof loader>();
  const { t } = useTranslation("console");
  return (
    <div className="space-y-6">
      <section aria-labelledby="console-title" className="rounded-lg border border-slate-200 bg-white p-6">
        <h1 id="console-title" className="text-2xl font-bold">{shop ? t("home.heading", { shop: shop.name }) : t("home.adminHeading")}</h1>
        {shop ? (
          <p className="mt-2">
            <Link to={`/shops/${shop.id}`} className="font-semibold text-primary-700 underline">{t("home.publicPage", { shop: shop.name })}</Link>
          </p>
        ) : (
          <p className="mt-2 text-slate-700">{t("layout.platform")}</p>
        )}
      </section>
      <section aria-labelledby="by-status" className="rounded-lg border border-slate-200 bg-white p-6">
        <h2 id="by-status" className="text-lg font-bold">{t("home.ordersByStatus")}</h2>
        <ul className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-4">
          {ORDER_TABS.filter((tab) => tab !== "all").map((tab) => (
            <li key={tab}>
              <Link to={`/shop-console/orders?status=${tab}`} className="flex items-center justify-between gap-2 rounded-md border border-slate-200 p-3 hover:border-primary">
                <OrderStatusBadge status={STATUS_OF_TAB[tab]} />
                <span className="sr-only">: </span>
                <span className="text-xl font-bold">{counts[tab]}</span>
              </Link>
            </li>
          ))}
        </ul>
        <Link to="/shop-console/orders" className="btn-primary mt-4">{t("home.viewOrders")}</Link>
      </section>
    </div>
  );
}
