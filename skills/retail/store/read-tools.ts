/**
 * The store's read-only tools, as the benchmark defines them: finding a user by email or by name and
 * zip code, the details of an order, a product, an item or a user, and the list of product types. Each
 * returns what the benchmark's tool returns (the record itself, or its text) and throws `RetailError`
 * with the benchmark's words when nothing matches. Pure over `db`; they never change it.
 */
import type { Order, Product, RetailDb, User, Variant } from "./model.js";
import { getItem, getOrder, getProduct, getUser } from "./find.js";
import { comparePoints, pyJsonString } from "./py-compat.js";
import { RetailError } from "./retail-error.js";

/** The id of the user with this email address, in any case. */
export function findUserIdByEmail(db: RetailDb, email: string): string {
  for (const [userId, user] of Object.entries(db.users)) {
    if (user.email.toLowerCase() === email.toLowerCase()) return userId;
  }
  throw new RetailError("User not found");
}

/** The id of the first user with this first and last name (in any case) and exactly this zip code. */
export function findUserIdByNameZip(db: RetailDb, firstName: string, lastName: string, zip: string): string {
  for (const [userId, user] of Object.entries(db.users)) {
    if (user.name.first_name.toLowerCase() === firstName.toLowerCase()
      && user.name.last_name.toLowerCase() === lastName.toLowerCase()
      && user.address.zip === zip) return userId;
  }
  throw new RetailError("User not found");
}

export function getOrderDetails(db: RetailDb, orderId: string): Order {
  return getOrder(db, orderId);
}

export function getProductDetails(db: RetailDb, productId: string): Product {
  return getProduct(db, productId);
}

export function getItemDetails(db: RetailDb, itemId: string): Variant {
  return getItem(db, itemId);
}

export function getUserDetails(db: RetailDb, userId: string): User {
  return getUser(db, userId);
}

/** Product names to product ids, sorted by name, as the JSON text Python's `json.dumps` writes. */
export function listAllProductTypes(db: RetailDb): string {
  const byName = new Map<string, string>();
  for (const product of Object.values(db.products)) byName.set(product.name, product.product_id);
  const names = [...byName.keys()].sort(comparePoints);
  return `{${names.map((name) => `${pyJsonString(name)}: ${pyJsonString(byName.get(name)!)}`).join(", ")}}`;
}

/** The benchmark's hand-off: it only answers that the transfer was made. */
export function transferToHumanAgents(_summary: string): string {
  return "Transfer successful";
}
