/**
 * The retail store's read-only tools as Skillflow lookups, over one store. Each runs the store's own
 * function (the benchmark's behaviour) and answers rows (tool-views.ts). An id the store does not know
 * is `known: false`, never a failure, so a `lookup:` field can refuse it; an order that is another
 * user's is not known either ("you can only help one user per conversation").
 */
import { z } from "zod";
import { lookup, type ToolDefinition } from "@skillflow/core";
import { calculate } from "./store/calculate.js";
import { ownOrder } from "./store/policy-guards.js";
import * as read from "./store/read-tools.js";
import { isRetailError } from "./store/retail-error.js";
import type { RetailStore } from "./store/retail-store.js";
import { itemView, orderRow, orderView, productRow, productTypesView, productView, userIdView, userRow, userView } from "./tool-views.js";

const userId = z.string().describe("the authenticated user's id");
const orderId = z.string().describe("the order id, such as #W0000000 (with the #)");

/** The answer, or `{ known: false }` when the store does not know what was asked. */
function ifKnown<T>(answer: () => T): T | { known: false } {
  try {
    return structuredClone(answer()); // never the store's own objects
  } catch (error) {
    if (isRetailError(error)) return { known: false };
    throw error;
  }
}

export function lookupTools(store: () => RetailStore): ToolDefinition[] {
  const db = () => store().db;
  return [
    lookup({
      name: "find_user_id_by_email",
      description: "Find a user by email address (in any case): the first way to authenticate.",
      input: z.object({ email: z.string().describe("the user's email address") }),
      output: userIdView,
    }, ({ email }) => ifKnown(() => ({ known: true, user_id: read.findUserIdByEmail(db(), email) }))),
    lookup({
      name: "find_user_id_by_name_zip",
      description: "Find a user by first and last name and zip code, when they cannot give their email.",
      input: z.object({
        first_name: z.string().describe("the user's first name"),
        last_name: z.string().describe("the user's last name"),
        zip: z.string().describe("the zip code of the user's address"),
      }),
      output: userIdView,
    }, ({ first_name, last_name, zip }) => ifKnown(() => ({ known: true, user_id: read.findUserIdByNameZip(db(), first_name, last_name, zip) }))),
    lookup({
      name: "get_user_details",
      description: "A user's profile: name, default address, email, payment methods, order ids, and each order in words.",
      input: z.object({ user_id: userId }),
      output: userView,
    }, ({ user_id }) => ifKnown(() => userRow(read.getUserDetails(db(), user_id), db().orders))),
    lookup({
      name: "get_order_details",
      description: "One of the user's orders: status, items, address, fulfilments and payment history.",
      input: z.object({ user_id: userId, order_id: orderId }),
      output: orderView,
    }, ({ user_id, order_id }) => ifKnown(() => orderRow(ownOrder(db(), user_id, order_id)))),
    lookup({
      name: "get_product_details",
      description: "A product type and all its variants (options, availability, price).",
      input: z.object({ product_id: z.string().describe("the product id (not an item id)") }),
      output: productView,
    }, ({ product_id }) => ifKnown(() => productRow(read.getProductDetails(db(), product_id)))),
    lookup({
      name: "get_item_details",
      description: "One item (a variant of a product): its options, availability and price.",
      input: z.object({ item_id: z.string().describe("the item id (not a product id)") }),
      output: itemView,
    }, ({ item_id }) => ifKnown(() => ({ known: true, ...read.getItemDetails(db(), item_id) }))),
    lookup({
      name: "list_all_product_types",
      description: "The store's 50 product types, by name, with their product ids.",
      input: z.object({}),
      output: productTypesView,
    }, () => ({ products: productTypes(read.listAllProductTypes(db())) })),
    lookup({
      name: "calculate",
      description: "Work out arithmetic (+ - * / and parentheses), rounded to cents, as the benchmark's calculator does.",
      input: z.object({ expression: z.string().describe("the arithmetic, such as 2 + 2") }),
      output: z.object({ result: z.string().describe("the result, rounded to two decimals") }),
    }, ({ expression }) => ({ result: calculate(expression) })),
  ];
}

function productTypes(text: string): Array<{ id: string; name: string; product_id: string }> {
  return Object.entries(JSON.parse(text) as Record<string, string>).map(([name, id]) => ({ id, name, product_id: id }));
}
