/**
 * `default:` on a field, and `## Values`, in the runtime: a field reached with no answer takes its
 * default and the ask does not stop; the default follows what it reads until a value is given; a
 * default that fails a check, or has no value, asks the question (with no refusal); the card marks a
 * defaulted input; and the red cases: a default never gets a write past its confirm, and what the card
 * shows is what the write receives.
 */
import { describe, expect, it } from "vitest";
import { asked, cards, errors, Host, refusals, skillFrom, T, toolInfo, writes, type Turn } from "./host.js";
import { understandingContext } from "../../src/runtime/understanding-context.js";

const TOOLS = [
  toolInfo("get_order", "lookup", { order_id: T.str }, { address: T.obj({ line1: T.str, line2: T.str, zip: T.str }), total: T.dbl }),
  toolInfo("set_address", "write", { order_id: T.str, line1: T.str, line2: T.str, zip: T.str }, { ok: T.bool }),
  toolInfo("set_lines", "write", { line1: T.str, line2: T.str, zip: T.str }, { ok: T.bool }),
];

const skillText = (write = "set_address") => `---
name: move
description: Change an order's address.
---

## Fields

\`\`\`yaml
order_id: { text: true }
line1: { text: true, default: "get_order.address.line1" }
line2: { pattern: "^.*$", default: "get_order.address.line2" }
zip: { pattern: "^[0-9]{5}$", default: "get_order.address.zip" }
\`\`\`

## Steps

\`\`\`yaml
- ask: { order_id: "Which order?" }
- say: "That order costs {with_tax} EUR."
- ask: { line1: "First line?" }
- ask: { line2: "Second line?" }
- ask: { zip: "Zip?" }
  check:
    "zip != '00000'": "No such zip."
- confirm: { move: "Send order {order_id} to {line1}, {line2}, {zip}?" }
- do: ${write}
\`\`\`

## Values

\`\`\`yaml
with_tax: "round(get_order.total * 1.2, 2)"
\`\`\`
`;

type Address = { line1: string; line2: string; zip: string };
const ADDRESSES: Record<string, Address> = {
  A1: { line1: "1 Main St", line2: "", zip: "12345" },
  A2: { line1: "9 Elm Rd", line2: "Flat 2", zip: "54321" },
  Z0: { line1: "0 Nowhere", line2: "", zip: "00000" },
  BAD: { line1: "5 Bad Way", line2: "", zip: "oops" },
};

function host(write?: string): Host {
  return new Host(skillFrom(skillText(write), TOOLS), {
    get_order: (i) => ({ address: ADDRESSES[String(i.order_id)], total: 10.5 }),
    set_address: () => ({ ok: true }),
    set_lines: () => ({ ok: true }),
  });
}

const card = (turn: Turn) => cards(turn).at(-1)!;

describe("default: in the runtime", () => {
  it("takes the defaults without stopping, marks them on the card, and evaluates a value on demand", () => {
    const h = host();
    const turn = h.text("order A1", { order_id: "A1" });
    expect(turn.effects.filter((e) => e.type === "say").map((e) => (e as { text: string }).text)).toEqual(["That order costs 12.6 EUR."]);
    expect(asked(turn)).toBeUndefined();
    expect(card(turn).question).toBe("Send order A1 to 1 Main St, , 12345?");
    expect(card(turn).writes[0]!.details.map((d) => `${d.input}=${d.value}`)).toEqual(["order_id=A1", "line1=1 Main St (default)", "line2= (default)", "zip=12345 (default)"]);
    expect(h.state.answers.line1).toMatchObject({ value: "1 Main St", by: "default" });
    expect(Object.hasOwn(h.state.answers, "with_tax")).toBe(false);
  });

  it("changes only the line the person gives; the others stay defaults", () => {
    const h = host();
    h.text("order A1", { order_id: "A1" });
    const turn = h.text("same address, but Suite 641", { line2: "Suite 641" });
    expect(card(turn).question).toBe("Send order A1 to 1 Main St, Suite 641, 12345?");
    expect(card(turn).writes[0]!.details.map((d) => `${d.input}=${d.value}`)).toEqual(["order_id=A1", "line1=1 Main St (default)", "line2=Suite 641", "zip=12345 (default)"]);
    const done = h.press("move");
    expect(done.calls.find((c) => c.tool === "set_address")!.inputs).toEqual({ order_id: "A1", line1: "1 Main St", line2: "Suite 641", zip: "12345" });
  });

  it("tells the model the value each defaulted field holds, and not the values the person gave", () => {
    const h = host();
    h.text("order A1", { order_id: "A1" });
    h.text("Suite 641", { line2: "Suite 641" });
    const fields = understandingContext(h.skill, h.state).fields;
    expect(fields.map((f) => [f.name, f.current])).toEqual([["order_id", undefined], ["line1", "1 Main St"], ["line2", undefined], ["zip", "12345"]]);
  });

  it("does not tell the model a default held by a field whose ask is no longer on the path", () => {
    const h = new Host(skillFrom(skillText().replace("- ask: { line1:", "- when: order_id != 'Z0'\n  steps:\n    - ask: { line1:"), TOOLS), {
      get_order: (i) => ({ address: ADDRESSES[String(i.order_id)], total: 10.5 }),
      set_address: () => ({ ok: true }),
    });
    h.text("order A1", { order_id: "A1" });
    expect(understandingContext(h.skill, h.state).fields.find((f) => f.name === "line1")!.current).toBe("1 Main St");
    h.text("order Z0", { order_id: "Z0" });
    expect(understandingContext(h.skill, h.state).fields.find((f) => f.name === "line1")!.current).toBeUndefined();
  });

  it("follows its expression until a value is given: another order changes the defaults, not the given line", () => {
    const h = host();
    h.text("order A1", { order_id: "A1" });
    h.text("Suite 641", { line2: "Suite 641" });
    const turn = h.text("sorry, order A2", { order_id: "A2" });
    expect(card(turn).question).toBe("Send order A2 to 9 Elm Rd, Suite 641, 54321?");
  });

  it("asks the question, with no refusal, when the default fails a check or does not fit the shape", () => {
    const h = host();
    const checked = h.text("order Z0", { order_id: "Z0" });
    expect(asked(checked)).toBe("zip");
    expect(refusals(checked)).toEqual([]);
    expect(errors(checked)).toEqual([]);
    const h2 = host();
    const shape = h2.text("order BAD", { order_id: "BAD" });
    expect(asked(shape)).toBe("zip");
    expect(refusals(shape)).toEqual([]);
    expect(h2.state.answers.line1).toMatchObject({ by: "default" });
    expect(asked(h2.text("12121", { zip: "12121" }))).toBeUndefined();
  });

  it("red: a default that changes after the yes voids the yes; the write never receives what the card did not show", () => {
    const h = host();
    const first = h.text("order A1", { order_id: "A1" });
    const shown = card(first);
    // The order changes between the card and the press: the defaults follow, so the card the yes was for is gone.
    h.text("order A2", { order_id: "A2" });
    const press = h.send({ type: "press", confirm: "move", yes: true, card: shown.digest } as never);
    expect(writes(press)).toEqual([]);
    const now = h.press("move");
    expect(now.calls.find((c) => c.tool === "set_address")!.inputs).toMatchObject({ order_id: "A2", line1: "9 Elm Rd", zip: "54321" });
  });

  it("red: after the write, a change that would move a default the write took is refused, and nothing runs again", () => {
    // The write takes the lines alone: only through their defaults does the order matter to it.
    const h = host("set_lines");
    h.text("order A1", { order_id: "A1" });
    expect(writes(h.press("move"))).toEqual(["set_lines"]);
    const turn = h.text("order A2 actually", { order_id: "A2" });
    expect(refusals(turn)).toHaveLength(1);
    expect(writes(turn)).toEqual([]);
    expect(h.state.answers.order_id!.value).toBe("A1");
    expect(h.state.answers.line1).toMatchObject({ value: "1 Main St", by: "default" });
  });

  it("red: a default never releases a write by itself: the card still waits for a yes", () => {
    const h = host();
    const turn = h.text("order A1, and yes go ahead", { order_id: "A1", move: true } as never);
    expect(writes(turn)).toEqual([]);
    expect(cards(turn)).toHaveLength(1);
  });
});
