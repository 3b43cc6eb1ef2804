import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { Link } from "~/components/link";
import { TicketListView } from "~/components/tickets/ticket-parts";
import { requirePlatformAdmin } from "~/lib/auth.server";
import { parsePage } from "~/lib/pagination.server";
import { pageTitle } from "~/lib/seo";
import { useTranslation } from "~/lib/translation";
import { ticketNumberFrom, ticketTabFrom, type TicketTab } from "~/modules/tickets/ticket-status";
import { listTickets } from "~/modules/tickets/tickets.server";

export const handle = { i18n: ["tickets"] };

/** Every shopper's support tickets for the platform admin, by status tab, searched by ticket number, ten a page. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { db, user, t, locale } = await requirePlatformAdmin(request);
  const params = new URL(request.url).searchParams;
  const search = (params.get("q") ?? "").trim();
  // Anything that cannot be a ticket number finds nothing (rather than every ticket).
  const ticketNumber = search === "" ? null : (ticketNumberFrom(search) ?? "");
  const list = await listTickets(db, { adminId: user.id }, { tab: ticketTabFrom(params.get("status")), page: parsePage(params.get("page")), ticketNumber });
  return { title: t("tickets:console.title"), locale, search, list };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(matches, data?.title);

export default function ConsoleTickets() {
  const { list, locale, search } = useLoaderData<typeof loader>();
  const { t } = useTranslation("tickets");
  const hrefOf = (tab: TicketTab, withSearch = true) => {
    const params = new URLSearchParams();
    if (tab !== "running") params.set("status", tab);
    if (search && withSearch) params.set("q", search);
    const query = params.toString();
    return `/shop-console/tickets${query ? `?${query}` : ""}`;
  };
  return (
    <section aria-labelledby="tickets-title" className="rounded-lg border border-slate-200 bg-white p-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h1 id="tickets-title" className="text-2xl font-bold">{t("console.title")}</h1>
        <Form method="get" className="flex flex-wrap items-end gap-2" role="search">
          {list.tab !== "running" ? <input type="hidden" name="status" value={list.tab} /> : null}
          <label className="text-sm">
            <span className="block font-medium">{t("console.searchLabel")}</span>
            <input type="search" name="q" defaultValue={search} dir="ltr" className="mt-1 w-44 rounded-md border border-slate-400 px-3 py-2" />
          </label>
          <button type="submit" className="btn-secondary">{t("console.search")}</button>
        </Form>
      </div>
      {search ? (
        <p className="mt-3 text-sm">
          {t("console.searching", { number: search })}
          <span className="sr-only"> · </span>
          <Link to={hrefOf(list.tab, false)} className="ms-3 font-semibold text-primary-700 underline">{t("console.clearSearch")}</Link>
        </p>
      ) : null}
      <TicketListView
        list={list}
        base="/shop-console/tickets"
        hrefOfTab={(tab) => hrefOf(tab)}
        locale={locale}
        showCustomer
        none={search ? t("console.noneFound", { number: search }) : t(`list.none.${list.tab}`)}
      />
    </section>
  );
}
