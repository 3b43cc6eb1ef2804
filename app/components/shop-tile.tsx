import { Link } from "~/components/link";
import { useTranslation } from "~/lib/translation";
import { ShopRatingLine, type ShopRating } from "./shop-card";

/**
 * A shop in the /shops grid: banner, logo, name, rating, item and category counts, Visit Store. Apart from
 * shop-card so the product page, which shows a ShopCard, does not download it.
 */
export function ShopTile({ shop }: { shop: ShopRating & { banner: string; total_products: number; total_categories: number } }) {
  const { t } = useTranslation("product");
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-lg border border-slate-200 bg-white">
      <img src={shop.banner} alt="" width={400} height={100} loading="lazy" className="h-24 w-full bg-slate-100 object-cover" />
      <div className="-mt-8 flex flex-1 flex-col items-center gap-2 px-4 pb-4 text-center">
        <img src={shop.logo} alt="" width={64} height={64} loading="lazy" className="h-16 w-16 rounded-full border-4 border-white bg-white" />
        <h2 className="font-semibold text-slate-900">{shop.name}</h2>
        <ShopRatingLine shop={shop} />
        <p className="text-sm text-slate-600">
          {t("shop.items", { count: shop.total_products })} · {t("shop.categories", { count: shop.total_categories })}
        </p>
        <Link to={`/shops/${shop.id}`} className="btn-primary mt-auto">
          {t("shop.visitStore")}<span className="sr-only">: {shop.name}</span>
        </Link>
      </div>
    </article>
  );
}
