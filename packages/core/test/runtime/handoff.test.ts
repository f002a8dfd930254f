/**
 * The `handoff` step: the hand-off tool runs with no confirm, once, and the conversation ends there —
 * `tell:` is said, the state records the hand-off, and every later event is answered with one sentence
 * and applies nothing, so no write can run after it.
 */
import { describe, expect, it } from "vitest";
import { HANDED_OFF } from "../../src/runtime/run-handoff.js";
import { step } from "../../src/runtime/step.js";
import { asked, errors, Host, says, skillFrom, T, toolInfo, tools, writes } from "./host.js";

const TOOLS = [
  toolInfo("transfer_to_agent", "handoff", { summary: T.str }, { ok: T.bool }),
  toolInfo("cancel_order", "write", { order_id: T.str }, { cancelled: T.bool }),
];

const TELL = "YOU ARE BEING TRANSFERRED TO A HUMAN AGENT. PLEASE HOLD ON.";

const SKILL = `---
name: help
description: Cancel an order, or pass the person to a human agent.
---

## Fields

\`\`\`yaml
summary: { text: true }
order_id: { text: true }
\`\`\`

## Steps

\`\`\`yaml
- ask: { summary: "What do you need?" }
- when: summary == "a person"
  steps:
    - handoff: transfer_to_agent
      with: { summary: '"asks for a person"' }
      tell: "${TELL}"
- ask: { order_id: "Which order?" }
- confirm: { cancel: "Cancel order {order_id}?" }
- do: cancel_order
\`\`\`
`;

function host(fail: string[] = []): Host {
  return new Host(skillFrom(SKILL, TOOLS), {
    transfer_to_agent: () => {
      const how = fail.shift();
      if (how) throw Object.assign(new Error("the queue is down"), { rejected: how === "reject" });
      return { ok: true };
    },
    cancel_order: () => ({ cancelled: true }),
  });
}

describe("handoff", () => {
  it("runs the hand-off tool with no confirm, says tell:, and ends the conversation", () => {
    const h = host();
    const turn = h.text("a person please", { summary: "a person" });
    expect(turn.calls).toEqual([expect.objectContaining({ tool: "transfer_to_agent", kind: "handoff", inputs: { summary: "asks for a person" } })]);
    expect(says(turn)).toEqual([TELL]);
    expect(turn.trace).toContainEqual({ type: "handed_off", tool: "transfer_to_agent", instance: "2.1" });
    expect(turn.effects.some((e) => e.type === "confirm")).toBe(false);
    expect(h.state.pending).toEqual({ kind: "done" });
    expect(h.state.handedOff).toEqual({ tool: "transfer_to_agent", instance: "2.1", turn: 1 });
  });

  it("answers every later event with one sentence and applies nothing: no write runs after it", () => {
    const h = host();
    h.text("a person please", { summary: "a person" });
    const before = h.state;
    for (const turn of [h.text("cancel order W1 then", { summary: "cancel", order_id: "W1" }), h.press("cancel"), h.pick("order_id", "W1")]) {
      expect(says(turn)).toEqual([HANDED_OFF]);
      expect(tools(turn)).toEqual([]);
    }
    expect(h.state.answers).toEqual(before.answers);
    expect(h.state.ledger).toEqual(before.ledger);
    expect(h.runs.map((r) => r.tool)).toEqual(["transfer_to_agent"]);
  });

  it("does not hand off when the path does not reach it, and the rest of the skill runs as written", () => {
    const h = host();
    expect(asked(h.text("cancel my order", { summary: "cancel" }))).toBe("order_id");
    h.text("W1", { order_id: "W1" });
    expect(writes(h.press("cancel"))).toEqual(["cancel_order"]);
    expect(h.state.handedOff).toBeUndefined();
  });

  it("runs at most once: a tool result fed again, or a replay of the state after it, calls nothing", () => {
    const h = host();
    const turn = h.text("a person please", { summary: "a person" });
    const call = turn.calls[0]!;
    const again = step(h.skill, h.state, { type: "tool_result", tool: call.tool, key: call.key, ok: true, output: { ok: true }, durationMs: 1 });
    expect(again.effects.filter((e) => e.type === "call")).toEqual([]);
    expect(again.effects.filter((e) => e.type === "say")).toEqual([]);
    // The checkpoint taken before the call ran (its `started` entry stored) re-sends it with the same key.
    const started = turn.results[0]!.state;
    expect(started.ledger["2.1"]?.status).toBe("started");
    const resent = step(h.skill, started, { type: "text", text: "hello?", extraction: { ok: true, values: {} } });
    expect(resent.effects).toContainEqual(expect.objectContaining({ type: "call", kind: "handoff", key: call.key }));
  });

  it("a hand-off in doubt is said and retried with the same inputs and key; the conversation goes on only once it ran", () => {
    const h = host(["doubt"]);
    const first = h.text("a person please", { summary: "a person" });
    expect(errors(first)).toEqual(["transfer_to_agent failed: the queue is down, so it may or may not have gone through; the conversation was not handed over. Send any message to try again."]);
    expect(h.state.handedOff).toBeUndefined();
    const second = h.text("still there?", {});
    expect(says(second)).toEqual([TELL]);
    expect(h.runs.map((r) => r.key)).toEqual([first.calls[0]!.key, first.calls[0]!.key]);
  });

  it("a rejected hand-off is retried on the next message, and no write runs meanwhile", () => {
    const h = host(["reject"]);
    const first = h.text("a person please", { summary: "a person" });
    expect(errors(first)[0]).toContain("the conversation was not handed over");
    expect(writes(h.press("cancel"))).toEqual([]);
    expect(h.state.handedOff?.tool).toBe("transfer_to_agent");
  });

  it("holds whatever the IR: a `do:` of a hand-off tool never runs, and a `handoff:` of a write never runs", () => {
    const asDo = skillFrom(SKILL.replace(/- handoff: transfer_to_agent\n.*\n.*\n/, "- confirm: { go: \"Go?\" }\n    - do: transfer_to_agent\n"), TOOLS);
    const h = new Host(asDo, { transfer_to_agent: () => ({ ok: true }) });
    h.text("a person please", { summary: "a person" });
    const turn = h.press("go");
    expect(tools(turn)).toEqual([]);
    expect(errors(turn)[0]).toBe("transfer_to_agent was not run: it is a hand-off tool, so it runs only from a `handoff:` step, never from `do:`.");
    const asWrite = skillFrom(SKILL.replace("handoff: transfer_to_agent", "handoff: cancel_order").replace(`with: { summary: '"asks for a person"' }`, `with: { order_id: '"W1"' }`), TOOLS);
    const w = new Host(asWrite, { cancel_order: () => ({ cancelled: true }) });
    const refused = w.text("a person please", { summary: "a person" });
    expect(tools(refused)).toEqual([]);
    expect(errors(refused)[0]).toBe("cancel_order was not run: it is a write, not a hand-off tool, so a `handoff:` step cannot run it.");
  });
});
