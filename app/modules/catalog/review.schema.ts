import { z } from "zod";

export const REVIEW_TEXT_MAX = 1000;

/** Write a Review: 1 to 5 stars and an optional text. Messages are locale keys. */
export const reviewSchema = z.object({
  rating: z.preprocess(
    (value) => (value === undefined || value === "" ? undefined : Number(value)),
    z.number({ required_error: "orders:review.errors.rating", invalid_type_error: "orders:review.errors.rating" })
      .int("orders:review.errors.rating")
      .min(1, "orders:review.errors.rating")
      .max(5, "orders:review.errors.rating"),
  ),
  description: z.string().trim().max(REVIEW_TEXT_MAX, "orders:review.errors.tooLong").optional().default(""),
});

export type ReviewInput = z.infer<typeof reviewSchema>;
