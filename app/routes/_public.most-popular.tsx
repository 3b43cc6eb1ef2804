import type { LoaderFunctionArgs } from "@remix-run/node";
import { CuratedListPage, curatedListMeta } from "~/components/curated-list-page";
import { shopContext } from "~/lib/context.server";
import { loadCuratedList } from "~/modules/catalog/curated-lists.server";

export const handle = { i18n: ["catalog"] };

/** The most viewed products, best sellers first among equals. */
export async function loader({ request }: LoaderFunctionArgs) {
  return loadCuratedList(await shopContext(request), request, "mostPopular");
}

export const meta = curatedListMeta;

export default CuratedListPage;
