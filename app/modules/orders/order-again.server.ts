import type { Db } from "~/lib/db.server";
import { DomainError } from "~/lib/domain-error";
import { addToCart } from "~/modules/cart/cart.server";
import { checkCartChoice, findProductDetails } from "~/modules/catalog/product-details.server";
import { OrderNotFoundError } from "./order-errors";

export interface OrderAgainResult {
  /** Lines put in the cart. */
  added: number;
  /** Names of the items that could not be: the product or its option is gone, or there is not enough stock. */
  unavailable: string[];
}

/**
 * Order Again on a Delivered order: each item goes in the cart with its options and quantity, at today's price and
 * within today's stock, through the same checks as Add to Cart. What cannot be added is named, never dropped silently.
 */
export async function orderAgain(db: Db, userId: number, orderId: number): Promise<OrderAgainResult> {
  const order = await db.selectFrom("orders").select("status").where("id", "=", orderId).where("user_id", "=", userId).executeTakeFirst();
  if (!order) throw new OrderNotFoundError();
  if (order.status !== "Delivered") throw new DomainError("orders:again.notDelivered");
  const items = await db
    .selectFrom("order_items")
    .select(["product_id", "name", "color_name", "size_name", "unit_name", "quantity"])
    .where("order_id", "=", orderId)
    .orderBy("id")
    .execute();

  const result: OrderAgainResult = { added: 0, unavailable: [] };
  for (const item of items) {
    const product = await findProductDetails(db, item.product_id);
    // The options were kept by name (the order's copy); today's product must still offer each of them. A kind the
    // product offers no choice of (its own unit) is no choice to make.
    const optionId = (options: { id: number; name: string }[] | undefined, name: string | null) =>
      name === null || !options?.length ? null : (options.find((option) => option.name === name)?.id ?? -1);
    const options = { color: optionId(product?.colors, item.color_name), size: optionId(product?.sizes, item.size_name), unit: optionId(product?.units, item.unit_name) };
    // Checked as the Add to Cart form would send it.
    const form = {
      product_id: String(item.product_id),
      quantity: String(item.quantity),
      ...Object.fromEntries(Object.entries(options).map(([kind, id]) => [kind, id === null ? "" : String(id)])),
    };
    const checked = product && !Object.values(options).includes(-1) ? await checkCartChoice(db, form) : null;
    if (!checked?.ok) {
      result.unavailable.push(item.name);
      continue;
    }
    try {
      await addToCart(db, userId, checked.choice, checked.product);
      result.added += 1;
    } catch (error) {
      // More in the cart already than the stock allows with this item.
      if (!(error instanceof DomainError)) throw error;
      result.unavailable.push(item.name);
    }
  }
  return result;
}
