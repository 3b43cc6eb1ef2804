import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/lib/translation";
import { requireUser } from "~/lib/auth.server";
import { pageTitle } from "~/lib/seo";

export async function loader({ request }: LoaderFunctionArgs) {
  const { user, t } = await requireUser(request);
  return { title: t("meta.dashboard"), name: user.name };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(matches, data?.title);

export default function Dashboard() {
  const { name } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <section className="rounded-lg border border-slate-200 bg-white p-6">
      <h1 className="text-2xl font-bold">{t("account.dashboard.welcome", { name })}</h1>
      <p className="mt-2 text-slate-600">{t("account.dashboard.intro")}</p>
    </section>
  );
}
