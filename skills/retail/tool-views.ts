/**
 * What the retail tools answer a skill: the database's records as rows a skill can read, pick from and
 * show. Maps keyed by id become lists of rows with an `id` (a user's payment methods, a product's
 * variants), so a grid can list them and a pick names one. A lookup that does not know its input
 * answers `known: false` and nothing else; every other field is there exactly when `known` is true.
 * Pure.
 */
import { z } from "zod";
import { addressSchema, orderItemSchema, orderSchema, variantSchema, type Order, type Product, type User, type Variant } from "./store/model.js";

const known = z.boolean().describe("whether the store knows it (and, for an order, whether it is this user's)");

export const userIdView = z.object({
  known,
  user_id: z.string().optional().describe("the user id"),
});

const paymentMethodRow = z.object({
  id: z.string().describe("the payment method id"),
  source: z.enum(["credit_card", "paypal", "gift_card"]).describe("the kind of payment method"),
  brand: z.string().optional().describe("a credit card's brand"),
  last_four: z.string().optional().describe("a credit card's last four digits"),
  balance: z.number().optional().describe("a gift card's balance"),
});

export const userView = z.object({
  known,
  user_id: z.string().optional().describe("the user id"),
  name: z.object({ first_name: z.string(), last_name: z.string() }).optional().describe("the user's name"),
  address: addressSchema.optional().describe("the user's default address"),
  email: z.string().optional().describe("the user's email address"),
  payment_methods: z.array(paymentMethodRow).optional().describe("the user's payment methods"),
  orders: z.array(z.string()).optional().describe("the ids of the user's orders"),
  order_list: z.array(z.object({
    id: z.string().describe("the order id, as the row's id"),
    status: z.string().describe("the order's status"),
    items: z.array(z.string()).describe("the names of the items ordered, one per line"),
    total: z.number().describe("the sum of the items' prices, rounded to cents"),
    line: z.string().describe("the order in one line: id, status, items and total"),
  })).optional().describe("the user's orders, each with its status, items and total, for a person to choose one"),
});

/** Every field of a record, optional (there when `known`), each keeping its description. */
function whenKnown<S extends z.ZodRawShape>(schema: z.ZodObject<S>) {
  const fields = Object.fromEntries(Object.entries(schema.shape).map(([key, field]) => {
    const inner = field as z.ZodType;
    return [key, inner.description ? inner.optional().describe(inner.description) : inner.optional()];
  })) as unknown as { [K in keyof S]: z.ZodOptional<S[K]> };
  return z.object({ known, ...fields });
}

/** A variant's options in words, for cards and lists: "color: black, size: M". */
const optionWords = z.string().describe("the options in words, such as color: black, size: M");

const orderLine = orderItemSchema.extend({
  id: z.string().describe("the line's id: its item id, with #2, #3 for a second or third line of the same item"),
  option_words: optionWords,
});

/** An order's items as rows a pick can name: each line has an id of its own, even an item ordered twice. */
export const orderView = whenKnown(orderSchema.extend({ items: z.array(orderLine).describe("the items ordered, one row per line") }));

/** The order with a line id on each item (`orderView`). Pure. */
export function orderRow(order: Order): z.infer<typeof orderView> {
  const seen = new Map<string, number>();
  const items = order.items.map((item) => {
    const n = (seen.get(item.item_id) ?? 0) + 1;
    seen.set(item.item_id, n);
    return { ...item, id: n === 1 ? item.item_id : `${item.item_id}#${n}`, option_words: inWords(item.options) };
  });
  return { known: true, ...order, items };
}

/** The item ids of picked lines (`orderRow`'s ids): an item picked on two lines is named twice. Pure. */
export function itemIdsOfLines(lines: readonly string[]): string[] {
  return lines.map((line) => line.replace(/#\d+$/, ""));
}

const variantRow = variantSchema.extend({ id: z.string().describe("the item id, as the row's id"), option_words: optionWords });

export const productView = z.object({
  known,
  name: z.string().optional().describe("the product's name"),
  product_id: z.string().optional().describe("the product id"),
  variants: z.array(variantRow).optional().describe("the product's variants, each with its options, availability and price"),
});

export const itemView = whenKnown(variantSchema);

export const productTypesView = z.object({
  products: z.array(z.object({
    id: z.string().describe("the product id, as the row's id"),
    name: z.string().describe("the product's name"),
    product_id: z.string().describe("the product id"),
  })).describe("every product type, by name"),
});

/** The user, with payment methods as rows and each order in words (`orders`: the database's orders, by id). Pure. */
export function userRow(user: User, orders: Readonly<Record<string, Order>>): z.infer<typeof userView> {
  const { payment_methods, ...rest } = user;
  const order_list = user.orders.flatMap((id) => (Object.hasOwn(orders, id) ? [orderInWords(orders[id]!)] : []));
  return { known: true, ...rest, payment_methods: Object.values(payment_methods), order_list };
}

/** An order as a person chooses it: "#W3586556 (pending: Tablet; 1,015.08)". Pure. */
function orderInWords(order: Order) {
  const items = order.items.map((i) => i.name);
  const total = Math.round(order.items.reduce((sum, i) => sum + i.price, 0) * 100) / 100;
  const money = total.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return { id: order.order_id, status: order.status, items, total, line: `${order.order_id} (${order.status}: ${items.join(", ")}; ${money})` };
}

export function productRow(product: Product): z.infer<typeof productView> {
  return { known: true, ...product, variants: Object.values(product.variants).map(variantOf) };
}

function variantOf(variant: Variant): z.infer<typeof variantRow> {
  return { id: variant.item_id, ...variant, option_words: inWords(variant.options) };
}

/** Options in words, in the store's order: "color: black, size: M". Pure. */
function inWords(options: Readonly<Record<string, string>>): string {
  return Object.entries(options).map(([name, value]) => `${name}: ${value}`).join(", ");
}
