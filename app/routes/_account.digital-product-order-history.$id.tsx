import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/link";
import { OrderStatusBadge, PaymentStatusBadge } from "~/components/orders/order-parts";
import { requireUser } from "~/lib/auth.server";
import { formatDate } from "~/lib/dates";
import { formatFileSize } from "~/lib/file-size";
import { pageTitle } from "~/lib/seo";
import { useTranslation } from "~/lib/translation";
import { getDigitalOrder, type DigitalItem } from "~/modules/digital/digital.server";
import { DOWNLOAD_LINK_MINUTES } from "~/modules/digital/download-links.server";
import { orderIdFrom } from "~/modules/orders/orders.server";

export const handle = { i18n: ["orders"] };

/**
 * One of the shopper's orders with digital items: licence keys and download links once paid. Anyone else's order, or
 * one without digital items, is Page Not Found. Like every signed-in page it is never stored (entry.server), which
 * matters here: the links are signed for this shopper and expire.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { db, user, t, locale } = await requireUser(request);
  const id = orderIdFrom(params.id);
  const order = id === null ? null : await getDigitalOrder(db, user.id, id);
  if (!order) throw new Response("Not Found", { status: 404 });
  return { title: t("orders:digital.orderTitle", { id: order.id }), locale, order, linkMinutes: DOWNLOAD_LINK_MINUTES };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(matches, data?.title);

export default function DigitalProductOrder() {
  const { order, locale, linkMinutes } = useLoaderData<typeof loader>();
  const { t } = useTranslation("orders");
  const term = "text-xs text-slate-600";
  return (
    <section aria-labelledby="digital-order-title" className="rounded-lg border border-slate-200 bg-white p-6">
      <Link to="/digital-product-order-history" className="text-sm font-semibold text-primary-700 hover:underline">{t("digital.back")}</Link>
      <h1 id="digital-order-title" className="mt-2 text-2xl font-bold">{t("digital.orderTitle", { id: order.id })}</h1>
      <dl className="mt-4 grid grid-cols-2 gap-4 text-sm lg:grid-cols-4">
        <div>
          <dt className={term}>{t("order.placedOn")}</dt>
          <dd className="font-medium"><time dateTime={order.created_at}>{formatDate(order.created_at, locale)}</time></dd>
        </div>
        <div>
          <dt className={term}>{t("order.shop")}</dt>
          <dd className="font-medium"><Link to={`/shops/${order.shop.id}`} className="text-primary-700 hover:underline">{order.shop.name}</Link></dd>
        </div>
        <div>
          <dt className={term}>{t("order.status")}</dt>
          <dd><OrderStatusBadge status={order.status} /></dd>
        </div>
        <div>
          <dt className={term}>{t("order.paymentStatus")}</dt>
          <dd><PaymentStatusBadge status={order.payment_status} /></dd>
        </div>
      </dl>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        {order.can_pay ? (
          // A full-page post: the payment action sends the shopper on to the gateway's own page.
          <form method="post" action={`/order-history/${order.id}/pay`}>
            <button type="submit" name="intent" value="pay" className="btn-primary">{t("order.makePayment")}</button>
          </form>
        ) : null}
        <Link to={`/order-history/${order.id}`} className="btn-secondary">{t("digital.wholeOrder")}</Link>
      </div>
      <p className="mt-4 rounded-md border border-slate-200 bg-slate-50 px-3 py-2 text-sm">
        {order.unlocked
          ? t("digital.linksExpire", { count: linkMinutes })
          : t(order.status === "Cancelled" ? "digital.cancelled" : "digital.awaitingPayment")}
      </p>
      <ul className="mt-4 divide-y divide-slate-200">
        {order.items.map((item) => <DigitalItemEntry key={item.id} item={item} locale={locale} unlocked={order.unlocked} />)}
      </ul>
    </section>
  );
}

function DigitalItemEntry({ item, locale, unlocked }: { item: DigitalItem; locale: string; unlocked: boolean }) {
  const { t } = useTranslation("orders");
  const headingId = `digital-item-${item.id}`;
  return (
    <li className="py-4">
      <div className="flex items-start gap-4">
        {item.thumbnail ? <img src={item.thumbnail} alt="" width={64} height={64} loading="lazy" className="h-16 w-16 rounded-md border border-slate-200 object-cover" /> : null}
        <div className="min-w-0 flex-1">
          <h2 id={headingId} className="font-semibold">
            <Link to={`/products/${item.product_id}/details`} className="hover:underline">{item.name}</Link>
          </h2>
          <p className="text-sm text-slate-600">{t("digital.quantity", { count: item.quantity })}</p>
        </div>
      </div>
      {unlocked ? (
        <div className="mt-3 grid gap-4 sm:grid-cols-2">
          <div>
            <h3 className="text-sm font-semibold">{t("digital.licenceKeys", { count: item.licence_keys.length })}</h3>
            <ul className="mt-1 space-y-1">
              {item.licence_keys.map((key) => (
                <li key={key}><code dir="ltr" className="rounded bg-slate-100 px-2 py-1 text-sm">{key}</code></li>
              ))}
            </ul>
          </div>
          <div>
            <h3 className="text-sm font-semibold">{t("digital.downloads")}</h3>
            <ul className="mt-1 space-y-2">
              {item.files.map((file) => (
                <li key={file.file_id} className="text-sm">
                  {/* A plain link: the browser saves the file; the app router must not try to render it. */}
                  <a href={file.href} className="font-semibold text-primary-700 underline" download={file.file_name}>
                    {t("digital.download")}<span className="sr-only">: </span> <bdi dir="ltr">{file.file_name}</bdi>
                  </a>{" "}
                  <span className="text-slate-600">({formatFileSize(file.size_bytes, locale)}) · {t("digital.downloaded", { count: file.downloads })}</span>
                </li>
              ))}
            </ul>
          </div>
        </div>
      ) : null}
    </li>
  );
}
