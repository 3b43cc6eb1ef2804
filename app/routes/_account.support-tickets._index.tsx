import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/link";
import { TicketListView } from "~/components/tickets/ticket-parts";
import { requireUser } from "~/lib/auth.server";
import { parsePage } from "~/lib/pagination.server";
import { pageTitle } from "~/lib/seo";
import { useTranslation } from "~/lib/translation";
import { ticketTabFrom } from "~/modules/tickets/ticket-status";
import { listTickets } from "~/modules/tickets/tickets.server";

export const handle = { i18n: ["tickets"] };

/** The shopper's support tickets by status tab (?status=running|completed|cancel), ten a page, newest first. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { db, user, t, locale } = await requireUser(request);
  const params = new URL(request.url).searchParams;
  const list = await listTickets(db, { customerId: user.id }, { tab: ticketTabFrom(params.get("status")), page: parsePage(params.get("page")) });
  return { title: t("tickets:list.title"), locale, list };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(matches, data?.title);

export default function SupportTickets() {
  const { list, locale } = useLoaderData<typeof loader>();
  const { t } = useTranslation("tickets");
  return (
    <section aria-labelledby="tickets-title" className="rounded-lg border border-slate-200 bg-white p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="tickets-title" className="text-2xl font-bold">{t("list.title")}</h1>
        <Link to="/support-tickets/new" className="btn-primary">{t("list.newTicket")}</Link>
      </div>
      <TicketListView
        list={list}
        base="/support-ticket"
        hrefOfTab={(tab) => (tab === "running" ? "/support-tickets" : `/support-tickets?status=${tab}`)}
        locale={locale}
        showCustomer={false}
        none={t(`list.none.${list.tab}`)}
      />
    </section>
  );
}
