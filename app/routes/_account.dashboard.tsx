import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/link";
import { BasketList, CartFooter } from "~/components/cart/basket-list";
import { ProductGrid } from "~/components/product-card";
import { requireUser } from "~/lib/auth.server";
import { pageTitle } from "~/lib/seo";
import { useTranslation } from "~/lib/translation";
import { addressLines } from "~/modules/account/address-lines";
import { checkoutAddress } from "~/modules/account/addresses.server";
import { dashboardCounters, type DashboardCounters } from "~/modules/account/dashboard.server";
import { readCart } from "~/modules/cart/cart.server";
import { productCardsByIds } from "~/modules/catalog/products.server";
import { recentlyViewedIds } from "~/modules/catalog/recently-viewed.server";

export const handle = { i18n: ["dashboard"] };

/** How many recently viewed products the dashboard shows (one row of cards). */
const RECENT_SHOWN = 5;

/**
 * The account's front page (not-shown facts: Dashboard): the counters, My Cart with Proceed to Checkout, the
 * default shipping address and the products viewed lately. Signed-in only: never in the guest page cache.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { db, user, t, settings, session } = await requireUser(request);
  const [counters, cart, address, recent] = await Promise.all([
    dashboardCounters(db, user.id),
    readCart(db, user.id, { selectAll: !settings.multiVendor }),
    checkoutAddress(db, user.id),
    productCardsByIds(db, recentlyViewedIds(session).slice(0, RECENT_SHOWN)),
  ]);
  return { title: t("dashboard:title"), name: user.name, counters, cart, multiVendor: settings.multiVendor, address, recent };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(matches, data?.title);

const COUNTERS: Array<{ key: keyof DashboardCounters; label: string }> = [
  { key: "ongoingOrders", label: "counters.ongoingOrders" },
  { key: "productsOrdered", label: "counters.productsOrdered" },
  { key: "inCart", label: "counters.inCart" },
  { key: "inWishlist", label: "counters.inWishlist" },
];

export default function Dashboard() {
  const { name, counters, cart, multiVendor, address, recent } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation("dashboard");
  const number = new Intl.NumberFormat(i18n.language);
  const box = "rounded-lg border border-slate-200 bg-white p-6";
  return (
    <div className="space-y-6">
      <section className={box}>
        <h1 className="text-2xl font-bold">{t("common:account.dashboard.welcome", { name })}</h1>
        <p className="mt-2 text-slate-600">{t("common:account.dashboard.intro")}</p>
      </section>

      <section aria-labelledby="dashboard-counters">
        <h2 id="dashboard-counters" className="sr-only">{t("counters.label")}</h2>
        <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4">
          {COUNTERS.map(({ key, label }) => (
            // The figure shows above its label; the label is read first.
            <div key={key} className="flex flex-col-reverse gap-1 rounded-lg border border-slate-200 bg-white p-4 text-center">
              <dt className="text-sm text-slate-600">{t(label)}</dt>
              <dd className="text-3xl font-bold text-primary-700">{number.format(counters[key])}</dd>
            </div>
          ))}
        </dl>
      </section>

      <div className="grid gap-6 lg:grid-cols-3">
        <section aria-labelledby="dashboard-cart" className={`${box} lg:col-span-2`}>
          <h2 id="dashboard-cart" className="text-xl font-bold">
            {t("cart:title")} <span className="text-base font-normal text-slate-600">{t("cart:itemCount", { count: cart.count })}</span>
          </h2>
          {cart.groups.length ? (
            <div className="mt-4 space-y-4">
              <BasketList cart={cart} multiVendor={multiVendor} redirectTo="/dashboard" headingLevel="h3" />
              <div className="border-t border-slate-200 pt-4">
                <CartFooter total={cart.total} redirectTo="/dashboard" />
              </div>
            </div>
          ) : (
            <div className="mt-4 space-y-3">
              <p className="text-slate-600">{t("cart:empty")}</p>
              <Link to="/products" className="btn-secondary">{t("cart:continueShopping")}</Link>
            </div>
          )}
        </section>

        <section aria-labelledby="dashboard-address" className={box}>
          <h2 id="dashboard-address" className="text-xl font-bold">{t("address.title")}</h2>
          {address ? (
            <div className="mt-4 space-y-1 text-sm text-slate-700">
              <p className="font-semibold text-slate-900">{address.name}</p>
              <p><span dir="ltr">{address.phone}</span></p>
              <address className="not-italic">
                {addressLines(address).map((line) => <span key={line} className="block">{line}</span>)}
              </address>
              <p className="pt-3"><Link to="/manage-address" className="btn-secondary">{t("address.manage")}</Link></p>
            </div>
          ) : (
            <div className="mt-4 space-y-3">
              <p className="text-slate-600">{t("address.none")}</p>
              <Link to={`/manage-address/new?redirectTo=${encodeURIComponent("/dashboard")}`} className="btn-primary">{t("address.add")}</Link>
            </div>
          )}
        </section>
      </div>

      <section aria-labelledby="dashboard-recent" className={box}>
        <h2 id="dashboard-recent" className="mb-4 text-xl font-bold">{t("recent.title")}</h2>
        {recent.length ? <ProductGrid products={recent} /> : <p className="text-slate-600">{t("recent.none")}</p>}
      </section>
    </div>
  );
}
