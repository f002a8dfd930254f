/**
 * What the store's policy forbids that the benchmark's tools let through. The benchmark's tools trust
 * the agent to follow policy.md; Skillflow's tools enforce it, so a write the policy forbids is refused
 * whatever led to it. Each guard throws `RetailError` with the policy's reason, before anything changes.
 * Pure over `db`. (Everything else the policy says about writes, the benchmark's tools check already.)
 */
import type { Order, RetailDb } from "./model.js";
import { getOrder } from "./find.js";
import { RetailError } from "./retail-error.js";

/** "You can only help one user per conversation": the order must be the authenticated user's. */
export function ownOrder(db: RetailDb, userId: string, orderId: string): Order {
  const order = getOrder(db, orderId);
  if (order.user_id !== userId) throw new RetailError(`Order ${orderId} is not one of this user's orders.`);
  return order;
}

/**
 * "An order can only be modified if its status is 'pending'": once its items were modified
 * (`pending (item modified)`) it can be neither modified nor cancelled. The benchmark's address and
 * payment tools accept any status containing "pending".
 */
export function stillPending(order: Order): void {
  if (order.status !== "pending") {
    throw new RetailError(`Order ${order.order_id} is ${order.status}, and only a pending order can be modified.`);
  }
}

/**
 * "Each item can be exchanged to an available new item of the same product but of different product
 * option": the benchmark's exchange tool accepts an item exchanged for itself.
 */
export function differentItems(itemIds: readonly string[], newItemIds: readonly string[]): void {
  const same = itemIds.find((id, i) => newItemIds[i] === id);
  if (same !== undefined) throw new RetailError(`Item ${same} cannot be exchanged for itself: choose different options.`);
}
