import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useTranslation } from "~/lib/translation";
import { ErrorPage } from "~/components/error-page";
import { shopContext } from "~/lib/context.server";
import { pageTitle } from "~/lib/seo";

/** Every unknown path: the bare layout with status 404. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { t } = await shopContext(request);
  return data({ title: t("meta.notFound") }, { status: 404 });
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(matches, data?.title);

export default function NotFound() {
  const { t } = useTranslation();
  return <ErrorPage status={404} title={t("notFound.title")} text={t("notFound.text")} action={t("notFound.home")} />;
}

/** POSTs to unknown paths answer 404 too (not 405). */
export function action() {
  throw new Response("Not Found", { status: 404 });
}
