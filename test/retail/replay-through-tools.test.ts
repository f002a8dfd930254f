/**
 * The same ground-truth actions as replay-train.test.ts, now through the Skillflow tools a skill calls
 * (skills/retail/tools.ts: zod inputs, the policy's guards, ToolRejected, idempotency keys), each on its
 * own store: every train task still reaches the benchmark's database, the actions the benchmark refuses
 * are refused (ToolRejected for a write, `known: false` for a lookup), and none the benchmark accepts is
 * refused by a guard. The authenticated user is the order's owner, as it would be in a conversation.
 * In the hand-written cases, the guards refuse exactly the two writes the policy forbids and the
 * benchmark's tools let through; every refused write leaves the order and its user as they were.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { isToolRejected, type ToolDefinition } from "@skillflow/core";
import { createRetailStore, retailTools } from "../../skills/retail/tools.js";
import { canonicalJson, digestOf } from "../../skills/retail/store/canonical.js";
import { retailDataDir } from "../../skills/retail/store/db-file.js";
import type { Action } from "../../skills/retail/store/replay.js";
import type { RetailDb } from "../../skills/retail/store/model.js";
import { readExpected } from "./expected.js";

const tasks = JSON.parse(readFileSync(join(retailDataDir(), "tasks-train.json"), "utf8")) as Array<{
  id: string; evaluation_criteria: { actions: Action[] | null };
}>;
const train = readExpected("expected-train.json");
const handWritten = readExpected("expected-cases.json");
const cases = JSON.parse(readFileSync(new URL("../fixtures/retail/cases.json", import.meta.url), "utf8")) as {
  cases: Array<{ id: string; actions: Action[] }>;
};
const context = (idempotencyKey: string) => ({ idempotencyKey, now: "2026-01-01T00:00:00Z", signal: new AbortController().signal });

/** The input a skill would bind: the action's arguments, with the authenticated user's id. */
function inputOf(db: RetailDb, action: Action): Record<string, unknown> {
  const orderId = action.arguments.order_id as string | undefined;
  const owner = orderId !== undefined && Object.hasOwn(db.orders, orderId) ? db.orders[orderId]!.user_id : "nobody";
  return { user_id: owner, ...action.arguments };
}

/**
 * Run one action through its tool: null when it went through, else what refused it — the input schema,
 * `known: false`, a failed lookup (calculate's bad arithmetic) or a write's ToolRejected.
 */
async function run(tool: ToolDefinition, db: RetailDb, action: Action, key: string): Promise<string | null> {
  const input = tool.input.safeParse(inputOf(db, action));
  if (!input.success) return "input";
  try {
    const output = (await tool.run(input.data, context(key))) as { known?: boolean };
    return output.known === false ? "not known" : null;
  } catch (error) {
    if (tool.kind === "lookup" || isToolRejected(error)) return "refused";
    throw error;
  }
}

describe("train tasks through the Skillflow tools give the benchmark's database", () => {
  test.each(train.tasks.map((e) => [e.id, e] as const))("task %s", async (id, want) => {
    const store = createRetailStore();
    const tools = new Map(retailTools(store).map((t) => [t.name, t]));
    const actions = tasks.find((t) => t.id === id)!.evaluation_criteria.actions ?? [];
    const refused: number[] = [];
    for (const [i, action] of actions.entries()) {
      if ((await run(tools.get(action.name)!, store.db, action, `${id}/${i}`)) !== null) refused.push(i);
    }
    expect(refused).toEqual(want.errors.map(([i]) => i));
    expect(digestOf(store.db)).toBe(want.db);
  });
});

/**
 * Where the policy's guards refuse more than the benchmark: an address change after the items were
 * modified (index 1), and an item exchanged for itself (index 6) — after which the return at index 7,
 * refused by the benchmark because the order was no longer delivered, goes through.
 */
const POLICY_REFUSES: Record<string, { refused: number[]; sameDb: boolean }> = {
  "modify-items-to-gift-card-then-more": { refused: [1, 2, 3, 4], sameDb: false },
  "exchange-refusals-then-same-item": { refused: [0, 1, 2, 3, 4, 5, 6], sameDb: false },
};

describe("hand-written cases through the Skillflow tools", () => {
  test.each(handWritten.tasks.map((e) => [e.id, e] as const))("%s", async (id, want) => {
    const store = createRetailStore();
    const tools = new Map(retailTools(store).map((t) => [t.name, t]));
    const refused: number[] = [];
    for (const [i, action] of cases.cases.find((c) => c.id === id)!.actions.entries()) {
      const { order_id: orderId, user_id: userId } = inputOf(store.db, action) as { order_id?: string; user_id: string };
      const touched = () => canonicalJson([orderId && store.db.orders[orderId], store.db.users[userId]]);
      const before = touched();
      if ((await run(tools.get(action.name)!, store.db, action, `${id}/${i}`)) === null) continue;
      refused.push(i);
      expect(touched()).toBe(before);
    }
    const policy = POLICY_REFUSES[id] ?? { refused: want.errors.map(([i]) => i), sameDb: true };
    expect(refused).toEqual(policy.refused);
    expect(digestOf(store.db) === want.db).toBe(policy.sameDb);
  });
});
