import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useTranslation } from "~/lib/translation";
import { ErrorPage } from "~/components/error-page";
import { shopContext } from "~/lib/context.server";
import { pageTitle } from "~/lib/seo";

/**
 * Where server.js sends a form posted from another site (a forged request), as a GET: the forged form's data
 * is never read, and this page explains the refusal with status 403.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { t } = await shopContext(request);
  return data({ title: t("refused.title") }, { status: 403, headers: { "Cache-Control": "private, no-store" } });
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(matches, data?.title);

export default function Refused() {
  const { t } = useTranslation();
  return <ErrorPage status={403} title={t("refused.title")} text={t("refused.text")} action={t("notFound.home")} />;
}
