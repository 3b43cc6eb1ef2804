import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useFetcher, useLoaderData, useLocation } from "@remix-run/react";
import { Link } from "~/components/link";
import { useEffect } from "react";
import { CartForm } from "~/components/cart/cart-form";
import { Pagination } from "~/components/pagination";
import { RatingStars } from "~/components/rating-stars";
import { requireUserOrLogin } from "~/lib/login-first.server";
import { parsePage } from "~/lib/pagination.server";
import { pageTitle } from "~/lib/seo";
import { useTranslation } from "~/lib/translation";
import { useHydrated } from "~/lib/use-hydrated";
import { useMoney } from "~/lib/use-money";
import { basePrice } from "~/modules/catalog/pricing";
import type { ProductCard } from "~/modules/catalog/products.server";
import { listWishlist } from "~/modules/wishlist/wishlist.server";

export const handle = { i18n: ["wishlist", "product"] };

/** The signed-in shopper's wishlist, newest first, ten a page (?page=…); a guest is asked to log in and comes back. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { db, user, t } = await requireUserOrLogin(request);
  const wishlist = await listWishlist(db, user.id, { page: parsePage(new URL(request.url).searchParams.get("page")) });
  return { title: t("wishlist:title"), ...wishlist };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(matches, data?.title);

const TITLE_ID = "wishlist-title";

export default function Wishlist() {
  const { total, page, perPage, products } = useLoaderData<typeof loader>();
  const { t } = useTranslation("wishlist");
  return (
    <section aria-labelledby={TITLE_ID} className="rounded-lg border border-slate-200 bg-white p-6">
      {/* Focus lands here when the item whose Remove was pressed leaves the list (with JS). */}
      <h1 id={TITLE_ID} tabIndex={-1} className="text-2xl font-bold focus:outline-none">
        {t("title")} <span className="text-base font-normal text-slate-600">({t("count", { count: total })})</span>
      </h1>
      {products.length ? (
        <>
          <ul className="mt-6 divide-y divide-slate-200">
            {products.map((product) => <WishlistItem key={product.id} product={product} />)}
          </ul>
          <Pagination totalItems={total} current={page} perPage={perPage} />
        </>
      ) : (
        <div className="mt-8 text-center">
          <p className="font-semibold text-slate-800">{t("empty")}</p>
          <p className="mt-1 text-slate-600">{t("emptyHint")}</p>
          <Link to="/products" className="btn-primary mt-4">{t("continueShopping")}</Link>
        </div>
      )}
    </section>
  );
}

function WishlistItem({ product }: { product: ProductCard }) {
  const { t } = useTranslation("wishlist");
  const money = useMoney();
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  const headingId = `wishlist-product-${product.id}`;
  const price = basePrice(product);
  const href = `/products/${product.id}/details`;
  return (
    <li className="flex flex-wrap items-center gap-4 py-4 sm:flex-nowrap">
      {/* The name beside it is the link's text: the picture is left out of what is read. */}
      <Link to={href} tabIndex={-1} aria-hidden="true" className="h-20 w-20 shrink-0 overflow-hidden rounded-md bg-slate-100">
        {product.thumbnail ? <img src={product.thumbnail} alt="" width={80} height={80} loading="lazy" className="h-full w-full object-cover" /> : null}
      </Link>
      <div className="min-w-0 flex-1 space-y-1">
        <h2 id={headingId} className="font-semibold">
          <Link to={href} className="hover:text-primary">{product.name}</Link>
        </h2>
        <p className="text-sm text-slate-600"><RatingStars rating={product.rating} showValue /></p>
        <p className="flex flex-wrap items-baseline gap-2">
          <span className="font-bold text-primary-700"><span className="sr-only">{t("common:product.price")}: </span>{money(price)}</span>
          {price < product.price ? (
            <del className="text-sm text-slate-600"><span className="sr-only">{t("common:product.originalPrice")}: </span>{money(product.price)}</del>
          ) : null}
        </p>
      </div>
      <div className="flex w-full flex-wrap items-center gap-2 sm:w-auto sm:flex-nowrap">
        <CartForm action="/cart/add" fields={{ product_id: product.id, quantity: 1 }} redirectTo={here}>
          {(busy) => (
            <button type="submit" disabled={busy} aria-describedby={headingId} className="btn-primary">{t("product:cart.add")}</button>
          )}
        </CartForm>
        <RemoveButton product={product} describedBy={headingId} redirectTo={here} />
      </div>
    </li>
  );
}

/** Remove: the heart's form with intent "remove"; with JS answered in place, focus then goes to the list's title. */
function RemoveButton({ product, describedBy, redirectTo }: { product: ProductCard; describedBy: string; redirectTo: string }) {
  const { t } = useTranslation("wishlist");
  const fetcher = useFetcher<{ ok: boolean }>();
  const hydrated = useHydrated();
  // Answered: the item is about to leave the list with its button, so focus goes to the list's title first.
  const answered = fetcher.state === "loading" && fetcher.data?.ok === true;
  useEffect(() => {
    if (answered) document.getElementById(TITLE_ID)?.focus();
  }, [answered]);
  return (
    <fetcher.Form method="post" action="/wishlist/toggle">
      <input type="hidden" name="product_id" value={product.id} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      {hydrated ? <input type="hidden" name="stay" value="1" /> : null}
      <button type="submit" name="intent" value="remove" disabled={fetcher.state !== "idle"} aria-describedby={describedBy} className="btn-secondary text-red-700">
        {t("remove")}
      </button>
    </fetcher.Form>
  );
}
