import { z } from "zod";
import { NOTE_MAX_LENGTH } from "./limits";

const error = (key: string) => `checkout:errors.${key}`;

/** The coupon box (spec: coupon_code). */
export const couponSchema = z.object({
  coupon_code: z.string({ required_error: "checkout:coupon.required" }).trim().min(1, "checkout:coupon.required").max(64, "checkout:coupon.invalid"),
});

/**
 * Place Order (not-shown facts: address_id, payment_method, note; is_buy_now is the page itself). Shops, prices and
 * amounts are not fields: they are read from the cart on the server. The address may be left out when only digital
 * products are bought; placeOrder decides.
 */
export const placeOrderSchema = z.object({
  token: z.string({ required_error: error("expiredForm") }).trim(),
  address_id: z.coerce.number({ required_error: error("addressRequired"), invalid_type_error: error("addressRequired") }).int().positive(error("addressRequired")).optional(),
  payment_method: z.string({ required_error: error("paymentMethodRequired") }).trim().min(1, error("paymentMethodRequired")).max(40, error("paymentMethod")),
  note: z.string().trim().max(NOTE_MAX_LENGTH, error("noteTooLong")).optional().default(""),
});
