/**
 * Finding records in a retail database, each failing with the benchmark's words when the record is not
 * there. These return the stored objects themselves (a write changes them in place). Pure over `db`.
 */
import type { Order, PaymentMethod, Product, RetailDb, User, Variant } from "./model.js";
import { RetailError } from "./retail-error.js";

export function getOrder(db: RetailDb, orderId: string): Order {
  const order = Object.hasOwn(db.orders, orderId) ? db.orders[orderId] : undefined;
  if (!order) throw new RetailError("Order not found");
  return order;
}

export function getUser(db: RetailDb, userId: string): User {
  const user = Object.hasOwn(db.users, userId) ? db.users[userId] : undefined;
  if (!user) throw new RetailError("User not found");
  return user;
}

export function getProduct(db: RetailDb, productId: string): Product {
  const product = Object.hasOwn(db.products, productId) ? db.products[productId] : undefined;
  if (!product) throw new RetailError("Product not found");
  return product;
}

/**
 * The variant with this item id, in whichever product has it. (JavaScript lists numeric keys first, so
 * "first" could differ from Python's order if two products shared an item id; in db.json none do.)
 */
export function getItem(db: RetailDb, itemId: string): Variant {
  for (const product of Object.values(db.products)) {
    if (Object.hasOwn(product.variants, itemId)) return product.variants[itemId]!;
  }
  throw new RetailError("Item not found");
}

/** The variant `variantId` of the product `productId`: a variant of another product is not found. */
export function getVariant(db: RetailDb, productId: string, variantId: string): Variant {
  const product = getProduct(db, productId);
  const variant = Object.hasOwn(product.variants, variantId) ? product.variants[variantId] : undefined;
  if (!variant) throw new RetailError("Variant not found");
  return variant;
}

/** One of the user's own payment methods. */
export function getPaymentMethod(db: RetailDb, userId: string, paymentMethodId: string): PaymentMethod {
  const user = getUser(db, userId);
  const method = Object.hasOwn(user.payment_methods, paymentMethodId) ? user.payment_methods[paymentMethodId] : undefined;
  if (!method) throw new RetailError("Payment method not found");
  return method;
}

/**
 * The first listed item the order does not hold as many times as the list names it (a list may repeat
 * an item the order holds twice), or undefined when it holds them all.
 */
export function missingItem(order: Order, itemIds: readonly string[]): string | undefined {
  const held = order.items.map((item) => item.item_id);
  const count = (list: readonly string[], id: string) => list.filter((x) => x === id).length;
  return itemIds.find((id) => count(itemIds, id) > count(held, id));
}
