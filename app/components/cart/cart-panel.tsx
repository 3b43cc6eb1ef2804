import { useTranslation } from "~/lib/translation";
import { DialogLoading, useDialogPage } from "~/components/dialog-page";
import type { DialogContentProps } from "~/components/dialogs";
import type { loader } from "~/routes/_public.cart";
import { BasketList, CartFooter } from "./basket-list";

/**
 * The cart side panel (spec §2): 'My Cart' with the item count, the basket list and its footer, from the /cart
 * page's loader. Its forms answer in place and the loader data revalidates, so the panel updates where it is.
 */
export default function CartPanel({ titleId }: DialogContentProps) {
  const { t } = useTranslation("cart");
  const { data } = useDialogPage<typeof loader, never>("/cart");
  if (!data) return <DialogLoading titleId={titleId} title={t("title")} />;
  const { cart, multiVendor } = data;
  return (
    <div className="flex min-h-full flex-col">
      <h2 id={titleId} className="pe-8 text-xl font-bold">
        {t("title")} <span className="text-base font-normal text-slate-600">{t("itemCount", { count: cart.count })}</span>
      </h2>
      {cart.groups.length ? (
        <>
          <div className="mt-4 flex-1">
            <BasketList cart={cart} multiVendor={multiVendor} redirectTo="/cart" headingLevel="h3" />
          </div>
          <div className="sticky bottom-0 -mx-6 -mb-6 mt-4 border-t border-slate-200 bg-white p-6">
            <CartFooter total={cart.total} redirectTo="/cart" />
          </div>
        </>
      ) : (
        <p className="mt-8 text-center text-slate-600">{t("empty")}</p>
      )}
    </div>
  );
}
