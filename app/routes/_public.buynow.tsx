import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { CheckoutPage } from "~/components/checkout/checkout-page";
import { pageTitle } from "~/lib/seo";
import { checkoutPageAction, checkoutPageData } from "~/modules/checkout/checkout-page.server";

export const handle = { i18n: ["checkout", "cart"] };

export const loader = ({ request }: LoaderFunctionArgs) => checkoutPageData(request, "buynow");

export const action = ({ request }: ActionFunctionArgs) => checkoutPageAction(request, "buynow");

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(matches, data?.title);

export default CheckoutPage;
