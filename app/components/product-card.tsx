import { Link } from "~/components/link";
import type { Ref } from "react";
import { SharedMarkup, useReturnTo } from "~/lib/shared-markup";
import { useTranslation } from "~/lib/translation";
import { useMoney } from "~/lib/use-money";
import { basePrice, savingPercent } from "~/modules/catalog/pricing";
import type { ProductCard as ProductCardData } from "~/modules/catalog/products.server";
import { CartForm } from "./cart/cart-form";
import { BagIcon, StarIcon } from "./icons";
import { NumberInSentence } from "./text-only";
import { WishlistHeart } from "./wishlist-heart";

const COLUMNS = {
  five: "grid-cols-2 sm:grid-cols-3 lg:grid-cols-5",
  six: "grid-cols-2 sm:grid-cols-3 lg:grid-cols-6",
} as const;

/** Product cards in a responsive grid. */
export function ProductGrid({
  products,
  columns = "five",
  listRef,
}: {
  products: ProductCardData[];
  columns?: keyof typeof COLUMNS;
  listRef?: Ref<HTMLUListElement>;
}) {
  return (
    <ul ref={listRef} className={`grid gap-4 ${COLUMNS[columns]}`}>
      {products.map((product) => (
        <li key={product.id}><ProductCard product={product} /></li>
      ))}
    </ul>
  );
}

/**
 * A card's kept markup is named by the card's data. One name per card object: the server keeps a card's data for as
 * long as pages showing it may be kept (ADR 0037), so the pages drawn meanwhile neither make the name again nor hash
 * a new string to look it up (lib/shared-markup.server).
 */
const sharedMarkupIds = new WeakMap<ProductCardData, string>();

function sharedMarkupId(product: ProductCardData) {
  let id = sharedMarkupIds.get(product);
  if (id === undefined) sharedMarkupIds.set(product, (id = `product card ${JSON.stringify(product)}`));
  return id;
}

/** A product's card: drawn once on the server for every page that shows it with the same data (ADR 0030). */
export function ProductCard({ product }: { product: ProductCardData }) {
  return (
    <SharedMarkup id={sharedMarkupId(product)}>
      <ProductCardView product={product} />
    </SharedMarkup>
  );
}

/** The shared price rules (pricing.ts): a running flash-sale price, else the discount price when above 0, else the price. */
function ProductCardView({ product }: { product: ProductCardData }) {
  const { t } = useTranslation();
  const money = useMoney();
  const finalPrice = basePrice(product);
  const percent = savingPercent(product);
  const discounted = finalPrice < product.price;
  return (
    <article className="card">
      <div className="card-media">
        {product.thumbnail ? (
          <img src={product.thumbnail} alt={product.thumbnail_alt ?? product.name} width={300} height={300} loading="lazy" className="card-image" />
        ) : null}
        {percent > 0 ? (
          <span className="card-badge">{t("product.off", { percent })}</span>
        ) : null}
        {product.is_digital ? (
          <span className="absolute bottom-2 start-2 rounded bg-slate-900 px-2 py-0.5 text-xs font-semibold text-white">{t("product.digital")}</span>
        ) : null}
      </div>
      <div className="card-body">
        <h3 className="card-title">
          <Link to={`/products/${product.id}/details`} className="card-link">{product.name}</Link>
        </h3>
        <p className="card-rating">
          <StarIcon className="h-3.5 w-3.5 text-amber-500" />
          <span>
            <NumberInSentence sentence={t("product.rating", { rating: product.rating.toFixed(1) })} number={product.rating.toFixed(1)} />
          </span>
          <span>{t("product.reviews", { count: product.total_reviews })}</span>
        </p>
        <p className="card-prices">
          {discounted ? (
            <>
              <span className="card-price"><span className="sr-only">{t("product.discountPrice")}: </span><span>{money(finalPrice)}</span></span>
              <del className="text-xs text-slate-600"><span className="sr-only">{t("product.originalPrice")}: </span><span>{money(product.price)}</span></del>
            </>
          ) : (
            <span className="card-price"><span className="sr-only">{t("product.price")}: </span><span>{money(product.price)}</span></span>
          )}
        </p>
        <AddToCartButton product={product} className="card-cart" />
        {/* Over the picture's top corner, read last: after what the card says and its cart button. */}
        <WishlistHeart product={product} className="card-heart" />
      </div>
    </article>
  );
}

/**
 * A product card's quick Add to Cart: one unit, no colour, size or unit, back to the same page. The server checks
 * it like any add (a product with a larger minimum order goes to its page with the reason).
 */
export function AddToCartButton({ product, className }: { product: { id: number; name: string }; className?: string }) {
  const { t } = useTranslation("cart");
  const returnTo = useReturnTo();
  return (
    <CartForm action="/cart/add" fields={{ product_id: product.id, quantity: 1 }} redirectTo={returnTo} className={className}>
      {(busy) => (
        <button
          type="submit"
          disabled={busy}
          className="cart-button"
        >
          <BagIcon className="h-5 w-5" />
          <span className="sr-only">{t("addProduct", { name: product.name })}</span>
        </button>
      )}
    </CartForm>
  );
}
