/**
 * Issue 23: answers given inside a `repeat` gathered into one list (`as:`) that a single write after it
 * takes, bound with `with:`. The card lists every element (every old and every new item), and a change
 * of any element — an answer of one pass, a list that grows or shrinks — voids the yes. Each attack on
 * the gate is kept here as a test.
 */
import { describe, expect, it } from "vitest";
import { checkSkill } from "../../src/check/index.js";
import { cards, Host, says, skillFrom, T, toolInfo, type Turn } from "./host.js";

const STEPS = `- ask: { order_id: "Which order?" }
- ask: { item_ids: "Which items would you like to exchange?" }
  from: find_order.items
  many: true
- repeat: { for: line, in: "find_order.items.filter(i, i.id in item_ids)", as: changes }
  steps:
    - ask: { new_item_id: "What would you like instead of the {line.name}?" }
      from: "find_product.variants.filter(v, v.available && v.id != line.item_id)"
- confirm: { swap: "Exchange {changes.map(c, c.line.name + ' ' + c.line.item_id + ' for ' + c.picked.new_item_id.name + ' ' + c.new_item_id)} in order {order_id}?" }
`;
const WRITE = `- do: exchange_items
  with: { item_ids: "changes.map(c, c.line.item_id)", new_item_ids: "changes.map(c, c.new_item_id)" }
- say: "Exchanged {size(exchange_items.exchanged)} items."
`;
const md = (steps = STEPS + WRITE, fields = "order_id: { pattern: \"^#W[0-9]+$\" }\nrating: { number: { min: 1, max: 5 } }") => `---
name: exchange
description: Exchange items of an order.
---
## Fields

\`\`\`yaml
${fields}
\`\`\`

## Steps

\`\`\`yaml
${steps}\`\`\`
`;
const line = T.obj({ id: T.str, item_id: T.str, product_id: T.str, name: T.str });
const variant = T.obj({ id: T.str, name: T.str, available: T.bool });
const TOOLS = [
  toolInfo("find_order", "lookup", { order_id: T.str }, { items: T.list(line) }),
  toolInfo("find_product", "lookup", { product_id: T.str }, { variants: T.list(variant) }),
  {
    ...toolInfo("exchange_items", "write", { order_id: T.str, item_ids: T.list(T.str), new_item_ids: T.list(T.str) }, { exchanged: T.list(T.str) }),
    card: "Exchange {item_ids} for {new_item_ids} in order {order_id}",
  },
];
const ITEMS = [
  { id: "lamp-1", item_id: "lamp-1", product_id: "lamp", name: "Lamp" },
  { id: "mug-1", item_id: "mug-1", product_id: "mug", name: "Mug" },
  { id: "mug-1#2", item_id: "mug-1", product_id: "mug", name: "Mug" },
];
const VARIANTS: Record<string, Array<{ id: string; name: string; available: boolean }>> = {
  lamp: [{ id: "lamp-1", name: "white lamp", available: true }, { id: "lamp-2", name: "black lamp", available: true }, { id: "lamp-3", name: "red lamp", available: false }],
  mug: [{ id: "mug-1", name: "small mug", available: true }, { id: "mug-2", name: "big mug", available: true }, { id: "mug-3", name: "blue mug", available: true }],
};

function host(text = md()) {
  const skill = skillFrom(text, TOOLS);
  return new Host(skill, {
    find_order: () => ({ items: ITEMS }),
    find_product: (i) => ({ variants: VARIANTS[String(i.product_id)] ?? [] }),
    exchange_items: (i) => ({ exchanged: i.new_item_ids }),
  });
}
const writes = (h: Host) => h.runs.filter((r) => r.kind === "write").map((r) => r.inputs);
const asked = (turn: Turn) => turn.effects.filter((e) => e.type === "ask").map((e) => (e as { question: string }).question);

/** Signs in to order #W1, picks `lines`, and answers each pass with `picks` in order. */
function upToCard(h: Host, lines: string[], picks: string[]): Turn {
  h.text("order #W1", { order_id: "#W1" });
  let turn = h.pick("item_ids", lines);
  for (const pick of picks) turn = h.pick("new_item_id", pick);
  return turn;
}

describe("repeat … as: — the answers of every pass, gathered for one write", () => {
  it("loads, asks once per line from that line's product's other available variants, and the card lists every old and new item", () => {
    const h = host();
    expect(checkSkill(h.skill)).toEqual([]);
    h.text("order #W1", { order_id: "#W1" });
    const first = h.pick("item_ids", ["lamp-1", "mug-1#2"]);
    expect(asked(first)).toEqual(["What would you like instead of the Lamp?"]);
    expect(first.effects.find((e) => e.type === "ask")).toMatchObject({ widget: { rows: [{ id: "lamp-2" }] } });
    expect(asked(h.pick("new_item_id", "lamp-3"))).toEqual(["What would you like instead of the Lamp?"]);   // not available: refused
    expect(asked(h.pick("new_item_id", "lamp-2"))).toEqual(["What would you like instead of the Mug?"]);
    const card = cards(h.pick("new_item_id", "mug-3"))[0]!;
    expect(card.question).toBe("Exchange Lamp lamp-1 for black lamp lamp-2, Mug mug-1 for blue mug mug-3 in order #W1?");
    expect(card.writes.map((w) => w.inputs)).toEqual([{ order_id: "#W1", item_ids: ["lamp-1", "mug-1"], new_item_ids: ["lamp-2", "mug-3"] }]);
    expect(says(h.press("swap"))).toEqual(["Exchanged 2 items."]);
    expect(writes(h)).toEqual([{ order_id: "#W1", item_ids: ["lamp-1", "mug-1"], new_item_ids: ["lamp-2", "mug-3"] }]);
  });

  it("two lines of one item are two passes, each with its own answer, in the list's order", () => {
    const h = host();
    const card = cards(upToCard(h, ["mug-1#2", "mug-1"], ["mug-2", "mug-3"]))[0]!;
    expect(card.writes[0]!.inputs).toMatchObject({ item_ids: ["mug-1", "mug-1"], new_item_ids: ["mug-2", "mug-3"] });
  });

  const later = STEPS + '- ask: { rating: "While we prepare it: how did we do, 1 to 5?" }\n' + WRITE;

  it("a changed answer of one pass after the yes voids it: the write does not run, the card is shown again", () => {
    const h = host(md(later));
    const card = cards(upToCard(h, ["lamp-1", "mug-1"], ["lamp-2", "mug-2"]))[0]!;
    h.press("swap");
    const key = Object.keys(h.state.answers).find((k) => k.startsWith("new_item_id@") && k.endsWith(":mug-1"))!;
    h.state = { ...h.state, answers: { ...h.state.answers, [key]: { value: "mug-3", by: "widget", turn: h.state.turn } } };
    const turn = h.text("5", { rating: 5 });
    expect(writes(h)).toEqual([]);
    const again = cards(turn)[0]!;
    expect(again.digest).not.toBe(card.digest);
    expect(again.writes[0]!.inputs.new_item_ids).toEqual(["lamp-2", "mug-3"]);
  });

  it("a list that grows after the yes asks the new pass first, then shows a new card; the old yes releases nothing", () => {
    const h = host(md(later));
    const card = cards(upToCard(h, ["lamp-1"], ["lamp-2"]))[0]!;
    h.press("swap");
    expect(asked(h.pick("item_ids", ["lamp-1", "mug-1"]))).toEqual(["What would you like instead of the Mug?"]);
    const again = cards(h.pick("new_item_id", "mug-2"))[0]!;
    expect(again.digest).not.toBe(card.digest);
    expect(again.writes[0]!.inputs).toMatchObject({ item_ids: ["lamp-1", "mug-1"], new_item_ids: ["lamp-2", "mug-2"] });
    const stale = h.send({ type: "press", confirm: "swap", yes: true, card: card.digest });
    expect(says(stale)).toContain("What you were asked to confirm has changed since you saw it, so nothing was done. Please check the new details.");
    expect(writes(h)).toEqual([]);
  });

  it("a list that shrinks after the yes shows a new card with what is left; the old yes releases nothing", () => {
    const h = host(md(later));
    const card = cards(upToCard(h, ["lamp-1", "mug-1"], ["lamp-2", "mug-2"]))[0]!;
    h.press("swap");
    const again = cards(h.pick("item_ids", ["mug-1"]))[0]!;
    expect(again.digest).not.toBe(card.digest);
    expect(again.writes[0]!.inputs).toMatchObject({ item_ids: ["mug-1"], new_item_ids: ["mug-2"] });
    h.text("5", { rating: 5 });
    expect(writes(h)).toEqual([]);
  });
});

describe("repeat … as: — checked when the skill loads", () => {
  const rules = (text: string) => checkSkill(skillFrom(text, TOOLS)).map((d) => `${d.ruleId}: ${d.reason}`);

  it("a field of the body read after the repeat is refused, with the gathered list as the fix", () => {
    const text = md(STEPS + '- say: "You picked {new_item_id}."\n' + WRITE);
    const found = checkSkill(skillFrom(text, TOOLS)).find((d) => d.ruleId === "used-before-asked")!;
    expect(found.reason).toContain("`new_item_id` is asked inside the `repeat` at");
    expect(found.fix).toContain("`changes.map(c, c.new_item_id)`");
  });

  it("the gathered list read before its repeat is refused", () => {
    const text = md('- say: "So far: {changes}"\n' + STEPS + WRITE);
    expect(rules(text).some((r) => r.startsWith("used-before-asked: `changes` gathers the answers of the `repeat` at"))).toBe(true);
  });

  it("a confirm above the repeat does not cover the write: the passes' answers come after the yes", () => {
    const steps = STEPS.replace(/- confirm: .*\n/, "").replace("- repeat:", '- confirm: { swap: "Exchange these?" }\n- repeat:');
    const text = md(steps + WRITE);
    expect(rules(text).some((r) => r.startsWith("ungated-write:"))).toBe(true);
  });

  it("types flow into with: a list of records is not a list of ids", () => {
    const text = md(STEPS + WRITE.replace("changes.map(c, c.new_item_id)", "changes.map(c, c.picked.new_item_id)"));
    expect(rules(text).some((r) => r.startsWith("ill-typed-input:"))).toBe(true);
  });

  it("a gathered name that is a field's or the loop variable's is refused", () => {
    expect(rules(md(STEPS.replace("as: changes", "as: order_id")))).toContain(
      "bad-repeat: The gathered answers `order_id` (`as:`) have the name of a field, so reading `order_id` would be ambiguous.");
    expect(rules(md(STEPS.replace("as: changes", "as: line"))).some((r) => r.startsWith("bad-repeat: The gathered answers `line`"))).toBe(true);
  });

  it("a property the records do not have is an unknown reference", () => {
    const text = md(STEPS + WRITE.replace("c.new_item_id)", "c.new_item)"));
    expect(rules(text).some((r) => r.startsWith("unknown-reference:"))).toBe(true);
  });
});
