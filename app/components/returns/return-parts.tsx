import { Link } from "~/components/link";
import type { ReturnStatus } from "~/db/schema";
import { formatDate } from "~/lib/dates";
import { useTranslation } from "~/lib/translation";
import { useMoney } from "~/lib/use-money";
import { RETURN_TABS, returnTabOf, type ReturnTab } from "~/modules/returns/return-status";
import type { ReturnDetails, ReturnList, ReturnSummary } from "~/modules/returns/returns.server";
import { Pagination } from "../pagination";
import { StatusTabs } from "../status-tabs";

const colors: Record<ReturnTab, string> = {
  pending: "bg-amber-100 text-amber-900",
  approved: "bg-sky-100 text-sky-900",
  damaged: "bg-orange-100 text-orange-900",
  mismatch: "bg-violet-100 text-violet-900",
  cancelled: "bg-red-100 text-red-900",
  refunded: "bg-green-100 text-green-900",
};

/** A return's status as a coloured label (the colour only repeats the text). */
export function ReturnStatusBadge({ status }: { status: ReturnStatus }) {
  const { t } = useTranslation("returns");
  const tab = returnTabOf(status);
  return <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${colors[tab]}`}>{t(`status.${tab}`)}</span>;
}

/** The tabs with counts and one page of returns; `base` is the list's address, each return at `${base}/{id}`. */
export function ReturnListView({ list, base, locale, showCustomer }: { list: ReturnList; base: string; locale: string; showCustomer: boolean }) {
  const { t } = useTranslation("returns");
  return (
    <>
      <StatusTabs
        tabs={RETURN_TABS}
        current={list.tab}
        counts={list.counts}
        hrefOf={(tab) => (tab === "pending" ? base : `${base}?status=${tab}`)}
        labelOf={(tab) => t(`status.${tab}`)}
        label={t("list.tabsLabel")}
      />
      {list.returns.length ? (
        <>
          <ul className="mt-4 space-y-3">
            {list.returns.map((row) => <ReturnCard key={row.id} row={row} base={base} locale={locale} showCustomer={showCustomer} />)}
          </ul>
          <Pagination totalItems={list.total} current={list.page} perPage={list.perPage} />
        </>
      ) : (
        <p className="mt-8 text-center text-slate-700">{t("list.none", { status: t(`status.${list.tab}`) })}</p>
      )}
    </>
  );
}

function ReturnCard({ row, base, locale, showCustomer }: { row: ReturnSummary; base: string; locale: string; showCustomer: boolean }) {
  const { t } = useTranslation("returns");
  const money = useMoney(row.currency);
  const term = "text-xs text-slate-600";
  const headingId = `return-${row.id}`;
  return (
    <li className="rounded-lg border border-slate-200 p-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={headingId} className="font-semibold">{t("details.title", { id: row.id })}</h2>
        <Link to={`${base}/${row.id}`} className="btn-secondary" aria-describedby={headingId}>{t("list.view")}</Link>
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-3 text-sm sm:grid-cols-5">
        <div><dt className={term}>{t("details.order")}</dt><dd>#{row.order_id}</dd></div>
        <div><dt className={term}>{t("details.requestedOn")}</dt><dd><time dateTime={row.created_at}>{formatDate(row.created_at, locale)}</time></dd></div>
        <div><dt className={term}>{showCustomer ? t("details.customer") : t("details.shop")}</dt><dd className="truncate"><bdi>{showCustomer ? row.customer_name : row.shop.name}</bdi></dd></div>
        <div><dt className={term}>{t("details.amount")}</dt><dd className="font-semibold">{money(row.amount)}</dd></div>
        <div><dt className={term}>{t("details.status")}</dt><dd><ReturnStatusBadge status={row.status} /></dd></div>
      </dl>
    </li>
  );
}

/** A return's items, amount, reason, addresses, status and the shop's note. */
export function ReturnDetailsView({ ret, locale }: { ret: ReturnDetails; locale: string }) {
  const { t } = useTranslation("returns");
  const money = useMoney(ret.currency);
  const term = "text-xs text-slate-600";
  return (
    <>
      <dl className="mt-4 grid grid-cols-2 gap-4 text-sm lg:grid-cols-4">
        <div><dt className={term}>{t("details.order")}</dt><dd className="font-medium">#{ret.order_id}</dd></div>
        <div><dt className={term}>{t("details.requestedOn")}</dt><dd className="font-medium"><time dateTime={ret.created_at}>{formatDate(ret.created_at, locale)}</time></dd></div>
        <div><dt className={term}>{t("details.shop")}</dt><dd className="font-medium">{ret.shop.name}</dd></div>
        <div><dt className={term}>{t("details.amount")}</dt><dd className="font-semibold">{money(ret.amount)}</dd></div>
      </dl>
      {ret.shop_note ? (
        <div className="mt-4 rounded-md border border-slate-200 bg-slate-50 p-4">
          <h2 className="text-sm font-semibold">{ret.status === "Cancelled" ? t("details.rejectedBecause") : t("details.shopNote")}</h2>
          <p className="mt-1 whitespace-pre-line text-sm" dir="auto">{ret.shop_note}</p>
        </div>
      ) : null}
      <h2 className="mt-6 text-lg font-bold">{t("details.items")}</h2>
      <ul className="mt-2 divide-y divide-slate-200">
        {ret.items.map((item) => (
          <li key={item.order_item_id} className="flex flex-wrap items-center gap-4 py-3">
            {item.thumbnail ? <img src={item.thumbnail} alt="" width={48} height={48} className="h-12 w-12 rounded border border-slate-200 object-cover" /> : null}
            <p className="min-w-0 flex-1 font-medium">{item.name}</p>
            <p className="text-sm">{t("details.quantity", { count: item.quantity })}</p>
            <p className="text-sm font-semibold">{money(item.line_total)}</p>
          </li>
        ))}
      </ul>
      <dl className="mt-6 grid gap-4 text-sm sm:grid-cols-2">
        <div><dt className={term}>{t("details.reason")}</dt><dd className="whitespace-pre-line" dir="auto">{ret.reason}</dd></div>
        <div><dt className={term}>{t("details.returnAddress")}</dt><dd className="whitespace-pre-line" dir="auto">{ret.return_address}</dd></div>
        <div><dt className={term}>{t("details.bank")}</dt><dd><bdi>{ret.bank_name}</bdi></dd></div>
        <div><dt className={term}>{t("details.account")}</dt><dd><bdi dir="ltr">{ret.bank_account_number}</bdi></dd></div>
      </dl>
    </>
  );
}
