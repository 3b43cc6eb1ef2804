import type { LoaderFunctionArgs } from "@remix-run/node";
import { CuratedListPage, curatedListMeta } from "~/components/curated-list-page";
import { shopContext } from "~/lib/context.server";
import { loadCuratedList } from "~/modules/catalog/curated-lists.server";

// Its loader reads nothing of the signed-in shopper's: signed-in shoppers may get it kept (ADR 0029).
export const handle = { i18n: ["catalog"], keptForShoppers: true };

/** Digital products: software, e-books and media delivered instantly. */
export async function loader({ request }: LoaderFunctionArgs) {
  return loadCuratedList(await shopContext(request), request, "digital");
}

export const meta = curatedListMeta;

export default CuratedListPage;
