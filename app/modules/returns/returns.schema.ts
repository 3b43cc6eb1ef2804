import { z } from "zod";

const text = (min: number, max: number, message: string) =>
  z.string({ required_error: message }).trim().min(min, message).max(max, "returns:errors.tooLong");

/** Return Product's fields besides the quantities (`quantity_{itemId}`, read by `quantitiesFrom`). Messages are locale keys. */
export const returnRequestSchema = z.object({
  reason: text(5, 1000, "returns:errors.reason"),
  return_address: text(5, 500, "returns:errors.address"),
  bank_name: text(2, 100, "returns:errors.bankName"),
  bank_account_number: z
    .string({ required_error: "returns:errors.account" })
    .trim()
    .regex(/^[A-Za-z0-9][A-Za-z0-9 -]{2,38}[A-Za-z0-9]$/, "returns:errors.account"),
});

/** The quantity chosen for each item (`quantity_{itemId}` fields); anything not a whole number counts as too many. */
export function quantitiesFrom(form: FormData): Record<number, number> {
  const quantities: Record<number, number> = {};
  for (const [name, value] of form) {
    const id = /^quantity_(\d{1,9})$/.exec(name)?.[1];
    if (!id || typeof value !== "string" || value.trim() === "") continue;
    quantities[Number(id)] = /^\d{1,4}$/.test(value.trim()) ? Number(value.trim()) : Number.NaN;
  }
  return quantities;
}

/** The shop's decision: the button pressed, and the note (required to reject). */
export const returnDecisionSchema = z.object({
  intent: z.enum(["approve", "damaged", "mismatch", "reject", "refund"]),
  note: z.string().trim().max(1000, "returns:errors.tooLong").optional(),
});
