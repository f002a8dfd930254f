/**
 * bench:tau's scripted person inside a repeat (bench/tau/pass-answers.ts): which position of the task's
 * aligned lists a pass answers (an order holding the same item twice has two passes and two positions),
 * which rows a pick of repeated item ids names, and a task the benchmark refuses because its new item
 * is unavailable: it passes because the flow never offers that item, and says so. Then a choices
 * question whose branches bind the write differently (modify-order-address's default address or
 * another one): the person takes the branch whose write, with the task's arguments, is the task's; and
 * after a move earlier in the task they give their new zip.
 */
import { describe, expect, test } from "vitest";
import { runOffline } from "../bench/tau/offline.js";
import { passValue, rowIdsFor, type Passes } from "../bench/tau/pass-answers.js";
import type { Target } from "../bench/tau/answer-fields.js";
import { branchChoice } from "../bench/tau/branch-choice.js";
import { loadRetailSkills } from "../bench/tau/load-skills.js";
import { personaOf } from "../bench/tau/persona.js";
import { defaultTasksFile, expectedOf, readTasks } from "../bench/tau/read-tasks.js";
import { readRetailDb } from "../skills/retail/store/db-file.js";

const lines = [
  { id: "111", item_id: "111", name: "Tea Kettle" },
  { id: "111#2", item_id: "111", name: "Tea Kettle" },
  { id: "222", item_id: "222", name: "Desk Lamp" },
];

const target: Target = {
  request: { tool: "exchange_delivered_order_items", args: { order_id: "#W1", item_ids: ["111", "222", "111"], new_item_ids: ["A", "B", "C"], payment_method_id: "pm" } },
  skill: "exchange-items",
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

describe("a choice between branches that write differently", () => {
  const address = { order_id: "#W1", address1: "159 Hickory Lane", address2: "Suite 995", city: "Charlotte", state: "NC", country: "USA", zip: "28243" };
  const shown = "Should it go to your default address (159 Hickory Lane, Charlotte), or to another address?";

  async function choose(args: Record<string, unknown>, question = shown) {
    const retail = await loadRetailSkills();
    const skill = retail.skills.find((s) => s.name === "modify-order-address")!;
    const field = skill.fields.ship_to!.shape;
    return branchChoice({
      skill, field: "ship_to", choices: field.kind === "choices" ? field.choices : [], shown: question, args,
      routes: retail.routes.get(skill.name)!.get("modify_pending_order_address")!,
      answer: (f) => ({ new_address1: args.address1, new_address2: args.address2, new_city: args.city, new_state: args.state, new_country: args.country, new_zip: args.zip })[f],
    });
  }

  test("the default address when the task's new address is the one the question shows", async () => {
    expect(await choose(address)).toBe("default address");
  });

  test("another address when it differs from the one shown, or the question shows none", async () => {
    expect(await choose({ ...address, address1: "445 Maple Drive" })).toBe("another address");
    expect(await choose({ ...address, city: "Springfield" })).toBe("another address");
    expect(await choose(address, "Where should it go?")).toBe("another address");
  });

  test("after a move earlier in the task, the person gives the zip of their new address", () => {
    const task = readTasks(defaultTasksFile()).find((t) => t.id === "22")!;
    const persona = personaOf(task, readRetailDb(), expectedOf(task).outcomes);
    expect(persona.requests.map((r) => [r.tool, r.identity?.zip])).toEqual([
      ["modify_user_address", "80280"], ["modify_pending_order_address", "10001"], ["modify_user_address", "10001"],
    ]);
  });

  test("tasks 22 and 72 reach their databases: a move then its order, and an order back to the default address", async () => {
    const { results } = await runOffline(readTasks(defaultTasksFile()).filter((t) => ["22", "72"].includes(t.id)), { noReact: true, print: () => {} });
    for (const result of results) expect(result).toMatchObject({ pass: true, by: "person", notes: [] });
  }, 60_000);
});

describe("a hand-off played by the scripted person", () => {
  test("a task whose ground truth is transfer_to_human_agents goes to the skill whose handoff: step names it", async () => {
    // Tasks 10 and 50 under other ids, so no conversation written by hand plays them.
    const tasks = readTasks(defaultTasksFile()).filter((t) => ["10", "50"].includes(t.id)).map((t) => ({ ...t, id: `${t.id}-person` }));
    const retail = await loadRetailSkills();
    expect(retail.writers.get("transfer_to_human_agents")).toEqual(["human-agent"]);
    const { results, lines } = await runOffline(tasks, { noReact: true, print: () => {} });
    for (const result of results) {
      expect(result).toMatchObject({ pass: true, by: "person", writes: ["transfer_to_human_agents"] });
      expect(result.notes.filter((n) => n.startsWith("no skill for"))).toEqual([]);
      expect(result.calls).toBe(1); // the opening message names the hand-off skill, whose summary it gives
    }
    expect(lines).toContain("passed: 2 of 2 tasks (0 by a conversation written by hand)");
  }, 60_000);
});
