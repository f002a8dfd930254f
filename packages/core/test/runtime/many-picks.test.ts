/**
 * Issue 23: an answer that is a list — several rows picked from one grid (`many: true` beside `from:`).
 * Only the person picks, every id must be a row of the list as it is now, each row at most once and at
 * least one; the card lists every element, and a change of any element voids the yes. Each attack on
 * the gate is kept here as a test.
 */
import { describe, expect, it } from "vitest";
import { checkSkill } from "../../src/check/index.js";
import { parseSkill } from "../../src/format/parse-skill.js";
import { cards, dropped, Host, refusals, says, skillFrom, T, toolInfo, writes, type Turn } from "./host.js";

const md = (extra = "", steps = "") => `---
name: returns
description: Return items of an order.
---
## Fields

\`\`\`yaml
order_id: { pattern: "^#W[0-9]+$" }
rating: { number: { min: 1, max: 5 } }
\`\`\`

## Steps

\`\`\`yaml
- ask: { order_id: "Which order?" }
- ask: { item_ids: "Which items would you like to return?" }
  from: find_order.items
  many: true
  columns: { name: Item, price: Price }
${extra}- confirm: { send_back: "Return {item_ids.name} ({size(item_ids)} items) from order {order_id}?" }
${steps}- do: return_items
- say: "Returned {size(return_items.returned)} items."
\`\`\`
`;
const item = T.obj({ id: T.str, name: T.str, price: T.dbl });
const TOOLS = [
  toolInfo("find_order", "lookup", { order_id: T.str }, { items: T.list(item) }),
  { ...toolInfo("return_items", "write", { order_id: T.str, item_ids: T.list(T.str) }, { returned: T.list(T.str) }), card: "Return {item_ids} from order {order_id}" },
];
const ORDERS: Record<string, Array<{ id: string; name: string; price: number }>> = {
  "#W1": [{ id: "lamp", name: "Lamp", price: 40 }, { id: "chair", name: "Chair", price: 120 }, { id: "chair#2", name: "Chair", price: 120 }],
  "#W2": [{ id: "mug", name: "Mug", price: 8 }],
};

function host(text = md()) {
  const skill = skillFrom(text, TOOLS);
  return new Host(skill, {
    find_order: (i) => ({ items: ORDERS[String(i.order_id)] ?? [] }),
    return_items: (i) => ({ returned: i.item_ids }),
  });
}

const writeInputs = (turn: Turn) => turn.calls.filter((c) => c.kind === "write").map((c) => c.inputs);

describe("many: true — several rows picked from one grid", () => {
  it("loads, offers a grid that takes several rows, and the card lists every picked row", () => {
    const h = host();
    expect(checkSkill(h.skill)).toEqual([]);
    const ask = h.text("order #W1", { order_id: "#W1" }).effects.find((e) => e.type === "ask");
    expect(ask).toMatchObject({ field: "item_ids", widget: { kind: "grid", many: true, field: "item_ids" } });
    expect(h.state.pending).toMatchObject({ kind: "ask", pick: true, many: true });
    const card = cards(h.pick("item_ids", ["lamp", "chair#2"]))[0]!;
    expect(card.question).toBe("Return Lamp, Chair (2 items) from order #W1?");
    expect(card.writes).toEqual([{
      tool: "return_items", instance: expect.any(String), inputs: { order_id: "#W1", item_ids: ["lamp", "chair#2"] },
      words: "Return lamp, chair#2 from order #W1", details: [],
    }]);
    const done = h.press("send_back");
    expect(writeInputs(done)).toEqual([{ order_id: "#W1", item_ids: ["lamp", "chair#2"] }]);
    expect(says(done)).toEqual(["Returned 2 items."]);
  });

  it("refuses an id that is not a row of the list, a duplicate, an empty list and a single id; nothing is written", () => {
    const attacks: Array<[unknown, string]> = [
      [["lamp", "sofa"], "Please pick one or more of the listed options."],
      [["lamp", "lamp"], "Please pick each of the listed options at most once."],
      [[], "Please pick one or more of the listed options."],
      ["lamp", "Please pick one or more of the listed options."],
      [[{ id: "lamp" }], "Please pick one or more of the listed options."],
    ];
    for (const [value, refusal] of attacks) {
      const h = host();
      h.text("order #W1", { order_id: "#W1" });
      const turn = h.pick("item_ids", value);
      expect(refusals(turn), JSON.stringify(value)).toEqual([refusal]);
      expect(cards(turn)).toEqual([]);
      expect(h.state.pending).toMatchObject({ kind: "ask", field: "item_ids" });
      expect(h.runs.filter((r) => r.kind === "write")).toEqual([]);
    }
  });

  it("never takes the list from the model, not even ids that are rows", () => {
    const h = host();
    h.text("order #W1", { order_id: "#W1" });
    const turn = h.text("the lamp and a chair", { item_ids: ["lamp", "chair"] });
    expect(dropped(turn)).toEqual(["item_ids"]);
    expect(h.state.pending).toMatchObject({ kind: "ask", field: "item_ids" });
  });

  it("refuses the picked rows once the list no longer holds them (another order), before any card", () => {
    const h = host();
    h.text("order #W1", { order_id: "#W1" });
    expect(cards(h.pick("item_ids", ["lamp", "chair"]))).toHaveLength(1);
    const turn = h.text("no, order #W2", { order_id: "#W2" });
    expect(refusals(turn)).toEqual(["Please pick one or more of the listed options."]);
    expect(h.state.pending).toMatchObject({ kind: "ask", field: "item_ids" });
    expect(cards(h.pick("item_ids", ["mug"]))[0]!.writes[0]!.inputs).toEqual({ order_id: "#W2", item_ids: ["mug"] });
  });

  it("a change of any element voids the yes: the same count and first row, another second row", () => {
    // The ask after the confirm takes nothing the write reads, so the yes is given before the write runs.
    const h = host(md("", '- ask: { rating: "While we prepare it: how did we do, 1 to 5?" }\n'));
    h.text("order #W1", { order_id: "#W1" });
    const first = cards(h.pick("item_ids", ["lamp", "chair"]))[0]!;
    expect(h.press("send_back").effects.some((e) => e.type === "ask" && e.field === "rating")).toBe(true);
    const again = cards(h.pick("item_ids", ["lamp", "chair#2"]))[0]!;
    expect(again.digest).not.toBe(first.digest);
    expect(again.writes[0]!.inputs.item_ids).toEqual(["lamp", "chair#2"]);
    expect(h.state.pending).toMatchObject({ kind: "confirm", confirm: "send_back" });
    const stale = h.send({ type: "press", confirm: "send_back", yes: true, card: first.digest });
    expect(says(stale)).toContain("What you were asked to confirm has changed since you saw it, so nothing was done. Please check the new details.");
    expect(h.runs.filter((r) => r.kind === "write")).toEqual([]);
    h.press("send_back");
    const done = h.text("5", { rating: 5 });
    expect(writes(done)).toEqual(["return_items"]);
    expect(writeInputs(done)).toEqual([{ order_id: "#W1", item_ids: ["lamp", "chair#2"] }]);
  });
});

describe("many: true in the file", () => {
  const check = (text: string, tools = TOOLS) => {
    const { skill, diagnostics } = parseSkill(text, "returns/SKILL.md");
    return [...diagnostics, ...(skill ? checkSkill({ ...skill, tools: Object.fromEntries(tools.map((t) => [t.name, t])) }) : [])];
  };

  it("many: without from:, or not yes/no, is an invalid-step", () => {
    const noFrom = check(md().replace("  from: find_order.items\n", "").replace("  columns: { name: Item, price: Price }\n", ""));
    expect(noFrom.map((d) => [d.ruleId, d.reason])).toContainEqual(["invalid-step", "`many:` is on an ask without `from:`, so there are no rows to pick several of."]);
    const wrong = check(md().replace("many: true", "many: 2"));
    expect(wrong.map((d) => [d.ruleId, d.reason])).toContainEqual(["invalid-step", "`many:` is `2`, not `true` or `false`."]);
  });

  it("a list of ids bound to an input that takes one id, or one id to an input that takes a list, is an input-type-mismatch", () => {
    const oneId = [TOOLS[0]!, { ...toolInfo("return_items", "write", { order_id: T.str, item_ids: T.str }, { returned: T.list(T.str) }), card: "Return {item_ids} from order {order_id}" }];
    expect(check(md(), oneId).map((d) => [d.ruleId, d.line, d.reason, d.fix])).toEqual([[
      "input-type-mismatch", 21,
      "`return_items` takes `item_ids` as text, but `item_ids` (asked at line 16) is a list of text (several rows picked, `many: true`).",
      "Make the input of `return_items` a list of ids, or remove `many: true` to pick one row.",
    ]]);
    const single = check(md().replace("  many: true\n", "").replace(" ({size(item_ids)} items)", "").replace("{size(return_items.returned)}", "the"));
    expect(single.map((d) => [d.ruleId, d.reason])).toEqual([[
      "input-type-mismatch",
      "`return_items` takes `item_ids` as a list of text, but `item_ids` (asked at line 16) is text (one row picked).",
    ]]);
  });

  it("columns: still works, and a many pick's rows read by its name are typed as a list", () => {
    const bad = check(md().replace("{item_ids.name}", "{item_ids.nmae}"));
    expect(bad.map((d) => [d.ruleId, d.reason])).toEqual([["unknown-reference", "In `item_ids.nmae`, `item_ids` has no property `nmae`."]]);
    const typed = check(md().replace("({size(item_ids)} items)", "({item_ids.price > 10})"));
    expect(typed.map((d) => d.ruleId)).toEqual(["ill-typed-hole"]);
  });
});
