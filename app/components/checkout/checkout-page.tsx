import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Link } from "~/components/link";
import { useTranslation } from "~/lib/translation";
import { Field, inputClass } from "~/components/form-field";
import { useMoney } from "~/lib/use-money";
import { addressLines } from "~/modules/account/address-lines";
import { couponSchema, placeOrderSchema } from "~/modules/checkout/checkout.schema";
import { NOTE_MAX_LENGTH } from "~/modules/checkout/limits";
import type { checkoutPageAction, checkoutPageData } from "~/modules/checkout/checkout-page.server";
import { inputProps, textareaProps } from "~/components/form-controls";

type PageData = Awaited<ReturnType<typeof checkoutPageData>>["data"];
type ActionData = Awaited<ReturnType<typeof checkoutPageAction>> extends infer R ? (R extends { data: infer D } ? D : never) : never;
type Checkout = PageData["checkout"];

/** /checkout and /buynow: shipping address, items per shop, coupon, payment method, note and the summary. */
export function CheckoutPage() {
  const page = useLoaderData<PageData>();
  const answer = useActionData<ActionData>() as { form: "coupon" | "place"; reply: SubmissionResult<string[]>; values: Record<string, string | number> | null } | undefined;
  const { t } = useTranslation("checkout");
  const { checkout } = page;

  if (checkout.shops.length === 0) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-12 text-center">
        <h1 className="text-2xl font-bold">{page.title}</h1>
        <p className="mt-4 text-slate-700">{t(page.kind === "buynow" ? "emptyBuyNow" : "empty")}</p>
        <Link to="/cart" className="btn-primary mt-6 inline-flex">{t("backToCart")}</Link>
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="text-2xl font-bold">{page.title}</h1>
      {page.mustVerify ? (
        <div role="alert" className="mt-4 rounded-md border border-amber-300 bg-amber-50 p-4 text-amber-900">
          <p className="font-semibold">{t("verify.title")}</p>
          <p className="mt-1 text-sm">{t("verify.text")}</p>
          <Link to={`/verify-otp?redirectTo=${encodeURIComponent(page.path)}`} className="mt-2 inline-block font-semibold underline">
            {t("verify.action")}
          </Link>
        </div>
      ) : null}
      <div className="mt-6 grid gap-8 lg:grid-cols-[1fr_22rem]">
        <div className="space-y-6">
          <ShopGroups checkout={checkout} />
          <CouponBox code={checkout.coupon_code} problem={page.couponProblem} answer={answer?.form === "coupon" ? answer : undefined} />
        </div>
        <aside aria-labelledby="summary-title" className="space-y-6 lg:sticky lg:top-4 lg:self-start">
          <Summary checkout={checkout} />
          <PlaceOrderForm answer={answer?.form === "place" ? answer : undefined} />
        </aside>
      </div>
    </div>
  );
}

function OptionText({ line }: { line: Checkout["shops"][number]["lines"][number] }) {
  const { t } = useTranslation("checkout");
  const parts = [
    line.color && t("item.color", { name: line.color.name }),
    line.size && t("item.size", { name: line.size.name }),
    line.unit && t("item.unit", { name: line.unit.name }),
  ].filter(Boolean);
  return parts.length ? <p className="text-sm text-slate-600">{parts.join(" · ")}</p> : null;
}

function ShopGroups({ checkout }: { checkout: Checkout }) {
  const { t } = useTranslation("checkout");
  const money = useMoney();
  return (
    <section aria-labelledby="items-title">
      <h2 id="items-title" className="text-lg font-semibold">{t("items.title")}</h2>
      <ul className="mt-3 space-y-4">
        {checkout.shops.map((shop) => (
          <li key={shop.shop_id} className="rounded-lg border border-slate-200 bg-white">
            <article aria-labelledby={`shop-${shop.shop_id}`}>
              <header className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-200 px-4 py-3">
                <h3 id={`shop-${shop.shop_id}`} className="font-semibold">
                  <Link to={`/shops/${shop.shop_id}`} className="hover:underline">{shop.shop_name}</Link>
                </h3>
                <p className="text-sm text-slate-700">{t("items.delivery", { days: shop.estimated_delivery_days, count: shop.estimated_delivery_days })}</p>
              </header>
              <ul className="divide-y divide-slate-100">
                {shop.lines.map((line) => (
                  <li key={line.id} className="flex gap-3 px-4 py-3">
                    {line.thumbnail ? <img src={line.thumbnail} alt="" width={64} height={64} className="h-16 w-16 rounded object-cover" /> : null}
                    <div className="min-w-0 flex-1">
                      <p className="font-medium">{line.name}</p>
                      <OptionText line={line} />
                      <p className="text-sm text-slate-700">{t("item.quantityPrice", { quantity: line.quantity, price: money(line.unit_price) })}</p>
                      {line.quantity > line.stock ? <p className="text-sm font-medium text-red-700">{t("item.short", { count: line.stock })}</p> : null}
                    </div>
                    <p className="font-semibold">{money(line.line_total)}</p>
                  </li>
                ))}
              </ul>
              <dl className="space-y-1 border-t border-slate-200 px-4 py-3 text-sm">
                {shop.coupon ? (
                  <div className="flex justify-between text-green-800">
                    <dt>{t(shop.coupon.typed ? "summary.coupon" : "summary.voucher", { code: shop.coupon.code })}</dt>
                    <dd>−{money(shop.discount)}</dd>
                  </div>
                ) : null}
                <div className="flex justify-between">
                  <dt>{t("summary.shipping")}</dt>
                  <dd>{money(shop.delivery_charge)}</dd>
                </div>
              </dl>
            </article>
          </li>
        ))}
      </ul>
    </section>
  );
}

function CouponBox({
  code,
  problem,
  answer,
}: {
  code: string | null;
  problem: PageData["couponProblem"];
  answer?: { reply: SubmissionResult<string[]>; values: Record<string, string | number> | null };
}) {
  const { t } = useTranslation("checkout");
  const money = useMoney();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "checkout-coupon",
    lastResult: answer?.reply,
    constraint: getZodConstraint(couponSchema),
    // Checked in the browser too, and again while typing: an error cleared only on blur would move the Apply
    // button from under the pointer between its press and release, and the click would be lost.
    onValidate: ({ formData }) => parseWithZod(formData, { schema: couponSchema }),
    shouldRevalidate: "onInput",
  });
  const values = answer?.values ? withMoney(answer.values, money) : undefined;
  return (
    <section aria-labelledby="coupon-title" className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="coupon-title" className="text-lg font-semibold">{t("coupon.title")}</h2>
      {code ? (
        <Form method="post" className="mt-3 flex flex-wrap items-center justify-between gap-2">
          <p>
            {t("coupon.kept", { code })}
            {problem ? <span className="block text-sm font-medium text-red-700">{t(problem.message, problem.values ? withMoney(problem.values, money) : undefined)}</span> : null}
          </p>
          <input type="hidden" name="intent" value="remove-coupon" />
          <button type="submit" className="btn-secondary">{t("coupon.remove")}</button>
        </Form>
      ) : (
        <Form method="post" {...getFormProps(form)} className="mt-3 flex flex-wrap items-end gap-2">
          {/* In a hidden field: Enter in the code field sends no button name in every client. */}
          <input type="hidden" name="intent" value="coupon" />
          <div className="min-w-[12rem] flex-1">
            <Field label={t("coupon.label")} field={fields.coupon_code} values={values}>
              <input {...inputProps(fields.coupon_code, { type: "text" })} autoComplete="off" className={inputClass} />
            </Field>
          </div>
          <button type="submit" className="btn-secondary" disabled={navigation.state === "submitting"}>
            {t("coupon.apply")}
          </button>
        </Form>
      )}
    </section>
  );
}

/** Amounts in error values are minor units: shown in the shopper's currency. */
function withMoney(values: Record<string, string | number>, money: (minor: number) => string) {
  return Object.fromEntries(Object.entries(values).map(([key, value]) => [key, key === "minimum" && typeof value === "number" ? money(value) : value]));
}

function Summary({ checkout }: { checkout: Checkout }) {
  const { t } = useTranslation("checkout");
  const money = useMoney();
  const { totals } = checkout;
  return (
    <section className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="summary-title" className="text-lg font-semibold">{t("summary.title")}</h2>
      <dl className="mt-3 space-y-2">
        <div className="flex justify-between"><dt>{t("summary.subtotal")}</dt><dd>{money(totals.subtotal)}</dd></div>
        <div className="flex justify-between"><dt>{t("summary.discount")}</dt><dd>−{money(totals.discount)}</dd></div>
        <div className="flex justify-between"><dt>{t("summary.shipping")}</dt><dd>{money(totals.delivery_charge)}</dd></div>
        {totals.taxes.map((tax) => (
          <div key={tax.name} className="flex justify-between">
            <dt>{t("summary.tax", { name: tax.name, rate: tax.basis_points / 100 })}</dt>
            <dd>{money(tax.amount)}</dd>
          </div>
        ))}
        {totals.taxes.length === 0 ? <div className="flex justify-between"><dt>{t("summary.taxes")}</dt><dd>{money(0)}</dd></div> : null}
        <div className="flex justify-between border-t border-slate-200 pt-2 text-lg font-bold">
          <dt>{t("summary.payable")}</dt>
          <dd>{money(totals.payable)}</dd>
        </div>
      </dl>
    </section>
  );
}

function PlaceOrderForm({ answer }: { answer?: { reply: SubmissionResult<string[]>; values: Record<string, string | number> | null } }) {
  const page = useLoaderData<PageData>();
  const { t } = useTranslation("checkout");
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "place";
  const [form, fields] = useForm({
    id: "checkout-place",
    lastResult: answer?.reply,
    constraint: getZodConstraint(placeOrderSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: placeOrderSchema }),
    shouldRevalidate: "onInput",
  });
  const { addresses, checkout, payment } = page;
  const chosen = checkout.address;
  const methods = [
    ...(payment.cash ? [{ name: "cash", title: t("payment.cash") }] : []),
    ...payment.gateways.map((gateway) => ({ name: gateway.name, title: gateway.title })),
  ];
  const formError = answer?.reply.error?.[""]?.[0];
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-5 rounded-lg border border-slate-200 bg-white p-4">
      {formError ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
          {t(formError, answer?.values ?? undefined)}
        </p>
      ) : null}

      {checkout.needs_shipping ? (
      <fieldset aria-describedby={fields.address_id.errors ? fields.address_id.errorId : undefined}>
        <legend className="text-lg font-semibold">{t("address.title")}</legend>
        {chosen ? (
          <>
            <address className="mt-2 not-italic text-slate-800">
              <span className="font-medium">{chosen.name}</span>, {chosen.phone}
              <br />
              {addressLines(chosen).join(", ")}
            </address>
            <details className="mt-2" open={addresses.length > 1 && Boolean(fields.address_id.errors)}>
              <summary className="cursor-pointer font-semibold text-primary underline">{t("address.change")}</summary>
              <div className="mt-2 space-y-2">
                {addresses.map((address) => (
                  <label key={address.id} className="flex items-start gap-2">
                    <input type="radio" name="address_id" value={address.id} defaultChecked={address.id === chosen.id} className="mt-1" />
                    <span>
                      <span className="font-medium">{address.name}</span> — {addressLines(address).join(", ")}
                      {address.is_default ? <span className="ms-1 text-sm text-slate-600">({t("address.default")})</span> : null}
                    </span>
                  </label>
                ))}
              </div>
            </details>
          </>
        ) : (
          <p className="mt-2 text-slate-700">{t("address.none")}</p>
        )}
        <Link to={`/manage-address/new?redirectTo=${encodeURIComponent(page.path)}`} className="mt-2 inline-block text-sm font-semibold underline">
          {t("address.add")}
        </Link>
        {fields.address_id.errors ? <p id={fields.address_id.errorId} className="mt-1 text-sm font-medium text-red-700">{t(fields.address_id.errors[0])}</p> : null}
      </fieldset>
      ) : (
        <section aria-labelledby="checkout-delivery-title">
          <h2 id="checkout-delivery-title" className="text-lg font-semibold">{t("address.digitalTitle")}</h2>
          <p className="mt-2 text-slate-700">{t("address.digitalOnly")}</p>
        </section>
      )}

      <fieldset aria-describedby={fields.payment_method.errors ? fields.payment_method.errorId : undefined}>
        <legend className="text-lg font-semibold">{t("payment.title")}</legend>
        {methods.length === 0 ? <p className="mt-2 text-red-700">{t("payment.none")}</p> : null}
        <div className="mt-2 space-y-2">
          {methods.map((method, index) => (
            <label key={method.name} className="flex items-center gap-2">
              <input type="radio" name="payment_method" value={method.name} defaultChecked={index === 0} />
              <span>{method.title}</span>
            </label>
          ))}
        </div>
        {fields.payment_method.errors ? <p id={fields.payment_method.errorId} className="mt-1 text-sm font-medium text-red-700">{t(fields.payment_method.errors[0])}</p> : null}
      </fieldset>

      <Field label={t("note.label")} field={fields.note} values={{ max: NOTE_MAX_LENGTH }}>
        <textarea {...textareaProps(fields.note)} rows={3} maxLength={NOTE_MAX_LENGTH} className={inputClass} />
      </Field>

      <button type="submit" name="intent" value="place" className="btn-primary w-full" disabled={busy || page.mustVerify}>
        {busy ? t("processing") : t("place")}
      </button>
      <input type="hidden" name="token" value={page.token} />
    </Form>
  );
}
