import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "~/lib/translation";
import { fieldsetProps, textareaProps } from "~/components/form-controls";
import { Field, FormError, inputClass } from "~/components/form-field";
import { REVIEW_TEXT_MAX, reviewSchema, type ReviewInput } from "~/modules/catalog/review.schema";

/** What the review form shows of the item. */
export interface ReviewItemData {
  order_id: number;
  item_id: number;
  name: string;
  thumbnail: string | null;
  /** The order is Delivered and the item not reviewed yet. */
  canReview: boolean;
  reviewed: boolean;
}

/**
 * Write a Review: 1 to 5 stars (radio buttons, each with its number in words) and an optional text. The same form on
 * the /order-history/{id}/review/{itemId} page and in its dialog; `back` is how the shopper leaves.
 */
export function ReviewForm({
  item,
  FormComponent = Form,
  lastResult,
  busy = false,
  titleId,
  Heading = "h1",
  back,
}: {
  item: ReviewItemData;
  FormComponent?: typeof Form;
  lastResult?: SubmissionResult<string[]> | null;
  busy?: boolean;
  titleId: string;
  Heading?: "h1" | "h2";
  back: ReactNode;
}) {
  const { t } = useTranslation("orders");
  const [form, fields] = useForm<ReviewInput>({
    id: `review-${item.item_id}`,
    lastResult,
    constraint: getZodConstraint(reviewSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: reviewSchema }),
  });
  const ratingError = fields.rating.errors?.[0];
  return (
    <div>
      <Heading id={titleId} className="text-2xl font-bold">{t("review.title")}</Heading>
      <div className="mt-3 flex items-center gap-3">
        {item.thumbnail ? <img src={item.thumbnail} alt="" width={48} height={48} className="h-12 w-12 rounded border border-slate-200 object-cover" /> : null}
        <p className="font-semibold">{item.name}</p>
      </div>
      {item.canReview ? (
        <FormComponent method="post" action={`/order-history/${item.order_id}/review/${item.item_id}`} {...getFormProps(form)} className="mt-5 space-y-4">
          <FormError errors={form.errors} id={form.errorId} />
          <fieldset {...fieldsetProps(fields.rating)}>
            <legend className="text-sm font-semibold text-slate-900">{t("review.rating")}</legend>
            <div className="mt-2 flex flex-wrap gap-2">
              {[1, 2, 3, 4, 5].map((stars) => (
                <label key={stars} className="flex cursor-pointer items-center gap-2 rounded-md border border-slate-300 px-3 py-2 has-[:checked]:border-primary has-[:checked]:bg-primary-50">
                  <input
                    type="radio"
                    name={fields.rating.name}
                    value={stars}
                    defaultChecked={fields.rating.initialValue === String(stars)}
                    aria-invalid={ratingError ? true : undefined}
                    aria-describedby={ratingError ? fields.rating.errorId : undefined}
                  />
                  <span>{t("review.stars", { count: stars })}</span>
                </label>
              ))}
            </div>
            {ratingError ? <p id={fields.rating.errorId} className="mt-1 text-sm font-medium text-red-700">{t(ratingError)}</p> : null}
          </fieldset>
          <Field label={t("review.text")} field={fields.description} hint={t("review.textHint", { count: REVIEW_TEXT_MAX })}>
            <textarea {...textareaProps(fields.description)} rows={4} className={inputClass} />
          </Field>
          <div className="flex flex-wrap gap-3">
            <button type="submit" name="intent" value="review" className="btn-primary" disabled={busy}>{t("review.submit")}</button>
            {back}
          </div>
        </FormComponent>
      ) : (
        <>
          <p className="mt-4 text-slate-800">{item.reviewed ? t("review.errors.already") : t("review.errors.notDelivered")}</p>
          <div className="mt-4">{back}</div>
        </>
      )}
    </div>
  );
}
