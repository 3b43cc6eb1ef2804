import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "~/lib/translation";
import { Breadcrumb } from "~/components/breadcrumb";
import { Countdown } from "~/components/countdown";
import { useNonce } from "~/components/nonce";
import { OptionPicker } from "~/components/option-picker";
import { ProductGridWhenVisible, ReviewsSectionWhenVisible } from "~/components/below-the-fold";
import { ProductGallery } from "~/components/product-gallery";
import { RatingStars } from "~/components/rating-stars";
import { ShopCard } from "~/components/shop-card";
import { TextSeparator } from "~/components/text-only";
import { WishlistHeart } from "~/components/wishlist-heart";
import { requestUrl, shopContext } from "~/lib/context.server";
import { pageMeta } from "~/lib/seo";
import { REVIEWS_PAGE_PARAM } from "~/lib/pagination";
import { parsePage } from "~/lib/pagination.server";
import { useMoney } from "~/lib/use-money";
import { recordVisit } from "~/lib/visits.server";
import {
  findProductDetails,
  listRelatedProducts,
  type ProductDetails,
} from "~/modules/catalog/product-details.server";
import { parseId, priceForChoice, resolveChosenOptions, resolveQuantity, UPDATE_PRICE_INTENT, type ChosenOptionIds } from "~/modules/catalog/product-options";
import { reviewsPage } from "~/modules/catalog/reviews.server";
import { scriptJson } from "~/lib/script-json";
import { useShell } from "~/lib/shell";
import { useRootData } from "~/root";

// Its loader reads nothing of the signed-in shopper's: signed-in shoppers may get it kept (ADR 0029).
export const handle = { i18n: ["product"], keptForShoppers: true };

export async function loader({ request, params, context: loadContext }: LoaderFunctionArgs) {
  const context = await shopContext(request);
  const { db, settings, t } = context;
  const id = parseId(params.id);
  const product = id === null ? null : await findProductDetails(db, id);
  if (!product) throw new Response(null, { status: 404 });

  const url = requestUrl(request);
  const [reviews, { similar, popular }] = await Promise.all([
    reviewsPage(db, { productId: product.id }, parsePage(url.searchParams.get(REVIEWS_PAGE_PARAM))),
    listRelatedProducts(db, product),
  ]);
  const visit = await recordVisit(context, loadContext, { kind: "product", id: product.id });

  const chosen = resolveChosenOptions(product, Object.fromEntries(url.searchParams));

  return data(
    {
      title: product.name,
      product,
      chosen,
      quantity: resolveQuantity(product, url.searchParams.get("quantity")),
      flashSecondsLeft: product.flash_sale ? Math.max(0, Math.floor((Date.parse(product.flash_sale.ends_at) - Date.now()) / 1000)) : 0,
      reviews,
      similar,
      popular,
      homeLabel: t("meta.home"),
      // The currency of the product's amounts (the default one: the settings read's own rule), for its structured data.
      priceCurrency: settings.currency.name,
    },
    visit.cookie ? { headers: { "Set-Cookie": visit.cookie } } : undefined,
  );
}

/**
 * schema.org Product with its offer in the default currency (amounts in major units) and the rating. Made where it is
 * drawn, from the product's data: the page's data does not carry it twice.
 */
function productStructuredData(product: ProductDetails, origin: string, currency: string) {
  const url = `${origin}/products/${product.id}/details`;
  const price = priceForChoice(product, { color: null, size: null, unit: null }).price;
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.name,
    sku: product.code,
    description: product.short_description || product.description,
    image: product.images.map((image) => `${origin}${image.path}`),
    url,
    ...(product.brand ? { brand: { "@type": "Brand", name: product.brand.name } } : {}),
    offers: {
      "@type": "Offer",
      url,
      priceCurrency: currency,
      price: (price / 100).toFixed(2),
      ...(product.flash_sale ? { priceValidUntil: product.flash_sale.ends_at.slice(0, 10) } : {}),
      availability: product.quantity > 0 ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
      seller: { "@type": "Organization", name: product.shop.name },
    },
    ...(product.total_reviews > 0
      ? { aggregateRating: { "@type": "AggregateRating", ratingValue: product.rating, reviewCount: product.total_reviews, bestRating: 5, worstRating: 1 } }
      : {}),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  data
    ? pageMeta(matches, {
        title: data.title,
        description: data.product.short_description || data.product.description || data.title,
        path: `/products/${data.product.id}/details`,
        image: data.product.images[0]?.path,
        type: "product",
      })
    : [];

export default function ProductDetailsPage() {
  const { product, chosen, quantity, flashSecondsLeft, reviews, similar, popular, homeLabel, priceCurrency } =
    useLoaderData<typeof loader>();
  const origin = useRootData()?.origin ?? "";
  const { t } = useTranslation("product");
  const nonce = useNonce();
  const multiVendor = useShell()?.multiVendor ?? true;

  const crumbs = [
    { label: homeLabel, to: "/" },
    { label: product.category.name, to: `/categories/${product.category.id}` },
    ...(product.sub_category
      ? [{ label: product.sub_category.name, to: `/categories/${product.category.id}?subcategory=${product.sub_category.id}` }]
      : []),
    { label: product.name },
  ];
  const paragraphs = product.description.split(/\n\s*\n/).map((p) => p.trim()).filter(Boolean);

  return (
    <>
    <script type="application/ld+json" nonce={nonce} dangerouslySetInnerHTML={{ __html: scriptJson(productStructuredData(product, origin, priceCurrency)) }} />
    <div className="container-shop space-y-12 py-6">
      <div className="space-y-6">
      <Breadcrumb items={crumbs} />
      <div className="grid gap-8 lg:grid-cols-12">
        <div className="lg:col-span-5">
          <ProductGallery key={product.id} images={product.images} name={product.name} />
        </div>

        <div className="space-y-5 lg:col-span-4">
          <div className="space-y-2">
            <div className="flex items-start justify-between gap-3">
              <h1 className="text-2xl font-bold text-slate-900">{product.name}</h1>
              <WishlistHeart product={product} className="shrink-0" />
            </div>
            <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600">
              <RatingStars rating={product.rating} showValue />
              <TextSeparator />
              <a href="#reviews" className="inline-flex min-h-6 items-center text-primary-700 hover:underline">
                {t("reviews.count", { count: product.total_reviews })}
              </a>
              <TextSeparator />
              <span>{t("details.sold", { count: product.total_sold })}</span>
            </p>
            <dl className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
              {product.brand ? (
                <div className="flex gap-1"><dt className="text-slate-600">{t("details.brand")}:</dt><dd className="font-medium">{product.brand.name}</dd></div>
              ) : null}
              <div className="flex gap-1"><dt className="text-slate-600">{t("details.code")}:</dt><dd className="font-medium">{product.code}</dd></div>
              {product.is_digital ? (
                <div className="flex gap-1"><dt className="text-slate-600">{t("details.type")}:</dt><dd className="font-medium">{t("details.digital")}</dd></div>
              ) : null}
            </dl>
          </div>

          <Purchase key={`${product.id}-${chosen.color}-${chosen.size}-${chosen.unit}-${quantity}`} product={product} chosen={chosen} quantity={quantity} flashSecondsLeft={flashSecondsLeft} />
        </div>

        <div className="lg:col-span-3">
          <ShopCard shop={product.shop} multiVendor={multiVendor} productId={product.id} />
        </div>
      </div>
      </div>

      <section aria-labelledby="about-product" className="space-y-3">
        <h2 id="about-product" className="text-xl font-bold">{t("details.about")}</h2>
        {paragraphs.length > 0 ? (
          paragraphs.map((paragraph, index) => <p key={index} className="max-w-3xl whitespace-pre-line text-slate-700">{paragraph}</p>)
        ) : (
          <p className="text-slate-600">{t("details.noDescription")}</p>
        )}
      </section>

      <ReviewsSectionWhenVisible id="reviews" title={t("reviews.title")} reviews={reviews} />

      {similar.length > 0 ? (
        <section aria-labelledby="similar-products">
          <h2 id="similar-products" className="mb-4 text-xl font-bold">{t("details.similar")}</h2>
          <ProductGridWhenVisible products={similar} columns="six" />
        </section>
      ) : null}

      {multiVendor && popular.length > 0 ? (
        <section aria-labelledby="shop-popular-products">
          <h2 id="shop-popular-products" className="mb-4 text-xl font-bold">{t("details.popularFromShop")}</h2>
          <ProductGridWhenVisible products={popular} columns="six" />
        </section>
      ) : null}
    </div>
    </>
  );
}

/**
 * Price, choices, quantity and the cart buttons, in one form so what is bought is always what is chosen.
 * Without JS, "Update price" is a named button of the same form (the first, so Enter in the quantity field
 * prices rather than buys): /cart/add answers it with this page priced for the choices, the cart untouched.
 * With JS the price follows each choice at once, computed by the same rules.
 */
function Purchase({
  product,
  chosen: initialChoice,
  quantity,
  flashSecondsLeft,
}: {
  product: ProductDetails;
  chosen: ChosenOptionIds;
  quantity: number;
  flashSecondsLeft: number;
}) {
  const { t } = useTranslation("product");
  const money = useMoney();
  const [chosen, setChosen] = useState(initialChoice);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  const price = priceForChoice(product, chosen);
  const choose = (kind: keyof ChosenOptionIds) => (id: number) => setChosen((current) => ({ ...current, [kind]: id }));
  const physical = !product.is_digital;
  const pickers = [
    { kind: "color" as const, legend: t("options.color"), options: physical ? product.colors : [] },
    { kind: "size" as const, legend: t("options.size"), options: physical ? product.sizes : [] },
    { kind: "unit" as const, legend: t("options.unit"), options: physical ? product.units : [] },
  ].filter((picker) => picker.options.length > 0);
  const inStock = product.quantity >= product.min_order_quantity;

  return (
    <Form method="post" action="/cart/add" aria-label={t("details.purchase")} className="space-y-5">
      <input type="hidden" name="product_id" value={product.id} />

      {product.flash_sale ? (
        <p className="flex flex-wrap items-center gap-2 rounded-md bg-red-50 px-3 py-2 text-sm text-red-900">
          <span className="font-bold uppercase">{t("flash.label")}</span>
          <span>{t("flash.endsIn")}</span>
          <Countdown endsAt={product.flash_sale.ends_at} initialSeconds={flashSecondsLeft} />
        </p>
      ) : null}

      <div aria-live="polite" aria-atomic="true" className="flex flex-wrap items-baseline gap-3">
        <p className="text-3xl font-bold text-primary-700">
          <span className="sr-only">{t("price.current")}: </span>
          {money(price.price)}
        </p>
        {price.saving > 0 ? (
          <>
            <p className="text-slate-600">
              <span className="sr-only">{t("price.list")}: </span>
              <del>{money(price.listPrice)}</del>
            </p>
            <p className="rounded bg-red-700 px-2 py-0.5 text-xs font-bold text-white">{t("price.off", { percent: price.saving })}</p>
          </>
        ) : null}
      </div>

      {pickers.map((picker) => (
        <OptionPicker
          key={picker.kind}
          name={picker.kind}
          legend={picker.legend}
          options={picker.options}
          value={chosen[picker.kind]}
          onChange={choose(picker.kind)}
        />
      ))}
      {physical && product.units.length === 0 && product.unit ? (
        <p className="text-sm"><span className="text-slate-600">{t("options.unit")}:</span> <span className="font-medium">{product.unit.name}</span></p>
      ) : null}
      {pickers.length > 0 && !hydrated ? (
        <button type="submit" name="intent" value={UPDATE_PRICE_INTENT} className="btn-secondary">{t("options.updatePrice")}</button>
      ) : null}

      {inStock ? (
        <div className="flex flex-wrap items-end gap-4">
          <div>
            <label htmlFor="quantity" className="mb-1 block text-sm font-semibold text-slate-900">{t("quantity.label")}</label>
            <input
              id="quantity"
              type="number"
              name="quantity"
              inputMode="numeric"
              min={product.min_order_quantity}
              max={product.quantity}
              step={1}
              defaultValue={quantity}
              aria-describedby="quantity-hint"
              className="w-24 rounded-md border border-slate-300 px-3 py-2"
            />
          </div>
          <p id="quantity-hint" className="pb-2 text-sm text-slate-600">
            {product.is_digital ? t("quantity.digital") : t("quantity.inStock", { count: product.quantity })}
            {product.min_order_quantity > 1 ? <> · {t("quantity.minOrder", { count: product.min_order_quantity })}</> : null}
          </p>
        </div>
      ) : (
        <p className="font-semibold text-red-700">{t("quantity.outOfStock")}</p>
      )}

      <div className="flex flex-wrap gap-3">
        <button type="submit" disabled={!inStock} className="btn-secondary min-w-36 border-primary text-primary-700">{t("cart.add")}</button>
        <button type="submit" name="is_buy_now" value="1" disabled={!inStock} className="btn-primary min-w-36">{t("cart.buyNow")}</button>
      </div>
    </Form>
  );
}
