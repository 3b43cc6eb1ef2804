import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/link";
import { useTranslation } from "~/lib/translation";
import { VoucherList } from "~/components/cart/voucher-list";
import { shopContext } from "~/lib/context.server";
import { pageTitle } from "~/lib/seo";
import { redirectWithToast } from "~/lib/session.server";
import { cartFormAction, formId } from "~/modules/cart/cart-form.server";
import { collectVoucher, listShopVouchers } from "~/modules/cart/vouchers.server";
import { parseId } from "~/modules/catalog/product-options";

export const handle = { i18n: ["cart"] };

/** A shop's store vouchers for the signed-in shopper (a dialog over the cart with JS); an unknown shop is not found. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { db, user, t } = await shopContext(request);
  const here = new URL(request.url).pathname;
  if (!user) {
    throw await redirectWithToast(request, `/login?redirectTo=${encodeURIComponent(here)}`, {
      kind: "error",
      message: "cart:loginFirst",
      duration: 3000,
    });
  }
  const vouchers = await listShopVouchers(db, user.id, parseId(params.shopId) ?? 0);
  if (!vouchers) throw new Response("Not Found", { status: 404 });
  return { title: t("cart:vouchers.title", { shop: vouchers.shop.name }), vouchers };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(matches, data?.title);

/** Collect: the voucher is kept for the shopper's checkout (collecting twice changes nothing). */
export async function action({ request }: ActionFunctionArgs) {
  const page = new URL(request.url).pathname;
  return cartFormAction(
    request,
    async ({ db, user, form }) => {
      const { code } = await collectVoucher(db, user.id, formId(form, "coupon_id"));
      return { to: page, toast: { kind: "success", message: "cart:toast.voucherCollected", values: { code } } };
    },
    () => page,
  );
}

export default function ShopVouchersPage() {
  const { vouchers } = useLoaderData<typeof loader>();
  const { t } = useTranslation("cart");
  return (
    <div className="container-shop max-w-xl py-8">
      <VoucherList vouchers={vouchers} titleId="vouchers-title" Heading="h1" />
      <Link to="/cart" className="btn-secondary mt-6">{t("backToCart")}</Link>
    </div>
  );
}
