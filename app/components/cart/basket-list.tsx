import { chatWithShopHref } from "~/components/shop-card";
import { Link } from "~/components/link";
import { useTranslation } from "~/lib/translation";
import { useMoney } from "~/lib/use-money";
import type { Cart, CartLine, CartShopGroup } from "~/modules/cart/cart.server";
import { DialogLink } from "../dialogs";
import { CartForm } from "./cart-form";
import { StarIcon } from "../icons";
import { NumberInSentence } from "../text-only";

interface BasketProps {
  cart: Cart;
  /** Per-shop headers with their select control and vouchers only in multi-vendor mode (spec §2). */
  multiVendor: boolean;
  /** Where the forms come back to without JS. */
  redirectTo: string;
  /** Heading level of the shop names: below the page's h1 or the panel's h2. */
  headingLevel: "h2" | "h3";
}

/** The cart's lines grouped per shop. */
export function BasketList({ cart, multiVendor, redirectTo, headingLevel }: BasketProps) {
  return (
    <div className="space-y-4">
      {cart.groups.map((group) => (
        <ShopGroup key={group.shop_id} group={group} multiVendor={multiVendor} redirectTo={redirectTo} headingLevel={headingLevel} />
      ))}
    </div>
  );
}

function ShopGroup({ group, multiVendor, redirectTo, headingLevel: Heading }: { group: CartShopGroup } & Omit<BasketProps, "cart">) {
  const { t } = useTranslation("cart");
  const lines = (
    <ul className="divide-y divide-slate-200">
      {group.lines.map((line) => <Line key={line.id} line={line} redirectTo={redirectTo} />)}
    </ul>
  );
  if (!multiVendor) return lines;
  const headingId = `cart-shop-${group.shop_id}`;
  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-slate-200">
      <div className="flex flex-wrap items-center gap-3 border-b border-slate-200 bg-slate-50 px-3 py-2">
        <CartForm action="/cart/select-shop" fields={{ shop_id: group.shop_id }} redirectTo={redirectTo}>
          {(busy) => (
            <button
              type="submit"
              aria-pressed={group.selected}
              disabled={busy}
              className="flex h-6 w-6 items-center justify-center rounded-full border-2 border-primary"
            >
              {group.selected ? <span aria-hidden="true" className="h-3 w-3 rounded-full bg-primary" /> : null}
              <span className="sr-only">{t("selectShop", { shop: group.shop_name })}</span>
            </button>
          )}
        </CartForm>
        {/* The state in words too: a text browser shows neither aria-pressed nor the filled dot. */}
        <span className="sr-only">{t(group.selected ? "shopSelected" : "shopNotSelected")}</span>
        <Heading id={headingId} className="min-w-0 flex-1 truncate font-semibold">
          <Link to={`/shops/${group.shop_id}`} className="hover:text-primary">{group.shop_name}</Link>
        </Heading>
        <span className="flex items-center gap-1 text-sm text-slate-700">
          <StarIcon className="h-4 w-4 text-amber-500" />
          <span>
            <NumberInSentence sentence={t("shopRating", { rating: group.shop_rating.toFixed(1) })} number={group.shop_rating.toFixed(1)} />
          </span>
        </span>
        <Link to={chatWithShopHref(group.shop_id)} className="text-sm font-medium text-primary-700 underline-offset-2 hover:underline">
          {t("chat")}<span className="sr-only"> {t("withShop", { shop: group.shop_name })}</span>
        </Link>
      </div>
      <div className="px-3">{lines}</div>
      <div className="border-t border-slate-200 px-3 py-2">
        <DialogLink dialog="vouchers" nested to={`/cart/vouchers/${group.shop_id}`} className="text-sm font-medium text-primary-700 underline-offset-2 hover:underline">
          {t("applyVoucher")}<span className="sr-only"> {t("withShop", { shop: group.shop_name })}</span>
        </DialogLink>
      </div>
    </section>
  );
}

function Line({ line, redirectTo }: { line: CartLine; redirectTo: string }) {
  const { t } = useTranslation("cart");
  const money = useMoney();
  const options = [
    line.color && t("color", { name: line.color.name }),
    line.size && t("size", { name: line.size.name }),
    line.unit && t("unit", { name: line.unit.name }),
  ].filter(Boolean);
  const lineField = { line_id: line.id };
  const iconButton = "flex h-8 w-8 items-center justify-center rounded border border-slate-300 text-lg leading-none hover:bg-slate-100 disabled:opacity-50";
  return (
    <li className="flex gap-3 py-3">
      {line.thumbnail ? (
        <img src={line.thumbnail} alt="" width={64} height={64} loading="lazy" className="h-16 w-16 shrink-0 rounded object-cover" />
      ) : (
        <span aria-hidden="true" className="h-16 w-16 shrink-0 rounded bg-slate-100" />
      )}
      <div className="min-w-0 flex-1 space-y-1">
        <p className="line-clamp-2 text-sm font-medium">
          <Link to={`/products/${line.product_id}/details`} className="hover:text-primary">{line.name}</Link>
        </p>
        {options.length ? <p className="text-xs text-slate-600">{options.join(" · ")}</p> : null}
        <p className="flex flex-wrap items-baseline gap-2 text-sm">
          <span className="font-bold text-primary-700"><span className="sr-only">{t("price")}: </span>{money(line.unit_price)}</span>
          {line.list_price > line.unit_price ? (
            <del className="text-xs text-slate-600"><span className="sr-only">{t("listPrice")}: </span>{money(line.list_price)}</del>
          ) : null}
        </p>
        {line.quantity > line.stock ? <p className="text-xs font-medium text-red-700">{t("onlyInStock", { count: line.stock })}</p> : null}
        <div className="flex items-center gap-2">
          <CartForm action="/cart/decrement" fields={lineField} redirectTo={redirectTo}>
            {(busy) => (
              <button type="submit" disabled={busy} className={iconButton}>
                <span aria-hidden="true">−</span><span className="sr-only">{t("decrease", { name: line.name })}</span>
              </button>
            )}
          </CartForm>
          <span className="min-w-[2rem] text-center text-sm font-semibold">
            <span className="sr-only">{t("quantityOf", { name: line.name })}: </span>{line.quantity}
          </span>
          <CartForm action="/cart/increment" fields={lineField} redirectTo={redirectTo}>
            {(busy) => (
              <button type="submit" disabled={busy} className={iconButton}>
                <span aria-hidden="true">+</span><span className="sr-only">{t("increase", { name: line.name })}</span>
              </button>
            )}
          </CartForm>
          <CartForm action="/cart/delete" fields={lineField} redirectTo={redirectTo} className="ms-auto">
            {(busy) => (
              <button type="submit" disabled={busy} className="rounded px-2 py-1 text-sm font-medium text-red-700 hover:bg-red-50">
                {t("remove")}<span className="sr-only"> {line.name}</span>
              </button>
            )}
          </CartForm>
        </div>
      </div>
    </li>
  );
}

/** 'Cart Amount' and 'Proceed to Checkout' (spec §2). */
export function CartFooter({ total, redirectTo }: { total: number; redirectTo: string }) {
  const { t } = useTranslation("cart");
  const money = useMoney();
  return (
    <div className="space-y-3">
      <p className="flex items-center justify-between text-lg font-semibold">
        <span>{t("amount")}</span>
        <span>{money(total)}</span>
      </p>
      <CartForm action="/cart/proceed" fields={{}} redirectTo={redirectTo}>
        {(busy) => <button type="submit" disabled={busy} className="btn-primary w-full">{t("proceed")}</button>}
      </CartForm>
    </div>
  );
}
