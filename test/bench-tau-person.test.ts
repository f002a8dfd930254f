/**
 * bench:tau's scripted person inside a repeat (bench/tau/pass-answers.ts): which position of the task's
 * aligned lists a pass answers (an order holding the same item twice has two passes and two positions),
 * which rows a pick of repeated item ids names, and a task the benchmark refuses because its new item
 * is unavailable: it passes because the flow never offers that item, and says so.
 */
import { describe, expect, test } from "vitest";
import { runOffline } from "../bench/tau/offline.js";
import { passValue, rowIdsFor, type Passes } from "../bench/tau/pass-answers.js";
import type { Target } from "../bench/tau/answer-fields.js";
import { defaultTasksFile, readTasks } from "../bench/tau/read-tasks.js";

const lines = [
  { id: "111", item_id: "111", name: "Tea Kettle" },
  { id: "111#2", item_id: "111", name: "Tea Kettle" },
  { id: "222", item_id: "222", name: "Desk Lamp" },
];

const target: Target = {
  request: { tool: "exchange_delivered_order_items", args: { order_id: "#W1", item_ids: ["111", "222", "111"], new_item_ids: ["A", "B", "C"], payment_method_id: "pm" } },
  skill: "exchange_items",
  binding: {},
  gathered: { item_ids: ["line", "item_id"], new_item_ids: ["new_item_id"] },
};

describe("the scripted person inside a repeat", () => {
  test("each pass answers the new item aligned with its own line, one position per pass", () => {
    const passes: Passes = new Map();
    expect(passValue("new_item_id", "new_item_id@7:222", lines, target, passes)).toBe("B");
    expect(passValue("new_item_id", "new_item_id@7:111#2", lines, target, passes)).toBe("A");
    expect(passValue("new_item_id", "new_item_id@7:111", lines, target, passes)).toBe("C");
    // Asked again (after a refusal), a pass keeps its position.
    expect(passValue("new_item_id", "new_item_id@7:111#2", lines, target, passes)).toBe("A");
  });

  test("outside a repeat, or for a field no gathered list takes, it says nothing", () => {
    expect(passValue("new_item_id", "new_item_id", lines, target, new Map())).toBeUndefined();
    expect(passValue("reason", "reason@7:111", lines, target, new Map())).toBeUndefined();
    expect(passValue("new_item_id", "new_item_id@7:999", lines, target, new Map())).toBeUndefined();
  });

  test("a pick of an item held twice names both of its lines, each once", () => {
    expect(rowIdsFor(["111", "111"], lines)).toEqual({ ids: ["111", "111#2"], missing: [] });
    expect(rowIdsFor(["222", "111#2"], lines)).toEqual({ ids: ["222", "111#2"], missing: [] });
    expect(rowIdsFor(["111", "111", "111"], lines)).toEqual({ ids: ["111", "111#2"], missing: ["111"] });
  });
});

describe("a request the benchmark refuses", () => {
  test("an unavailable new item: not offered by the flow, nothing written, passed with that reason", async () => {
    const task = structuredClone(readTasks(defaultTasksFile()).find((t) => t.id === "0")!);
    const exchange = task.evaluation_criteria.actions!.find((a) => a.name === "exchange_delivered_order_items")!;
    exchange.arguments.new_item_ids = ["9690244451", "7747408585"]; // 9690244451: a keyboard not available
    task.id = "0-unavailable";
    const { results } = await runOffline([task], { noReact: true, print: () => {} });
    expect(results[0]).toMatchObject({ pass: true, writes: [] });
    expect(results[0]!.notes).toEqual([expect.stringMatching(/^not offered, as the benchmark refuses it: the grid for new_item_id has no row 9690244451/)]);
  }, 60_000);
});
