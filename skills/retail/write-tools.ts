/**
 * The retail store's writes as Skillflow actions, over one store, and its hand-off to a human agent.
 * Each runs the store's own function (the benchmark's behaviour, to the value) after the policy's
 * guards, and answers the changed order or user. Anything refused — by the benchmark's checks or by the policy's guards — throws `ToolRejected`
 * with the reason, and nothing has changed (every check runs before the first change). A retry with the
 * same idempotency key answers what the first call did, and changes nothing again. Each write's `card`
 * is its line on a confirmation card, in words, showing every input.
 */
import { z } from "zod";
import { action, handoff, ToolRejected, type ToolDefinition } from "@skillflow/core";
import { exchangeDeliveredOrderItems, returnDeliveredOrderItems } from "./store/delivered-orders.js";
import { CANCEL_REASONS, addressSchema, orderSchema, userSchema } from "./store/model.js";
import { modifyPendingOrderItems } from "./store/modify-items.js";
import { modifyUserAddress } from "./store/modify-user-address.js";
import { cancelPendingOrder, modifyPendingOrderAddress, modifyPendingOrderPayment } from "./store/pending-orders.js";
import { differentItems, ownOrder, stillPending } from "./store/policy-guards.js";
import { transferToHumanAgents } from "./store/read-tools.js";
import { isRetailError } from "./store/retail-error.js";
import { once, type RetailStore } from "./store/retail-store.js";
import { itemIdsOfLines } from "./tool-views.js";
import type { RetailDb } from "./store/model.js";

const userId = z.string().describe("the authenticated user's id");
const orderId = z.string().describe("the order id, such as #W0000000 (with the #)");
const paymentMethodId = z.string().describe("one of the user's payment method ids, such as gift_card_0000000");
const itemIds = z.array(z.string()).describe("the item ids, one per line of the order (an item held twice may be named twice)");
const lineIds = z.array(z.string()).describe("the items, one per line of the order: an item id, or a line id of get_order_details (an item held twice is named twice, or by its line: 1234567890#2)");
const newItemIds = z.array(z.string()).describe("the new item ids, in the same order: each a variant of the same product");
const address = addressSchema.shape;

type Write<I, O> = (db: RetailDb, input: I) => O;

export function writeTools(store: () => RetailStore): ToolDefinition[] {
  /** Run a write once per key; the store's refusals become ToolRejected (nothing was done). */
  const guarded = <I, O>(write: Write<I, O>) => (input: I, { idempotencyKey }: { idempotencyKey: string }): O => {
    const current = store();
    try {
      return once(current, idempotencyKey, () => structuredClone(write(current.db, input)));
    } catch (error) {
      if (isRetailError(error)) throw new ToolRejected(error.message);
      throw error;
    }
  };
  return [
    action({
      name: "cancel_pending_order",
      card: "Cancel order {order_id} (reason: {reason}) and refund every payment, on account {user_id}",
      description: "Cancel a pending order for one of the two reasons the policy allows; every payment is refunded (a gift card at once).",
      input: z.object({ user_id: userId, order_id: orderId, reason: z.enum(CANCEL_REASONS).describe("why the order is cancelled") }),
      output: orderSchema,
    }, guarded((db, i) => cancelPendingOrder(db, ownOrder(db, i.user_id, i.order_id).order_id, i.reason))),
    action({
      name: "modify_pending_order_address",
      card: "Ship order {order_id} to {address1}{address2 == \"\" ? \"\" : \", \" + address2}, {city}, {state} {zip}, {country} instead, on account {user_id}",
      description: "Change the shipping address of a pending order.",
      input: z.object({ user_id: userId, order_id: orderId, ...address }),
      output: orderSchema,
    }, guarded((db, i) => {
      stillPending(ownOrder(db, i.user_id, i.order_id));
      return modifyPendingOrderAddress(db, i.order_id, i);
    })),
    action({
      name: "modify_pending_order_payment",
      card: "Pay order {order_id} with {payment_method_id} instead, refunding the old payment, on account {user_id}",
      description: "Pay a pending order with another of the user's payment methods; the old one is refunded.",
      input: z.object({ user_id: userId, order_id: orderId, payment_method_id: paymentMethodId }),
      output: orderSchema,
    }, guarded((db, i) => {
      stillPending(ownOrder(db, i.user_id, i.order_id));
      return modifyPendingOrderPayment(db, i.order_id, i.payment_method_id);
    })),
    action({
      name: "modify_pending_order_items",
      card: "Change items {item_ids} of order {order_id} to {new_item_ids}, paying any difference with {payment_method_id}, on account {user_id}",
      description: "Change items of a pending order to other available options of the same products, all in one call (it can be done once).",
      input: z.object({ user_id: userId, order_id: orderId, item_ids: itemIds, new_item_ids: newItemIds, payment_method_id: paymentMethodId }),
      output: orderSchema,
    }, guarded((db, i) => {
      ownOrder(db, i.user_id, i.order_id);
      return modifyPendingOrderItems(db, i.order_id, i.item_ids, i.new_item_ids, i.payment_method_id);
    })),
    action({
      name: "exchange_delivered_order_items",
      card: "Exchange items {item_ids} of order {order_id} for {new_item_ids}, settling any difference with {payment_method_id}, on account {user_id}",
      description: "Request an exchange of delivered items for other available options of the same products, all in one call (it can be done once).",
      input: z.object({ user_id: userId, order_id: orderId, item_ids: itemIds, new_item_ids: newItemIds, payment_method_id: paymentMethodId }),
      output: orderSchema,
    }, guarded((db, i) => {
      ownOrder(db, i.user_id, i.order_id);
      differentItems(i.item_ids, i.new_item_ids);
      return exchangeDeliveredOrderItems(db, i.order_id, i.item_ids, i.new_item_ids, i.payment_method_id);
    })),
    action({
      name: "return_delivered_order_items",
      card: "Return items {item_ids} of order {order_id}, refunded to {payment_method_id}, on account {user_id}",
      description: "Request a return of delivered items, refunded to the original payment method or one of the user's gift cards.",
      input: z.object({ user_id: userId, order_id: orderId, item_ids: lineIds, payment_method_id: paymentMethodId }),
      output: orderSchema,
    }, guarded((db, i) => {
      ownOrder(db, i.user_id, i.order_id);
      return returnDeliveredOrderItems(db, i.order_id, itemIdsOfLines(i.item_ids), i.payment_method_id);
    })),
    action({
      name: "modify_user_address",
      card: "Change the default address of account {user_id} to {address1}{address2 == \"\" ? \"\" : \", \" + address2}, {city}, {state} {zip}, {country}",
      description: "Change the user's default address (their orders keep their own).",
      input: z.object({ user_id: userId, ...address }),
      output: userSchema,
    }, guarded((db, i) => modifyUserAddress(db, i.user_id, i))),
    handoff({
      name: "transfer_to_human_agents",
      description: "Hand the conversation to a human agent, with a summary of what the user needs.",
      input: z.object({ summary: z.string().describe("what the user needs, for the human agent") }),
      output: z.object({ message: z.string().describe("the store's answer: Transfer successful") }),
    }, guarded((_db, i) => ({ message: transferToHumanAgents(i.summary) }))),
  ];
}
