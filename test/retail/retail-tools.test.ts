/**
 * The Skillflow retail tools: 16 tools (8 lookups, 8 writes) each described in plain words; every store
 * is its own copy; a write the policy forbids throws ToolRejected and changes nothing — including what
 * the benchmark's own tools let through (another user's order, a change after the items were modified,
 * an item exchanged for itself); a retry with the same key changes nothing again; a lookup that does not
 * know its input answers `known: false`.
 */
import { describe, expect, test } from "vitest";
import { isToolRejected, type ToolDefinition } from "@skillflow/core";
import type { z } from "zod";
import defaultTools, { createRetailStore, retailTools, type RetailStore } from "../../skills/retail/tools.js";
import { digestOf } from "../../skills/retail/store/canonical.js";
import { readRetailDb } from "../../skills/retail/store/db-file.js";

const context = (idempotencyKey = "") => ({ idempotencyKey, now: "2026-01-01T00:00:00Z", signal: new AbortController().signal });
const OMAR = "omar_kim_3528"; // #W1080318, pending, paid by credit_card_3577130; gift_card_3749819 holds 91
const HARPER = "harper_brown_7363"; // #W1840144, delivered, paid by paypal_2306935

function toolsOf(store: RetailStore) {
  const byName = new Map(retailTools(store).map((t) => [t.name, t]));
  return async (name: string, input: Record<string, unknown>, key = "") => {
    const tool = byName.get(name)!;
    return (await tool.run(tool.input.parse(input), context(key))) as Record<string, unknown>;
  };
}

/** The ToolRejected message, after checking the database did not change. */
async function rejection(store: RetailStore, write: () => Promise<unknown>): Promise<string> {
  const before = digestOf(store.db);
  const error = await write().then(() => undefined, (e: unknown) => e);
  expect(isToolRejected(error)).toBe(true);
  expect(digestOf(store.db)).toBe(before);
  return (error as Error).message;
}

const ADDRESS = { address1: "1 Elm St", address2: "", city: "Austin", state: "TX", country: "USA", zip: "73301" };
const MODIFY = { user_id: OMAR, order_id: "#W1080318", item_ids: ["8349118980"], new_item_ids: ["9612497925"], payment_method_id: "gift_card_3749819" };

test("16 tools: the benchmark's 7 reads and calculate as lookups, its 7 writes as writes, the transfer as a hand-off, all described", () => {
  const kinds = Object.fromEntries(defaultTools.map((t) => [t.name, t.kind]));
  expect(Object.values(kinds).filter((k) => k === "lookup")).toHaveLength(8);
  expect(Object.entries(kinds).filter(([, k]) => k === "write").map(([n]) => n).sort()).toEqual([
    "cancel_pending_order", "exchange_delivered_order_items", "modify_pending_order_address", "modify_pending_order_items",
    "modify_pending_order_payment", "modify_user_address", "return_delivered_order_items",
  ]);
  expect(Object.entries(kinds).filter(([, k]) => k === "handoff").map(([n]) => n)).toEqual(["transfer_to_human_agents"]);
  const undescribed = defaultTools.flatMap((t: ToolDefinition) => [
    ...Object.entries(t.input.shape).filter(([, s]) => !s.description).map(([k]) => `${t.name} in ${k}`),
    ...Object.entries((t.output as z.ZodObject).shape).filter(([, s]) => !s.description).map(([k]) => `${t.name} out ${k}`),
  ]);
  expect(undescribed).toEqual([]);
});

test("each store is its own copy: a write in one is not in another, and a given database is copied", async () => {
  const given = readRetailDb();
  const one = createRetailStore(given);
  const other = createRetailStore();
  await toolsOf(one)("cancel_pending_order", { user_id: OMAR, order_id: "#W1080318", reason: "no longer needed" }, "k1");
  expect(one.db.orders["#W1080318"]!.status).toBe("cancelled");
  expect(other.db.orders["#W1080318"]!.status).toBe("pending");
  expect(given.orders["#W1080318"]!.status).toBe("pending");
});

describe("a write the policy forbids is ToolRejected, and nothing changes", () => {
  test("another user's order, even where the benchmark's tool would act on it", async () => {
    const store = createRetailStore();
    const call = toolsOf(store);
    expect(await rejection(store, () => call("cancel_pending_order", { user_id: HARPER, order_id: "#W1080318", reason: "no longer needed" })))
      .toBe("Order #W1080318 is not one of this user's orders.");
    expect(await rejection(store, () => call("modify_pending_order_items", { ...MODIFY, user_id: HARPER }))).toMatch(/not one of this user's/);
  });

  test("the benchmark's own refusals: a delivered order cancelled, a reason the policy does not allow, a gift card too small", async () => {
    const store = createRetailStore();
    const call = toolsOf(store);
    const tool = retailTools(store).find((t) => t.name === "cancel_pending_order")!;
    expect(await rejection(store, () => call("cancel_pending_order", { user_id: HARPER, order_id: "#W1840144", reason: "no longer needed" })))
      .toBe("Non-pending order cannot be cancelled");
    expect(await rejection(store, async () => tool.run({ user_id: OMAR, order_id: "#W1080318", reason: "changed my mind" } as never, context())))
      .toBe("Invalid reason");
    expect(await rejection(store, () => call("exchange_delivered_order_items", {
      user_id: "aarav_anderson_8794", order_id: "#W4316152", item_ids: ["7292993796", "7292993796"],
      new_item_ids: ["9647374798", "9647374798"], payment_method_id: "gift_card_7245904",
    }))).toBe("Insufficient gift card balance to pay for the price difference");
    expect(await rejection(store, () => call("return_delivered_order_items", {
      user_id: HARPER, order_id: "#W1840144", item_ids: ["8590708195"], payment_method_id: "credit_card_3240550",
    }))).toBe("Payment method should be the original payment method");
  });

  test("after the items were modified, no other change to the order (the benchmark's address tool allows one)", async () => {
    const store = createRetailStore();
    const call = toolsOf(store);
    await call("modify_pending_order_items", MODIFY, "items");
    for (const [name, input] of [
      ["modify_pending_order_address", { user_id: OMAR, order_id: "#W1080318", ...ADDRESS }],
      ["modify_pending_order_payment", { user_id: OMAR, order_id: "#W1080318", payment_method_id: "credit_card_3577130" }],
      ["modify_pending_order_items", { ...MODIFY, item_ids: ["9612497925"], new_item_ids: ["8124970213"] }],
      ["cancel_pending_order", { user_id: OMAR, order_id: "#W1080318", reason: "no longer needed" }],
    ] as const) {
      expect(await rejection(store, () => call(name, input))).toMatch(/pending \(item modified\)|Non-pending/);
    }
  });

  test("an item exchanged for itself (the benchmark's exchange tool accepts it)", async () => {
    const store = createRetailStore();
    expect(await rejection(store, () => toolsOf(store)("exchange_delivered_order_items", {
      user_id: "aarav_anderson_8794", order_id: "#W4316152", item_ids: ["7292993796", "7292993796"],
      new_item_ids: ["9647374798", "7292993796"], payment_method_id: "gift_card_7245904",
    }))).toBe("Item 7292993796 cannot be exchanged for itself: choose different options.");
  });
});

test("a retry with the same idempotency key answers the first result and changes nothing again", async () => {
  const store = createRetailStore();
  const call = toolsOf(store);
  const first = await call("modify_pending_order_items", MODIFY, "same-key");
  const after = digestOf(store.db);
  expect(await call("modify_pending_order_items", MODIFY, "same-key")).toEqual(first);
  expect(digestOf(store.db)).toBe(after);
  expect(store.db.users[OMAR]!.payment_methods.gift_card_3749819).toMatchObject({ balance: 93.55 });
});

test("lookups answer known: false for what the store does not know, and for another user's order", async () => {
  const call = toolsOf(createRetailStore());
  expect(await call("find_user_id_by_email", { email: "OMAR.KIM8981@example.com" })).toEqual({ known: true, user_id: OMAR });
  expect(await call("find_user_id_by_name_zip", { first_name: "Harper", last_name: "Brown", zip: "00000" })).toEqual({ known: false });
  expect(await call("get_order_details", { user_id: OMAR, order_id: "#W1080318" })).toMatchObject({ known: true, status: "pending" });
  expect(await call("get_order_details", { user_id: HARPER, order_id: "#W1080318" })).toEqual({ known: false });
  expect(await call("get_product_details", { product_id: "8349118980" })).toEqual({ known: false });
  const user = await call("get_user_details", { user_id: OMAR });
  expect(user.payment_methods).toContainEqual({ source: "gift_card", id: "gift_card_3749819", balance: 91 });
  const product = await call("get_product_details", { product_id: "9523456873" });
  expect((product.variants as Array<{ id: string }>).map((v) => v.id)).toContain("8349118980");
  expect(((await call("list_all_product_types", {})).products as unknown[])).toHaveLength(50);
});

test("flow's loader imports skills/retail/tools.ts (with jiti) with no diagnostic, and without reading the database", async () => {
  const { importToolsBeside } = await import("@skillflow/core/loader");
  const saved = process.env.TAU2_RETAIL_DIR;
  process.env.TAU2_RETAIL_DIR = "/nonexistent/tau2-retail"; // reading the database now would throw
  const beside = await importToolsBeside(new URL("../../skills/retail/SKILL.md", import.meta.url).pathname)
    .finally(() => (saved === undefined ? delete process.env.TAU2_RETAIL_DIR : (process.env.TAU2_RETAIL_DIR = saved)));
  expect(beside.collected.diagnostics).toEqual([]);
  const info = Object.values(beside.collected.infos);
  expect(info.map((t) => t.name)).toHaveLength(16);
  const order = info.find((t) => t.name === "get_order_details")!.output;
  expect(order).toMatchObject({ t: "object", fields: { known: { t: "bool" }, status: { t: "string" }, items: { t: "list" } } });
});

test("without the benchmark's data beside the project, opening a store says where it looked and what to do, in one sentence", async () => {
  const { retailDataDir } = await import("../../skills/retail/store/db-file.js");
  expect(retailDataDir({ TAU2_RETAIL_DIR: "/data/retail" })).toBe("/data/retail");
  expect(retailDataDir({})).toMatch(/\/skills\/retail\/data\/$/);
  expect(() => readRetailDb("/nonexistent/db.json")).toThrow(
    "The retail database is not at /nonexistent/db.json: it ships in skills/retail/data/ (restore it with git), or set TAU2_RETAIL_DIR to a folder holding τ²-bench's retail db.json.",
  );
});
