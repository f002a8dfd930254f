/**
 * Issue 3, point 8: `when`, `repeat`, `chat` and `say`. Per-iteration answers are keyed `field@scope`
 * with the loop variable bound to the row; `chat` never stops the replay and only allows a free reply
 * on a path that passed it; `say` is shown once per rendered text.
 */
import { describe, expect, it } from "vitest";
import { understandingContext } from "../../src/runtime/understanding-context.js";
import { asked, cards, Host, says, skillFrom, T, toolInfo, writes, type Turn } from "./host.js";

const RETURNS_MD = `---
name: returns
description: Review each item of an order and return the ones not kept.
---
## Fields

\`\`\`yaml
order_id: { pattern: "^O-[0-9]{4}$" }
keep: { yes_no: true, description: whether to keep the item }
\`\`\`

## Steps

\`\`\`yaml
- ask: { order_id: "Which order?" }
- say: "Order {order_id} has {order_items.count} items."
- chat: "Answer questions about the items. Never promise a refund."
- repeat: { for: item, in: order_items.items }
  steps:
    - ask: { keep: "Keep the {item.name}?" }
    - when: "!keep"
      steps:
        - confirm: { return_item: "Return the {item.name}?" }
        - do: create_return
- say: "All items reviewed."
\`\`\`
`;

const itemRow = T.obj({ id: T.str, name: T.str });
const skill = skillFrom(RETURNS_MD, [
  toolInfo("order_items", "lookup", { order_id: T.str }, { count: T.int, items: T.list(itemRow) }),
  toolInfo("create_return", "write", { order_id: T.str, item: itemRow }, { rma: T.str }),
]);
const ITEMS = [{ id: "A1", name: "lamp" }, { id: "B2", name: "chair" }];

function host(): Host {
  return new Host(skill, {
    order_items: () => ({ count: ITEMS.length, items: ITEMS }),
    create_return: ({ item }) => ({ rma: `RMA-${(item as { id: string }).id}` }),
  });
}

const questions = (effects: Turn["effects"]) => effects.flatMap((e) => (e.type === "ask" ? [e.question] : []));

describe("repeat", () => {
  it("asks once per row, with the loop variable bound to the row and answers keyed field@scope", () => {
    const h = host();
    const first = h.text("order O-1234", { order_id: "O-1234" });
    expect(questions(first.effects)).toEqual(["Keep the lamp?"]);
    expect(h.state.pending).toMatchObject({ kind: "ask", field: "keep", answerKey: "keep@4:A1" });
    const second = h.text("yes", { keep: true });
    expect(h.state.answers["keep@4:A1"]).toMatchObject({ value: true, by: "model" });
    expect(h.state.answers.keep).toBeUndefined();
    expect(questions(second.effects)).toEqual(["Keep the chair?"]);
  });

  it("a model value for a per-iteration field applies to the current iteration only", () => {
    const h = host();
    h.text("order O-1234", { order_id: "O-1234" });
    h.text("keep it", { keep: true });
    expect(Object.keys(h.state.answers).filter((k) => k.startsWith("keep"))).toEqual(["keep@4:A1"]);
    expect(h.state.pending).toMatchObject({ answerKey: "keep@4:B2" });
  });
});

describe("when", () => {
  it("runs its steps only while the condition holds; a confirm inside covers that iteration's write", () => {
    const h = host();
    h.text("order O-1234", { order_id: "O-1234" });
    h.text("keep the lamp", { keep: true });
    const turn = h.text("return the chair", { keep: false });
    expect(cards(turn).map((c) => c.writes)).toEqual([
      [{
        tool: "create_return", instance: "4.2.2@4:B2", inputs: { order_id: "O-1234", item: ITEMS[1] },
        words: "Create return", details: [{ input: "order_id", label: "Order id", value: "O-1234" }, { input: "item", label: "Item", value: "chair (id: B2)" }],
      }],
    ]);
    expect(h.state.pending).toMatchObject({ kind: "confirm", key: "return_item@4:B2" });
    const yes = h.press("return_item");
    expect(writes(yes)).toEqual(["create_return"]);
    expect(yes.calls[0].inputs).toEqual({ order_id: "O-1234", item: ITEMS[1] });
    expect(says(yes)).toEqual(["All items reviewed."]);
  });

  it("turning the condition off later leaves its steps unasked", () => {
    const h = host();
    h.text("order O-1234", { order_id: "O-1234" });
    h.text("keep the lamp", { keep: true });
    h.text("return the chair", { keep: false });
    const turn = h.text("actually keep the chair", { keep: true });
    expect(cards(turn)).toEqual([]);
    expect(says(turn)).toEqual(["All items reviewed."]);
    expect(h.runs.filter((r) => r.kind === "write")).toEqual([]);
  });
});

describe("chat", () => {
  it("never stops the replay and is offered to the model only once passed", () => {
    const h = host();
    h.text("hi", {});
    expect(understandingContext(skill, h.state).chat).toBeUndefined();
    const turn = h.text("order O-1234", { order_id: "O-1234" });
    expect(asked(turn)).toBe("keep");
    expect(understandingContext(skill, h.state).chat).toEqual({
      instructions: "Answer questions about the items. Never promise a refund.",
    });
  });

  it("shows the model's free reply before the question on a path past a chat step, and sets nothing", () => {
    const h = host();
    h.text("order O-1234", { order_id: "O-1234" });
    const turn = h.text("is the lamp LED?", {}, "Yes, it takes an LED bulb.");
    expect(turn.effects.map((e) => e.type)).toEqual(["say", "ask"]);
    expect(says(turn)).toEqual(["Yes, it takes an LED bulb."]);
    expect(Object.keys(h.state.answers)).toEqual(["order_id"]);
  });

  it("drops a free reply when no chat step was passed", () => {
    const h = host();
    const turn = h.text("hello", {}, "I can refund everything!");
    expect(says(turn)).toEqual([]);
    expect(turn.trace).toContainEqual({ type: "dropped", field: "reply", reason: "no chat step on the current path" });
  });
});

describe("say", () => {
  it("is shown once per rendered text; a different rendering is shown again", () => {
    const h = host();
    const first = h.text("order O-1234", { order_id: "O-1234" });
    expect(says(first)).toEqual(["Order O-1234 has 2 items."]);
    expect(says(h.text("hm", {}))).toEqual([]);
    expect(says(h.text("no, O-5678", { order_id: "O-5678" }))).toEqual(["Order O-5678 has 2 items."]);
  });
});
