/**
 * Writes on a delivered order, as the benchmark's tools make them: request an exchange of some items for
 * other variants of the same products, or request a return of some items. Both need the status to be
 * exactly `delivered` and change it (`exchange requested`, `return requested`), so each can happen once;
 * item lists may repeat an item the order holds twice, and are stored sorted. Each checks everything
 * first and throws `RetailError` (changing nothing).
 */
import type { Order, RetailDb } from "./model.js";
import { getOrder, getPaymentMethod, getUser, getVariant, missingItem } from "./find.js";
import { comparePoints, roundCents } from "./py-compat.js";
import { RetailError } from "./retail-error.js";

/**
 * Exchange items for available variants of the same products. The price difference (new − old, summed)
 * is rounded to cents and recorded with the method that pays or receives it; a gift card must hold it.
 * Nothing is charged or refunded yet.
 */
export function exchangeDeliveredOrderItems(
  db: RetailDb, orderId: string, itemIds: readonly string[], newItemIds: readonly string[], paymentMethodId: string,
): Order {
  const order = getOrder(db, orderId);
  if (order.status !== "delivered") throw new RetailError("Non-delivered order cannot be exchanged");
  const missing = missingItem(order, itemIds);
  if (missing !== undefined) throw new RetailError(`Number of ${missing} not found.`);
  if (itemIds.length !== newItemIds.length) throw new RetailError("The number of items to be exchanged should match.");
  let difference = 0;
  itemIds.forEach((itemId, i) => {
    const newItemId = newItemIds[i]!;
    const item = order.items.find((line) => line.item_id === itemId);
    if (!item) throw new RetailError(`Item ${itemId} not found`);
    const variant = getVariant(db, item.product_id, newItemId);
    if (!variant.available) throw new RetailError(`New item ${newItemId} not found or available`);
    difference += variant.price - item.price;
  });
  difference = roundCents(difference);
  const method = getPaymentMethod(db, order.user_id, paymentMethodId);
  if (method.source === "gift_card" && method.balance < difference) {
    throw new RetailError("Insufficient gift card balance to pay for the price difference");
  }
  order.status = "exchange requested";
  order.exchange_items = [...itemIds].sort(comparePoints);
  order.exchange_new_items = [...newItemIds].sort(comparePoints);
  order.exchange_payment_method_id = paymentMethodId;
  order.exchange_price_difference = difference;
  return order;
}

/** Return items; the refund goes to the order's original payment method or to one of the user's gift cards. */
export function returnDeliveredOrderItems(db: RetailDb, orderId: string, itemIds: readonly string[], paymentMethodId: string): Order {
  const order = getOrder(db, orderId);
  if (order.status !== "delivered") throw new RetailError("Non-delivered order cannot be returned");
  const user = getUser(db, order.user_id);
  const method = getPaymentMethod(db, user.user_id, paymentMethodId);
  if (method.source !== "gift_card" && paymentMethodId !== order.payment_history[0]?.payment_method_id) {
    throw new RetailError("Payment method should be the original payment method");
  }
  if (missingItem(order, itemIds) !== undefined) throw new RetailError("Some item not found");
  order.status = "return requested";
  order.return_items = [...itemIds].sort(comparePoints);
  order.return_payment_method_id = paymentMethodId;
  return order;
}
