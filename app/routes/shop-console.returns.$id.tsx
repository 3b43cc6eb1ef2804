import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { Link } from "~/components/link";
import { ReturnDetailsView, ReturnStatusBadge } from "~/components/returns/return-parts";
import { inputClass } from "~/components/form-field";
import { requireStaff } from "~/lib/auth.server";
import { DomainError } from "~/lib/domain-error";
import { pageTitle } from "~/lib/seo";
import { redirectWithToast } from "~/lib/session.server";
import { useTranslation } from "~/lib/translation";
import { orderIdFrom } from "~/modules/orders/orders.server";
import { returnTabOf } from "~/modules/returns/return-status";
import { returnDecisionSchema } from "~/modules/returns/returns.schema";
import { decideReturn, getReturn, ReturnNotFoundError } from "~/modules/returns/returns.server";
import { readForm } from "~/lib/forms.server";

export const handle = { i18n: ["returns"] };

/** One return of the shop (any shop's for the admin); another shop's, or none, is Page Not Found. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { db, t, locale, scope } = await requireStaff(request);
  const id = orderIdFrom(params.id);
  const found = id === null ? null : await getReturn(db, scope, id);
  if (!found) throw new Response("Not Found", { status: 404 });
  return { title: t("returns:details.title", { id: found.id }), locale, ret: found };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(matches, data?.title);

/** The decision pressed, then back to the return with a toast: what changed, or why nothing did. */
export async function action({ request, params }: ActionFunctionArgs) {
  const { db, t, scope } = await requireStaff(request);
  const id = orderIdFrom(params.id);
  if (id === null) throw new Response("Not Found", { status: 404 });
  const back = `/shop-console/returns/${id}`;
  const submission = parseWithZod(await readForm(request), { schema: returnDecisionSchema });
  if (submission.status !== "success") return redirectWithToast(request, back, { kind: "error", message: "returns:errors.notAllowed" });
  try {
    const status = await decideReturn(db, scope, id, submission.value.intent, submission.value.note ?? null);
    return redirectWithToast(request, back, { kind: "success", message: "returns:decide.done", values: { id, status: t(`returns:status.${returnTabOf(status)}`) } });
  } catch (error) {
    if (error instanceof ReturnNotFoundError) throw new Response("Not Found", { status: 404 });
    if (error instanceof DomainError) return redirectWithToast(request, back, { kind: "error", message: error.message });
    throw error;
  }
}

export default function ConsoleReturn() {
  const { ret, locale } = useLoaderData<typeof loader>();
  const { t } = useTranslation("returns");
  const buttons = ret.decisions.filter((decision) => decision !== "reject");
  return (
    <section aria-labelledby="return-title" className="rounded-lg border border-slate-200 bg-white p-6">
      <Link to="/shop-console/returns" className="text-sm font-semibold text-primary-700 hover:underline">{t("details.consoleBack")}</Link>
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <h1 id="return-title" className="text-2xl font-bold">{t("details.title", { id: ret.id })}</h1>
        <ReturnStatusBadge status={ret.status} />
      </div>
      <p className="mt-2 text-sm">{t("details.customer")}: <bdi>{ret.customer_name}</bdi></p>
      {ret.decisions.length ? (
        <div className="mt-5 flex flex-wrap items-end gap-6 rounded-md border border-slate-200 p-4">
          {buttons.map((decision) => (
            <Form key={decision} method="post">
              <button type="submit" name="intent" value={decision} className={decision === "refund" || decision === "approve" ? "btn-primary" : "btn-secondary"}>
                {t(`decide.${decision}`)}
              </button>
            </Form>
          ))}
          {ret.decisions.includes("reject") ? (
            <Form method="post" className="min-w-64 flex-1">
              <label htmlFor="reject-note" className="block text-sm font-semibold">{t("decide.note")}</label>
              <p id="reject-note-hint" className="text-sm text-slate-600">{t("decide.noteHint")}</p>
              <textarea id="reject-note" name="note" rows={2} aria-describedby="reject-note-hint" className={`${inputClass} mt-1`} />
              <button type="submit" name="intent" value="reject" className="btn-secondary mt-2 text-red-700">{t("decide.reject")}</button>
            </Form>
          ) : null}
        </div>
      ) : (
        <p className="mt-4 text-sm text-slate-700">{t("decide.final")}</p>
      )}
      <ReturnDetailsView ret={ret} locale={locale} />
    </section>
  );
}
