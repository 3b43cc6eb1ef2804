import { Link } from "~/components/link";
import { useTranslation } from "~/lib/translation";
import { useMoney } from "~/lib/use-money";
import { RatingStars } from "./rating-stars";

export interface ShopRating {
  id: number;
  name: string;
  logo: string;
  rating: number;
  total_reviews: number;
}

/** A chat with the shop opens on the messages screen with that shop picked (and the product talked about, if any). */
export const chatWithShopHref = (shopId: number, productId?: number) => `/massages?shop=${shopId}${productId ? `&product=${productId}` : ""}`;

export function ShopRatingLine({ shop }: { shop: ShopRating }) {
  const { t } = useTranslation("product");
  return (
    <p className="flex flex-wrap items-center gap-1 text-sm text-slate-600">
      <RatingStars rating={shop.rating} />
      <span aria-hidden="true">{shop.rating.toFixed(1)}</span>
      <span>{t("reviews.count", { count: shop.total_reviews })}</span>
    </p>
  );
}

/**
 * The details page's seller box: Sold by, Visit Store, chat, delivery charge and estimated delivery.
 * In single-vendor mode only the delivery facts remain.
 */
export function ShopCard({
  shop,
  multiVendor,
  productId,
}: {
  shop: ShopRating & { delivery_charge: number; estimated_delivery_days: number };
  multiVendor: boolean;
  /** The product of the page: its chat button attaches it to the message. */
  productId: number;
}) {
  const { t } = useTranslation("product");
  const money = useMoney();
  return (
    <aside aria-labelledby="shop-card-title" className="space-y-4 rounded-lg border border-slate-200 p-4">
      {multiVendor ? (
        <>
          <h2 id="shop-card-title" className="text-sm font-medium text-slate-600">{t("shop.soldBy")}</h2>
          <div className="flex items-center gap-3">
            <img src={shop.logo} alt="" width={48} height={48} className="h-12 w-12 shrink-0 rounded-full border border-slate-200 bg-white" />
            <div className="min-w-0">
              <p className="font-semibold text-slate-900">{shop.name}</p>
              <ShopRatingLine shop={shop} />
            </div>
          </div>
          <div className="flex flex-wrap gap-2">
            <Link to={`/shops/${shop.id}`} className="btn-primary">{t("shop.visitStore")}</Link>
            <Link to={chatWithShopHref(shop.id, productId)} className="btn-secondary">{t("shop.chat")}</Link>
          </div>
        </>
      ) : (
        <h2 id="shop-card-title" className="text-sm font-medium text-slate-600">{t("shop.delivery")}</h2>
      )}
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        <dt className="text-slate-600">{t("shop.deliveryCharge")}</dt>
        <dd className="text-end font-medium text-slate-900">{shop.delivery_charge > 0 ? money(shop.delivery_charge) : t("shop.freeDelivery")}</dd>
        <dt className="text-slate-600">{t("shop.estimatedDelivery")}</dt>
        <dd className="text-end font-medium text-slate-900">{t("shop.days", { count: shop.estimated_delivery_days })}</dd>
      </dl>
    </aside>
  );
}
