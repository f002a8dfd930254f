/**
 * Red team of the `handoff` step on the pure runtime (issue 23): a card or an approval that was waiting
 * when the conversation was handed over, answered after it; a hand-off inside a `repeat`; two hand-offs
 * on two paths; a hand-off that failed or is in doubt while the person changes the path; a hand-off tool
 * named where a lookup is read. Each test passes while the promise holds: once handed over, nothing
 * runs, and a hand-off that may have gone through is never followed by a write or a second hand-off.
 */
import { describe, expect, it } from "vitest";
import { HANDED_OFF } from "../../src/runtime/run-handoff.js";
import { errors, Host, refusals, says, skillFrom, T, toolInfo, tools, writes } from "./host.js";

const TELL = "A person will take it from here.";
const TOOLS = [
  toolInfo("transfer_to_agent", "handoff", { summary: T.str }, { ok: T.bool }),
  toolInfo("page_manager", "handoff", { summary: T.str }, { ok: T.bool }),
  toolInfo("cancel_order", "write", { order_id: T.str }, { cancelled: T.bool }),
  toolInfo("list_items", "lookup", {}, { items: T.list(T.str) }),
];

const skill = (fields: string, steps: string) => skillFrom(`---
name: attack
description: A skill that hands off on one path and writes on another.
---

## Fields

\`\`\`yaml
${fields}
\`\`\`

## Steps

\`\`\`yaml
${steps}
\`\`\`
`, TOOLS);

const CANCEL_OR_PERSON = skill(`summary: { text: true }
order_id: { text: true }`, `- ask: { summary: "What do you need?" }
- when: summary == "a person"
  steps:
    - handoff: transfer_to_agent
      tell: "${TELL}"
- ask: { order_id: "Which order?" }
- confirm: { cancel: "Cancel order {order_id}?" }
- do: cancel_order`);

const APPROVED_CANCEL = skill(`summary: { text: true }
order_id: { text: true }`, `- ask: { summary: "What do you need?" }
- when: summary == "a person"
  steps:
    - handoff: transfer_to_agent
      tell: "${TELL}"
- ask: { order_id: "Which order?" }
- confirm: { cancel: "Cancel order {order_id}?" }
  by: manager
- do: cancel_order`);

function host(s = CANCEL_OR_PERSON, fail: string[] = []) {
  const fake = (how: string | undefined) => {
    if (how === "reject") throw Object.assign(new Error("the queue refused it"), { rejected: true });
    if (how) throw new Error("the queue timed out");
    return { ok: true };
  };
  return new Host(s, {
    transfer_to_agent: () => fake(fail.shift()),
    page_manager: () => fake(fail.shift()),
    cancel_order: () => ({ cancelled: true }),
    list_items: () => ({ items: ["a", "b"] }),
  });
}

describe("attacks on the hand-off", () => {
  it("a card shown before the hand-off, pressed after it (with its digest), runs nothing", () => {
    const h = host();
    h.text("cancel W1", { summary: "cancel", order_id: "W1" });
    const card = h.state.pending.kind === "confirm" ? h.state.pending.card.digest : undefined;
    expect(card).toBeDefined();
    expect(says(h.text("no, a person", { summary: "a person" }))).toEqual([TELL]);
    const late = h.send({ type: "press", confirm: "cancel", yes: true, card: card! });
    expect(says(late)).toEqual([HANDED_OFF]);
    expect(h.runs.map((r) => r.tool)).toEqual(["transfer_to_agent"]);
  });

  it("an approval waiting when the hand-off happens, approved after it by the role, runs nothing", () => {
    const h = host(APPROVED_CANCEL);
    h.text("cancel W1", { summary: "cancel", order_id: "W1" });
    expect(h.state.pending.kind).toBe("approval");
    const request = h.state.pending.kind === "approval" ? h.state.pending.requestId : "";
    const handed = h.text("no, a person", { summary: "a person" });
    expect(tools(handed), "the person may still change the path while an approval waits").toEqual(["transfer_to_agent"]);
    const approved = h.send({ type: "approve", confirm: "cancel", by: "manager", yes: true, request });
    expect(says(approved)).toEqual([HANDED_OFF]);
    expect(writes(approved)).toEqual([]);
    expect(h.runs.map((r) => r.tool)).toEqual(["transfer_to_agent"]);
  });

  it("a hand-off inside a repeat runs once: the other passes and the steps after the repeat never run", () => {
    const s = skill(`order_id: { text: true }`, `- repeat: { for: item, in: list_items.items }
  steps:
    - handoff: transfer_to_agent
      with: { summary: item }
      tell: "${TELL}"
- ask: { order_id: "Which order?" }
- confirm: { cancel: "Cancel order {order_id}?" }
- do: cancel_order`);
    const h = host(s);
    const turn = h.text("hello", { order_id: "W1" });
    expect(says(turn)).toEqual([TELL]);
    expect(h.runs.map((r) => [r.tool, r.inputs])).toEqual([["list_items", {}], ["transfer_to_agent", { summary: "a" }]]);
    expect(writes(h.press("cancel"))).toEqual([]);
  });

  it("two hand-offs on two paths: once one ran, a change to the other path runs nothing", () => {
    const s = skill(`summary: { text: true }`, `- ask: { summary: "What do you need?" }
- when: summary == "a person"
  steps:
    - handoff: transfer_to_agent
      tell: "${TELL}"
- handoff: page_manager
  tell: "A manager will call you."`);
    const h = host(s);
    h.text("a person", { summary: "a person" });
    expect(says(h.text("a manager then", { summary: "a manager" }))).toEqual([HANDED_OFF]);
    expect(h.runs.map((r) => r.tool)).toEqual(["transfer_to_agent"]);
  });

  it("a rejected hand-off (nothing was done) lets the person take the other path: the write runs after a yes", () => {
    const h = host(CANCEL_OR_PERSON, ["reject"]);
    expect(errors(h.text("a person", { summary: "a person" }))[0]).toContain("the conversation was not handed over");
    h.text("no, cancel W1", { summary: "cancel", order_id: "W1" });
    expect(writes(h.press("cancel"))).toEqual(["cancel_order"]);
    expect(h.state.handedOff).toBeUndefined();
  });

  it("a hand-off in doubt (it may have gone through) is never followed by a write: a change of path is refused", () => {
    const h = host(CANCEL_OR_PERSON, ["timeout"]);
    const first = h.text("a person", { summary: "a person" });
    expect(errors(first)[0]).toContain("may or may not have gone through");
    const away = h.text("no, cancel W1", { summary: "cancel", order_id: "W1" });
    expect(refusals(away)).toEqual(["transfer_to_agent may already have handed the conversation over, so summary and order_id cannot change now."]);
    // The change is refused and the hand-off is sent again, with its inputs and key; this time it goes through.
    expect(h.runs.filter((r) => r.tool === "transfer_to_agent").map((r) => r.key)).toEqual([first.calls[0]!.key, first.calls[0]!.key]);
    expect(says(away)).toEqual([TELL]);
    expect(writes(h.press("cancel"))).toEqual([]);
    expect(h.runs.filter((r) => r.tool === "cancel_order")).toEqual([]);
  });

  it("a hand-off in doubt whose with: input would change is refused like a write in doubt", () => {
    const s = skill(`summary: { text: true }
note: { text: true }`, `- ask: { summary: "What do you need?" }
- when: summary != "cancel"
  steps:
    - ask: { note: "Anything for the agent?" }
    - handoff: transfer_to_agent
      with: { summary: note }
      tell: "${TELL}"
- ask: { summary: "Anything else?" }`);
    const h = host(s, ["timeout", "timeout"]);
    h.text("a person", { summary: "a person", note: "late parcel" });
    const changed = h.text("say it is a broken parcel", { note: "broken parcel" });
    expect(refusals(changed)).toEqual(["transfer_to_agent may already have run with summary late parcel, so note cannot change now."]);
    expect(h.runs.map((r) => r.inputs)).toEqual([{ summary: "late parcel" }, { summary: "late parcel" }]);
  });

  it("a hand-off in doubt is never followed by a second hand-off on another path", () => {
    const s = skill(`summary: { text: true }`, `- ask: { summary: "What do you need?" }
- when: summary == "a person"
  steps:
    - handoff: transfer_to_agent
      tell: "${TELL}"
- handoff: page_manager
  tell: "A manager will call you."`);
    const h = host(s, ["timeout"]);
    h.text("a person", { summary: "a person" });
    const away = h.text("a manager then", { summary: "a manager" });
    expect(refusals(away)).toEqual(["transfer_to_agent may already have handed the conversation over, so summary cannot change now."]);
    expect(h.runs.map((r) => r.tool)).toEqual(["transfer_to_agent", "transfer_to_agent"]);
  });

  it("tell: reads the hand-off's own output (the queue's ticket), as the checks allow", () => {
    const s = skill(`summary: { text: true }`, `- ask: { summary: "What do you need?" }
- handoff: transfer_to_agent
  tell: "Handed over (ok: {transfer_to_agent.ok})."`);
    const turn = host(s).text("a person", { summary: "a person" });
    expect(errors(turn)).toEqual([]);
    expect(says(turn)).toEqual(["Handed over (ok: yes)."]);
  });

  it("a hand-off tool named where a lookup is read never runs, and is named as a hand-off tool", () => {
    const read = host(skill(`order_id: { text: true }`, `- ask: { order_id: "Which order?" }
- say: "Your agent: {transfer_to_agent.ok}"`));
    const said = read.text("W1", { order_id: "W1" });
    expect(read.runs).toEqual([]);
    expect(errors(said)).toEqual(["Cannot show the text at line 16 of the skill: `transfer_to_agent` has no value here (a hand-off that has not run)."]);
    const checked = host(skill(`summary: { lookup: transfer_to_agent }`, `- ask: { summary: "Who are you?" }`));
    const refused = checked.text("Sam", { summary: "Sam" });
    expect(checked.runs).toEqual([]);
    expect(errors(refused)).toEqual(["transfer_to_agent was not run: it is a hand-off tool, so it cannot check answers to summary; it runs only from a `handoff:` step."]);
  });
});
