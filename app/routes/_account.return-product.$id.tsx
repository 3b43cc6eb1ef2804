import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Link } from "~/components/link";
import { inputProps, textareaProps } from "~/components/form-controls";
import { Field, FormError, inputClass } from "~/components/form-field";
import { requireUser } from "~/lib/auth.server";
import { formatDateTime } from "~/lib/dates";
import { DomainError, replyWithError } from "~/lib/domain-error";
import { pageTitle } from "~/lib/seo";
import { redirectWithToast } from "~/lib/session.server";
import { useTranslation } from "~/lib/translation";
import { useMoney } from "~/lib/use-money";
import { OrderNotFoundError } from "~/modules/orders/order-errors";
import { orderIdFrom } from "~/modules/orders/orders.server";
import { quantitiesFrom, returnRequestSchema } from "~/modules/returns/returns.schema";
import { requestReturn, returnableOrder } from "~/modules/returns/returns.server";
import { readForm } from "~/lib/forms.server";

export const handle = { i18n: ["returns", "orders"] };

async function orderOf(request: Request, param: string | undefined) {
  const context = await requireUser(request);
  const id = orderIdFrom(param);
  if (id === null) throw new Response("Not Found", { status: 404 });
  return { ...context, id };
}

/** Return Product for one of the shopper's orders: the form while the window is open, else why not. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { db, user, settings, t, locale, id } = await orderOf(request, params.id);
  const order = await ownReturnableOrder(db, user.id, id, settings.returnOrderWithinDays);
  return { title: t("returns:request.title"), locale, order, windowDays: settings.returnOrderWithinDays };
}

/** The shopper's order as the return form shows it; another shopper's is Page Not Found. */
async function ownReturnableOrder(...[db, userId, id, windowDays]: Parameters<typeof returnableOrder>) {
  try {
    return await returnableOrder(db, userId, id, windowDays);
  } catch (error) {
    if (error instanceof OrderNotFoundError) throw new Response("Not Found", { status: 404 });
    throw error;
  }
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(matches, data?.title);

export async function action({ request, params }: ActionFunctionArgs) {
  const { db, user, settings, t, id } = await orderOf(request, params.id);
  // Checked before the form, so another shopper's order is not found whatever the form holds.
  await ownReturnableOrder(db, user.id, id, settings.returnOrderWithinDays);
  const form = await readForm(request);
  const submission = parseWithZod(form, { schema: returnRequestSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), quantities: null }, { status: 400 });
  try {
    const returnId = await requestReturn(db, user.id, id, { ...submission.value, quantities: quantitiesFrom(form) }, settings.returnOrderWithinDays);
    return redirectWithToast(request, `/returned-order-history/${returnId}`, { kind: "success", message: "returns:request.done", values: { id: returnId } });
  } catch (error) {
    if (error instanceof OrderNotFoundError) throw new Response("Not Found", { status: 404 });
    if (!(error instanceof DomainError)) throw error;
    // The quantities' message names an item: said here, in the page's language.
    if (error.field === "quantities") return data({ result: submission.reply(), quantities: t(error.message, error.values) }, { status: 400 });
    return data({ result: replyWithError(submission, error), quantities: null }, { status: 400 });
  }
}

export default function ReturnProduct() {
  const { order, locale, windowDays } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const { t } = useTranslation("returns");
  const money = useMoney(order.currency);
  const [form, fields] = useForm({
    id: "return-product",
    lastResult: answer?.result,
    constraint: getZodConstraint(returnRequestSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: returnRequestSchema }),
  });
  return (
    <section aria-labelledby="return-title" className="rounded-lg border border-slate-200 bg-white p-6">
      <Link to={`/order-history/${order.id}`} className="text-sm font-semibold text-primary-700 hover:underline">{t("request.backToOrder")}</Link>
      <h1 id="return-title" className="mt-2 text-2xl font-bold">{t("request.heading", { id: order.id })}</h1>
      {order.refusal ? (
        <p className="mt-4 rounded-md border border-amber-300 bg-amber-50 p-4 text-amber-900">{t(`errors.${order.refusal}`)}</p>
      ) : (
        <>
          <p className="mt-2 text-slate-700">{t("request.window", { count: windowDays, date: formatDateTime(order.closes_at!, locale) })}</p>
          <Form method="post" {...getFormProps(form)} className="mt-6 space-y-5">
            <FormError errors={form.errors} id={form.errorId} />
            <fieldset aria-describedby={answer?.quantities ? "return-quantities-error" : undefined}>
              <legend className="text-sm font-semibold">{t("request.items")}</legend>
              <p className="text-sm text-slate-600">{t("request.itemsHint")}</p>
              <ul className="mt-2 divide-y divide-slate-200">
                {order.items.map((item) => (
                  <li key={item.id} className="flex flex-wrap items-center gap-4 py-3">
                    {item.thumbnail ? <img src={item.thumbnail} alt="" width={48} height={48} className="h-12 w-12 rounded border border-slate-200 object-cover" /> : null}
                    <div className="min-w-0 flex-1">
                      <p className="font-medium">{item.name}</p>
                      <p className="text-sm text-slate-600">{t("request.bought", { count: item.quantity, price: money(item.unit_price) })}</p>
                    </div>
                    {item.returned ? (
                      <p className="text-sm font-medium text-slate-700">{t("request.alreadyReturned")}</p>
                    ) : (
                      <label className="text-sm">
                        <span className="block">{t("request.quantity")}<span className="sr-only">: {item.name}</span></span>
                        <select name={`quantity_${item.id}`} defaultValue="0" className="mt-1 rounded-md border border-slate-400 px-3 py-2">
                          {Array.from({ length: item.quantity + 1 }, (_, count) => (
                            <option key={count} value={count}>{count}</option>
                          ))}
                        </select>
                      </label>
                    )}
                  </li>
                ))}
              </ul>
              {answer?.quantities ? <p id="return-quantities-error" className="mt-1 text-sm font-medium text-red-700">{answer.quantities}</p> : null}
            </fieldset>
            <Field label={t("request.reason")} field={fields.reason}>
              <textarea {...textareaProps(fields.reason)} rows={3} className={inputClass} />
            </Field>
            <Field label={t("request.address")} field={fields.return_address}>
              <textarea {...textareaProps(fields.return_address)} rows={2} autoComplete="street-address" className={inputClass} />
            </Field>
            <Field label={t("request.bankName")} field={fields.bank_name}>
              <input {...inputProps(fields.bank_name, { type: "text" })} className={inputClass} />
            </Field>
            <Field label={t("request.account")} field={fields.bank_account_number} hint={t("request.accountHint")}>
              <input {...inputProps(fields.bank_account_number, { type: "text" })} autoComplete="off" className={inputClass} />
            </Field>
            <button type="submit" name="intent" value="return" className="btn-primary" disabled={navigation.state === "submitting"}>{t("request.submit")}</button>
          </Form>
        </>
      )}
    </section>
  );
}
