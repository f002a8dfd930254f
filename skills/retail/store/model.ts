/**
 * The retail store's database, as τ²-bench's retail domain defines it (its data_model.py): 50 products
 * with their variants, 500 users with their payment methods, 1,000 orders with their items, fulfilments
 * and payment history. One zod schema per record; the types are read from them. An order's optional
 * fields appear only once a write sets them (db.json has none). Pure.
 */
import { z } from "zod";

export const addressSchema = z.object({
  address1: z.string().describe("the first address line"),
  address2: z.string().describe("the second address line, or empty"),
  city: z.string().describe("the city"),
  country: z.string().describe("the country"),
  state: z.string().describe("the state or province"),
  zip: z.string().describe("the postal code"),
}).strict();

export const variantSchema = z.object({
  item_id: z.string().describe("the item id of this variant"),
  options: z.record(z.string(), z.string()).describe("the variant's options, such as color and size"),
  available: z.boolean().describe("whether the variant is in stock"),
  price: z.number().describe("the variant's price"),
}).strict();

export const productSchema = z.object({
  name: z.string().describe("the product's name"),
  product_id: z.string().describe("the product id (not an item id)"),
  variants: z.record(z.string(), variantSchema).describe("the product's variants by item id"),
}).strict();

const creditCardSchema = z.object({
  source: z.literal("credit_card"), id: z.string(), brand: z.string(), last_four: z.string(),
}).strict();
const paypalSchema = z.object({ source: z.literal("paypal"), id: z.string() }).strict();
const giftCardSchema = z.object({ source: z.literal("gift_card"), id: z.string(), balance: z.number() }).strict();
export const paymentMethodSchema = z.discriminatedUnion("source", [creditCardSchema, paypalSchema, giftCardSchema]);

export const userSchema = z.object({
  user_id: z.string().describe("the user id"),
  name: z.object({ first_name: z.string(), last_name: z.string() }).strict().describe("the user's name"),
  address: addressSchema.describe("the user's default address"),
  email: z.string().describe("the user's email address"),
  payment_methods: z.record(z.string(), paymentMethodSchema).describe("the user's payment methods by id"),
  orders: z.array(z.string()).describe("the ids of the user's orders"),
}).strict();

export const orderItemSchema = z.object({
  name: z.string().describe("the product's name"),
  product_id: z.string().describe("the product id"),
  item_id: z.string().describe("the item id (the variant)"),
  price: z.number().describe("the price paid for the item"),
  options: z.record(z.string(), z.string()).describe("the item's options"),
}).strict();

export const paymentSchema = z.object({
  transaction_type: z.enum(["payment", "refund"]).describe("a payment or a refund"),
  amount: z.number().describe("the amount"),
  payment_method_id: z.string().describe("the payment method used"),
}).strict();

export const ORDER_STATUSES = [
  "processed", "pending", "pending (item modified)", "delivered", "cancelled", "exchange requested", "return requested",
] as const;
export const CANCEL_REASONS = ["no longer needed", "ordered by mistake"] as const;

export const orderSchema = z.object({
  order_id: z.string().describe("the order id, such as #W0000000"),
  user_id: z.string().describe("the user who placed the order"),
  address: addressSchema.describe("the shipping address"),
  items: z.array(orderItemSchema).describe("the items ordered"),
  status: z.enum(ORDER_STATUSES).describe("the order's status"),
  fulfillments: z.array(z.object({
    tracking_id: z.array(z.string()), item_ids: z.array(z.string()),
  }).strict()).describe("the shipments: tracking ids and the items in each"),
  payment_history: z.array(paymentSchema).describe("the payments and refunds, oldest first"),
  cancel_reason: z.enum(CANCEL_REASONS).optional().describe("why the order was cancelled"),
  exchange_items: z.array(z.string()).optional().describe("the item ids to be exchanged, sorted"),
  exchange_new_items: z.array(z.string()).optional().describe("the item ids they are exchanged for, sorted"),
  exchange_payment_method_id: z.string().optional().describe("the payment method for the exchange's price difference"),
  exchange_price_difference: z.number().optional().describe("the exchange's price difference"),
  return_items: z.array(z.string()).optional().describe("the item ids to be returned, sorted"),
  return_payment_method_id: z.string().optional().describe("the payment method the return refunds to"),
}).strict();

export const retailDbSchema = z.object({
  products: z.record(z.string(), productSchema),
  users: z.record(z.string(), userSchema),
  orders: z.record(z.string(), orderSchema),
}).strict();

export type Address = z.infer<typeof addressSchema>;
export type Variant = z.infer<typeof variantSchema>;
export type Product = z.infer<typeof productSchema>;
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;
export type User = z.infer<typeof userSchema>;
export type OrderItem = z.infer<typeof orderItemSchema>;
export type Payment = z.infer<typeof paymentSchema>;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export type Order = z.infer<typeof orderSchema>;
export type RetailDb = z.infer<typeof retailDbSchema>;
