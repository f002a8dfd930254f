/**
 * Writes on a pending order, as the benchmark's tools make them: cancel it, change its shipping address,
 * change its payment method. Each checks everything first and throws `RetailError` (changing nothing),
 * then changes the order in `db` and returns it. Gift-card balances are rounded to cents after each
 * change, as Python's `round(balance, 2)` rounds them.
 */
import type { Address, Order, Payment, RetailDb } from "./model.js";
import { CANCEL_REASONS } from "./model.js";
import { getOrder, getPaymentMethod, getUser } from "./find.js";
import { roundCents } from "./py-compat.js";
import { RetailError } from "./retail-error.js";

/**
 * Cancel an order whose status is exactly `pending`, for one of the two reasons the policy allows. Every
 * entry of the payment history, refunds included, gets a refund of its amount to its method; a gift card
 * gets each amount back on its balance at once.
 */
export function cancelPendingOrder(db: RetailDb, orderId: string, reason: string): Order {
  const order = getOrder(db, orderId);
  if (order.status !== "pending") throw new RetailError("Non-pending order cannot be cancelled");
  const allowed = CANCEL_REASONS.find((r) => r === reason);
  if (!allowed) throw new RetailError("Invalid reason");
  const user = getUser(db, order.user_id);
  const methods = order.payment_history.map((payment) => getPaymentMethod(db, user.user_id, payment.payment_method_id));
  const refunds: Payment[] = order.payment_history.map((payment, i) => {
    const method = methods[i]!;
    if (method.source === "gift_card") method.balance = roundCents(method.balance + payment.amount);
    return { transaction_type: "refund", amount: payment.amount, payment_method_id: payment.payment_method_id };
  });
  order.status = "cancelled";
  order.cancel_reason = allowed;
  order.payment_history.push(...refunds);
  return order;
}

/** Set the shipping address of an order whose status says pending (`pending (item modified)` too). */
export function modifyPendingOrderAddress(db: RetailDb, orderId: string, address: Address): Order {
  const order = getOrder(db, orderId);
  if (!order.status.includes("pending")) throw new RetailError("Non-pending order cannot be modified");
  order.address = newAddress(address);
  return order;
}

/**
 * Pay an order whose status says pending with another of the user's methods: the history must hold
 * exactly one payment; the new method is charged the amount and the old one refunded it (both entries
 * appended, the payment first). A gift card charged must hold the amount.
 */
export function modifyPendingOrderPayment(db: RetailDb, orderId: string, paymentMethodId: string): Order {
  const order = getOrder(db, orderId);
  if (!order.status.includes("pending")) throw new RetailError("Non-pending order cannot be modified");
  const method = getPaymentMethod(db, order.user_id, paymentMethodId);
  const [first, ...others] = order.payment_history;
  if (!first || others.length > 0 || first.transaction_type !== "payment") {
    throw new RetailError("There should be exactly one payment for a pending order");
  }
  if (first.payment_method_id === paymentMethodId) throw new RetailError("The new payment method should be different from the current one");
  const amount = first.amount;
  if (method.source === "gift_card" && method.balance < amount) throw new RetailError("Insufficient gift card balance to pay for the order");
  const old = getPaymentMethod(db, order.user_id, first.payment_method_id);
  order.payment_history.push(
    { transaction_type: "payment", amount, payment_method_id: paymentMethodId },
    { transaction_type: "refund", amount, payment_method_id: first.payment_method_id },
  );
  if (method.source === "gift_card") method.balance = roundCents(method.balance - amount);
  if (old.source === "gift_card") old.balance = roundCents(old.balance + amount);
  return order;
}

/** An address with exactly the six fields, in db.json's order. */
export function newAddress(address: Address): Address {
  const { address1, address2, city, country, state, zip } = address;
  return { address1, address2, city, country, state, zip };
}
