/**
 * agent-refund's tools: three lookups (the customer by email, their last order, the line of that order a
 * description names) and one write (the refund of that line). In-process fakes over data.ts. A lookup
 * that cannot answer says so in its output (`ok: false` with an `error`) instead of throwing, so the skill
 * branches on the failure as data. `calls`, `effects` and `resetCalls` let tests see what the write did.
 */
import { z } from "zod";
import { action, lookup } from "@skillflow/core";
import { customers, lastOrderOf, matchLine, ORDERS_DOWN, orders } from "./data.js";
import { recordWrite, referenceFor } from "./write-log.js";

export { calls, effects, effectsPerKey, resetCalls } from "./write-log.js";
export type { WriteCall } from "./write-log.js";

const error = z.string().describe("why it did not, in words for the customer (empty when it did)");
const orderId = z.string().describe("the order number");

const findCustomer = lookup({
  name: "find_customer",
  description: "The customer with an email address.",
  input: z.object({ email: z.string().describe("the customer's email address") }),
  output: z.object({ ok: z.boolean().describe("an account has that email"), error, customer_id: z.string().describe("the customer number"), name: z.string().describe("the customer's first name") }),
}, ({ email }) => {
  const found = customers[email.trim().toLowerCase()];
  return found
    ? { ok: true, error: "", customer_id: found.id, name: found.name }
    : { ok: false, error: `there is no account for ${email}`, customer_id: "", name: "" };
});

const findLastOrder = lookup({
  name: "find_last_order",
  description: "A customer's most recent order and its lines; the order service may be down.",
  input: z.object({ customer_id: z.string().describe("the customer number") }),
  output: z.object({
    ok: z.boolean().describe("the last order could be read"), error, order_id: orderId,
    placed: z.string().describe("the order date"),
    lines: z.array(z.object({ id: z.string().describe("line code"), name: z.string().describe("item"), price: z.number().describe("price paid in EUR") })).describe("the order's lines"),
  }),
}, ({ customer_id }) => {
  if (ORDERS_DOWN.has(customer_id)) return { ok: false, error: "the order service is not answering", order_id: "", placed: "", lines: [] };
  const order = lastOrderOf(customer_id);
  if (!order) return { ok: false, error: "you have no orders yet", order_id: "", placed: "", lines: [] };
  return { ok: true, error: "", order_id: order.id, placed: order.placed, lines: order.lines.map(({ id, name, price }) => ({ id, name, price })) };
});

const matchOrderLine = lookup({
  name: "match_line",
  description: "The one line of an order that the customer's description of an item names.",
  input: z.object({ order_id: orderId, item_description: z.string().describe("the customer's words for the item") }),
  output: z.object({
    ok: z.boolean().describe("exactly one line of the order matches the description"), error,
    line_id: z.string().describe("the matching line's code"),
    name: z.string().describe("the matching item"),
    price: z.number().describe("the price paid for it in EUR"),
  }),
}, ({ order_id, item_description }) => {
  const order = orders.find((o) => o.id === order_id);
  const line = order && matchLine(order, item_description);
  return line
    ? { ok: true, error: "", line_id: line.id, name: line.name, price: line.price }
    : { ok: false, error: `nothing in order ${order_id} matches "${item_description}" alone`, line_id: "", name: "", price: 0 };
});

const refundLine = action({
  name: "refund_line",
  card: 'Refund {money(amount, "EUR")} for line {line_id} of order {order_id} to your card',
  description: "Refund one line of an order to the card it was paid with.",
  input: z.object({ order_id: orderId, line_id: z.string().describe("the line refunded"), amount: z.number().describe("the refund in EUR") }),
  output: z.object({ refund_id: z.string().describe("the refund number") }),
}, (input, { idempotencyKey }) =>
  recordWrite("refund_line", idempotencyKey, input, () => ({ refund_id: referenceFor("RF", idempotencyKey) })));

export default [findCustomer, findLastOrder, matchOrderLine, refundLine];
