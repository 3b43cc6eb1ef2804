import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/link";
import { useTranslation } from "~/lib/translation";
import { BasketList, CartFooter } from "~/components/cart/basket-list";
import { shopContext } from "~/lib/context.server";
import { pageTitle } from "~/lib/seo";
import { redirectWithToast } from "~/lib/session.server";
import { readCart } from "~/modules/cart/cart.server";

export const handle = { i18n: ["cart"] };

/** The signed-in shopper's cart; a guest is asked to log in first and comes back here. Also the cart panel's data. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { db, user, settings, t } = await shopContext(request);
  if (!user) {
    throw await redirectWithToast(request, `/login?redirectTo=${encodeURIComponent("/cart")}`, {
      kind: "error",
      message: "cart:loginFirst",
      duration: 3000,
    });
  }
  const cart = await readCart(db, user.id, { selectAll: !settings.multiVendor });
  return { title: t("cart:pageTitle"), cart, multiVendor: settings.multiVendor };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(matches, data?.title);

export default function CartPage() {
  const { cart, multiVendor } = useLoaderData<typeof loader>();
  const { t } = useTranslation("cart");
  return (
    <div className="container-shop max-w-3xl py-8">
      <h1 className="text-2xl font-bold">
        {t("title")} <span className="text-base font-normal text-slate-600">{t("itemCount", { count: cart.count })}</span>
      </h1>
      {cart.groups.length ? (
        <div className="mt-6 space-y-6">
          <BasketList cart={cart} multiVendor={multiVendor} redirectTo="/cart" headingLevel="h2" />
          <div className="rounded-lg border border-slate-200 p-4">
            <CartFooter total={cart.total} redirectTo="/cart" />
          </div>
        </div>
      ) : (
        <div className="mt-6 space-y-4">
          <p className="text-slate-600">{t("empty")}</p>
          <Link to="/products" className="btn-secondary">{t("continueShopping")}</Link>
        </div>
      )}
    </div>
  );
}
