import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/lib/translation";
import { Pagination } from "~/components/pagination";
import { ShopTile } from "~/components/shop-tile";
import { shopContext } from "~/lib/context.server";
import { pageMeta } from "~/lib/seo";
import { parsePage } from "~/lib/pagination.server";
import { listShops, SHOPS_PER_PAGE } from "~/modules/shops/shops.server";

// Its loader reads nothing of the signed-in shopper's: signed-in shoppers may get it kept (ADR 0029).
export const handle = { i18n: ["product"], keptForShoppers: true };

export async function loader({ request }: LoaderFunctionArgs) {
  const { db, t } = await shopContext(request);
  const page = parsePage(new URL(request.url).searchParams.get("page"));
  const { total, shops } = await listShops(db, { page, perPage: SHOPS_PER_PAGE });
  return { title: t("product:shops.title"), page, perPage: SHOPS_PER_PAGE, total, shops };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches, location }) =>
  pageMeta(matches, { title: data?.title, description: data?.title ?? "", path: location.pathname + location.search });

export default function ShopsPage() {
  const { page, perPage, total, shops } = useLoaderData<typeof loader>();
  const { t } = useTranslation("product");
  return (
    <div className="container-shop py-6">
      <h1 className="text-2xl font-bold text-slate-900">{t("shops.title")}</h1>
      <p className="mt-1 text-slate-600">{t("shops.count", { count: total })}</p>
      {shops.length > 0 ? (
        <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {shops.map((shop) => <li key={shop.id}><ShopTile shop={shop} /></li>)}
        </ul>
      ) : (
        <p className="mt-6 text-slate-600">{t("shops.empty")}</p>
      )}
      <Pagination totalItems={total} current={page} perPage={perPage} />
    </div>
  );
}
