/**
 * order-refund's tools: three lookups (a customer's orders, one order with its items, the refund for
 * one item) and two writes (a return label for an item, the refund itself). In-memory fakes over
 * data.ts; `calls`, `effects`, `effectsPerKey` and `resetCalls` let tests see what the writes did.
 */
import { z } from "zod";
import { action, lookup } from "@skillflow/core";
import { isReturnable, orderById, ordersOf, refundFor } from "./data.js";
import { recordWrite, referenceFor } from "./write-log.js";

export { calls, effects, effectsPerKey, resetCalls } from "./write-log.js";
export type { WriteCall } from "./write-log.js";

const orderId = z.string().describe("the order number");
const item = z.object({
  id: z.string().describe("item code"),
  name: z.string().describe("item"),
  price: z.number().describe("price paid in EUR"),
}).describe("the item being returned");
const reason = z.enum(["damaged", "wrong_item", "changed_mind", "keep"]).describe("why the item goes back");
const method = z.enum(["card", "store_credit"]).describe("how the money comes back");
const amount = z.number().describe("the refund in EUR");

const listOrders = lookup({
  name: "list_orders",
  description: "The orders placed with an email address.",
  input: z.object({ email: z.string().describe("the customer's email address") }),
  output: z.object({
    orders: z.array(z.object({
      id: orderId,
      placed: z.string().describe("order date"),
      delivered: z.string().describe("delivery date"),
      total: z.number().describe("order total in EUR"),
    })).describe("the customer's orders"),
  }),
}, ({ email }) => ({
  orders: ordersOf(email).map((o) => ({
    id: o.id, placed: o.placed, delivered: o.delivered, total: o.items.reduce((sum, i) => sum + i.price, 0),
  })),
}));

const findOrder = lookup({
  name: "find_order",
  description: "One order: its items and whether it can still be returned (30 days from delivery).",
  input: z.object({ order_id: orderId }),
  output: z.object({
    returnable: z.boolean().describe("whether the order is within the 30-day return window"),
    delivered: z.string().describe("the delivery date"),
    items: z.array(item).describe("the items in the order"),
  }),
}, ({ order_id }, { now }) => {
  const order = orderById(order_id);
  if (!order) return { returnable: false, delivered: "", items: [] };
  return { returnable: isReturnable(order.delivered, now), delivered: order.delivered, items: order.items };
});

const quoteItemRefund = lookup({
  name: "quote_item_refund",
  description: "What one returned item refunds: the full price, less 10% for a change of mind refunded to a card.",
  input: z.object({ order_id: orderId, item, return_reason: reason, refund_method: method }),
  output: z.object({
    amount: z.number().describe("the refund for this item in EUR"),
    restocking_fee: z.number().describe("the restocking fee kept in EUR"),
  }),
}, ({ item, return_reason, refund_method }) => refundFor(item.price, return_reason, refund_method));

const createReturn = action({
  name: "create_return",
  card: "Open a return on order {order_id} and email you a prepaid label",
  description: "Open a return for one item and email the customer a prepaid label.",
  input: z.object({ order_id: orderId, item }),
  output: z.object({ return_label: z.string().describe("the return label number") }),
}, (input, { idempotencyKey }) =>
  recordWrite("create_return", idempotencyKey, input, () => ({ return_label: referenceFor("RL", idempotencyKey) })));

const issueRefund = action({
  name: "issue_refund",
  card: 'Refund {money(amount, "EUR")} for order {order_id} {refund_method == "card" ? "to your card" : "as store credit"}',
  description: "Refund one item, to the card or as store credit.",
  input: z.object({ order_id: orderId, item, amount, refund_method: method }),
  output: z.object({ refund_id: z.string().describe("the refund number") }),
}, (input, { idempotencyKey }) =>
  recordWrite("issue_refund", idempotencyKey, input, () => ({ refund_id: referenceFor("RF", idempotencyKey) })));

export default [listOrders, findOrder, quoteItemRefund, createReturn, issueRefund];
