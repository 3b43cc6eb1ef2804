import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Link } from "~/components/link";
import { ReviewForm, type ReviewItemData } from "~/components/orders/review-form";
import { requireUser } from "~/lib/auth.server";
import { DomainError } from "~/lib/domain-error";
import { pageTitle } from "~/lib/seo";
import { redirectWithToast } from "~/lib/session.server";
import { useTranslation } from "~/lib/translation";
import { reviewSchema } from "~/modules/catalog/review.schema";
import { findReviewableItem, ReviewItemNotFoundError, writeReview } from "~/modules/catalog/reviews.server";
import { orderIdFrom } from "~/modules/orders/orders.server";
import { readForm } from "~/lib/forms.server";

export const handle = { i18n: ["orders"] };

function idsFrom(params: { id?: string; itemId?: string }) {
  const orderId = orderIdFrom(params.id);
  const itemId = orderIdFrom(params.itemId);
  if (orderId === null || itemId === null) throw new Response("Not Found", { status: 404 });
  return { orderId, itemId };
}

/** Write a Review as a page (the order page's dialog without JavaScript); another shopper's item is Page Not Found. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { db, user, t } = await requireUser(request);
  const { orderId, itemId } = idsFrom(params);
  const found = await findReviewableItem(db, user.id, orderId, itemId);
  if (!found) throw new Response("Not Found", { status: 404 });
  const item: ReviewItemData = {
    order_id: found.order_id,
    item_id: found.item_id,
    name: found.name,
    thumbnail: found.thumbnail,
    canReview: found.delivered && !found.reviewed,
    reviewed: found.reviewed,
  };
  return { title: t("orders:review.title"), item };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(matches, data?.title);

/** Saves the review and goes back to the order with a toast; bad input stays on the form with the reason. */
export async function action({ request, params }: ActionFunctionArgs) {
  const { db, user } = await requireUser(request);
  const { orderId, itemId } = idsFrom(params);
  // Another shopper's item is not found, whatever the form holds (so the answer does not depend on it).
  if (!(await findReviewableItem(db, user.id, orderId, itemId))) throw new Response("Not Found", { status: 404 });
  const submission = parseWithZod(await readForm(request), { schema: reviewSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  try {
    await writeReview(db, user, orderId, itemId, submission.value);
  } catch (error) {
    if (error instanceof ReviewItemNotFoundError) throw new Response("Not Found", { status: 404 });
    if (error instanceof DomainError) return data(submission.reply({ formErrors: [error.message] }), { status: 400 });
    throw error;
  }
  return redirectWithToast(request, `/order-history/${orderId}`, { kind: "success", message: "orders:review.done" });
}

export default function ReviewPage() {
  const { item } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const navigation = useNavigation();
  const { t } = useTranslation("orders");
  return (
    <section aria-labelledby="review-title" className="mx-auto max-w-lg rounded-lg border border-slate-200 bg-white p-6">
      <ReviewForm
        item={item}
        lastResult={lastResult}
        busy={navigation.state === "submitting"}
        titleId="review-title"
        back={<Link to={`/order-history/${item.order_id}`} className="btn-secondary">{t("review.back")}</Link>}
      />
    </section>
  );
}
