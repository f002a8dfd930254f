/**
 * Replaying actions the way τ²-bench's evaluator does: each action names one of the store's tools with
 * the benchmark's arguments; one that the store refuses is noted and skipped, and the rest still run.
 * This is how a task's ground-truth actions give its expected database.
 */
import type { Address, RetailDb } from "./model.js";
import { calculate } from "./calculate.js";
import { exchangeDeliveredOrderItems, returnDeliveredOrderItems } from "./delivered-orders.js";
import { modifyPendingOrderItems } from "./modify-items.js";
import { modifyUserAddress } from "./modify-user-address.js";
import { cancelPendingOrder, modifyPendingOrderAddress, modifyPendingOrderPayment } from "./pending-orders.js";
import * as read from "./read-tools.js";
import { isRetailError } from "./retail-error.js";

export interface Action {
  name: string;
  arguments: Record<string, unknown>;
}

type Args = Record<string, unknown>;
const text = (args: Args, key: string) => args[key] as string;
const list = (args: Args, key: string) => args[key] as string[];
const address = (args: Args) => args as unknown as Address;

/** The store's tools by the benchmark's names, taking the benchmark's arguments. */
export const STORE_TOOLS: Record<string, (db: RetailDb, args: Args) => unknown> = {
  calculate: (_db, a) => calculate(text(a, "expression")),
  cancel_pending_order: (db, a) => cancelPendingOrder(db, text(a, "order_id"), text(a, "reason")),
  exchange_delivered_order_items: (db, a) =>
    exchangeDeliveredOrderItems(db, text(a, "order_id"), list(a, "item_ids"), list(a, "new_item_ids"), text(a, "payment_method_id")),
  find_user_id_by_email: (db, a) => read.findUserIdByEmail(db, text(a, "email")),
  find_user_id_by_name_zip: (db, a) => read.findUserIdByNameZip(db, text(a, "first_name"), text(a, "last_name"), text(a, "zip")),
  get_item_details: (db, a) => read.getItemDetails(db, text(a, "item_id")),
  get_order_details: (db, a) => read.getOrderDetails(db, text(a, "order_id")),
  get_product_details: (db, a) => read.getProductDetails(db, text(a, "product_id")),
  get_user_details: (db, a) => read.getUserDetails(db, text(a, "user_id")),
  list_all_product_types: (db) => read.listAllProductTypes(db),
  modify_pending_order_address: (db, a) => modifyPendingOrderAddress(db, text(a, "order_id"), address(a)),
  modify_pending_order_items: (db, a) =>
    modifyPendingOrderItems(db, text(a, "order_id"), list(a, "item_ids"), list(a, "new_item_ids"), text(a, "payment_method_id")),
  modify_pending_order_payment: (db, a) => modifyPendingOrderPayment(db, text(a, "order_id"), text(a, "payment_method_id")),
  modify_user_address: (db, a) => modifyUserAddress(db, text(a, "user_id"), address(a)),
  return_delivered_order_items: (db, a) => returnDeliveredOrderItems(db, text(a, "order_id"), list(a, "item_ids"), text(a, "payment_method_id")),
  transfer_to_human_agents: (_db, a) => read.transferToHumanAgents(text(a, "summary")),
};

/** What one action gave: the tool's answer, or the store's words refusing it. */
export type Outcome = { ok: true; result: unknown } | { ok: false; error: string };

/** Run the actions on `db` in order, each refused one noted and skipped, as the benchmark does. */
export function replayActions(db: RetailDb, actions: readonly Action[]): Outcome[] {
  return actions.map((action): Outcome => {
    const tool = Object.hasOwn(STORE_TOOLS, action.name) ? STORE_TOOLS[action.name] : undefined;
    if (!tool) return { ok: false, error: `Tool '${action.name}' not found.` };
    try {
      return { ok: true, result: structuredClone(tool(db, action.arguments)) }; // as it was then
    } catch (error) {
      if (!isRetailError(error)) throw error;
      return { ok: false, error: error.message };
    }
  });
}
