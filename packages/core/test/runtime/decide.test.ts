/**
 * Issue 38 C: `decide`. The decision is the person's choice at its question (a press carrying the option,
 * a row click, or the option typed, read with no model) or, with `by:`, the role's approval carrying an
 * option (a rejection is `no`). Attacks: the model, a message written before the question, a stale
 * choice or approval, an approval by another role, and an option not offered cannot set it.
 */
import { describe, expect, it } from "vitest";
import { parseSkill } from "../../src/format/parse-skill.js";
import { possibleValues } from "../../src/check/possible-values.js";
import { readTypedAnswer } from "../../src/runtime/read-typed-answer.js";
import { understandingContext } from "../../src/runtime/understanding-context.js";
import { asked, dropped, Host, says, skillFrom, T, toolInfo, writes } from "./host.js";

const skillMd = (by: string) => `---
name: review
description: Decide what to do with a ticket.
---
## Fields

\`\`\`yaml
ticket: { text: true }
\`\`\`

## Steps

\`\`\`yaml
- ask: { ticket: "Which ticket?" }
- decide: { escalation: "Three reviews of {ticket} without approval. What now?" }
${by}  options:
    send_back: "Send it back to the developer"
    stop: "Stop the work"
- when: "escalation == 'send_back'"
  steps:
    - confirm: { reopen: "Reopen {ticket}?" }
    - do: reopen_ticket
- say: "Decided: {escalation}."
\`\`\`
`;

const TOOLS = [toolInfo("reopen_ticket", "write", { ticket: T.str }, { ok: T.bool })];
const person = skillFrom(skillMd(""), TOOLS);
const lead = skillFrom(skillMd("  by: lead\n"), TOOLS);
const fakes = { reopen_ticket: () => ({ ok: true }) };

function atQuestion(): Host {
  const host = new Host(person, fakes);
  host.text("T-1", { ticket: "T-1" });
  return host;
}

const errorsOf = (md: string) => parseSkill(md, "x/SKILL.md").diagnostics.filter((d) => d.severity === "error").map((d) => d.reason);

describe("decide: parsing and values", () => {
  it("gives its id the option keys as values, plus no with by:", () => {
    const valuesOf = (skill: Parameters<typeof possibleValues>[0], name: string) => possibleValues(skill, { source: name, pos: { line: 1, column: 1 } });
    expect(valuesOf(person, "escalation")).toEqual(["send_back", "stop"]);
    expect(valuesOf(lead, "escalation")).toEqual(["send_back", "stop", "no"]);
    expect(valuesOf(person, "ticket")).toBeUndefined();
  });

  it("refuses a decide with no options, an option key that is not a word, and no as a key with by:", () => {
    const base = skillMd("");
    expect(errorsOf(base.replace(/  options:\n.*\n.*\n/, ""))).toEqual([expect.stringContaining("no `options:`")]);
    expect(errorsOf(base.replace("send_back:", '"send back":'))).toEqual([expect.stringContaining("is not a name")]);
    expect(errorsOf(skillMd("  by: lead\n").replace("stop:", "no:").replace("'send_back'", "'send_back'"))).toEqual([expect.stringContaining("`no` is an option")]);
    expect(errorsOf(base.replace("stop:", "no:"))).toEqual([]);
    const twice = base.replace('- say: "Decided: {escalation}."', '- decide: { escalation: "Again?" }\n  options: { stop: "Stop" }\n- say: "Decided: {escalation}."');
    expect(errorsOf(twice)).toEqual([expect.stringContaining("has other options or another role")]);
  });
});

describe("decide by the person", () => {
  it("shows the question with one button per option and waits", () => {
    const host = new Host(person, fakes);
    const turn = host.text("T-1", { ticket: "T-1" });
    expect(asked(turn)).toBe("escalation");
    const ask = turn.effects.find((e) => e.type === "ask");
    expect(ask).toMatchObject({ question: "Three reviews of T-1 without approval. What now?", widget: { kind: "choices", rows: [{ id: "send_back" }, { id: "stop" }] } });
    expect(host.state.pending).toMatchObject({ kind: "decide", decide: "escalation" });
  });

  it("a press carrying the option decides; the way it names is taken", () => {
    const host = atQuestion();
    const turn = host.send({ type: "press", confirm: "escalation", yes: true, option: "send_back" });
    expect(turn.trace).toContainEqual(expect.objectContaining({ type: "decision_given", decide: "escalation", option: "send_back", by: "user" }));
    expect(host.state.pending).toMatchObject({ kind: "confirm", confirm: "reopen" });
    host.press("reopen");
    expect(host.runs.map((r) => r.tool)).toEqual(["reopen_ticket"]);
  });

  it("the other option takes the other way, and the value reads in templates", () => {
    const host = atQuestion();
    const turn = host.send({ type: "press", confirm: "escalation", yes: true, option: "stop" });
    expect(says(turn)).toContain("Decided: stop.");
    expect(writes(turn)).toEqual([]);
  });

  it("a row click on the buttons is the press of that option", () => {
    const host = atQuestion();
    host.pick("escalation", "stop");
    expect(host.state.pending?.kind).toBe("done");
  });

  it("typed key or label words choose with no model; anything else does not", () => {
    const host = atQuestion();
    expect(readTypedAnswer(person, host.state, "send it back")).toEqual({ event: expect.objectContaining({ type: "press", option: "send_back" }) });
    expect(readTypedAnswer(person, host.state, "Stop, please")).toEqual({ event: expect.objectContaining({ option: "stop" }) });
    expect(readTypedAnswer(person, host.state, "send_back")).toEqual({ event: expect.objectContaining({ option: "send_back" }) });
    expect(readTypedAnswer(person, host.state, "the")).toBeUndefined();
    expect(readTypedAnswer(person, host.state, "it")).toBeUndefined();
    expect(readTypedAnswer(person, host.state, "back")).toEqual({ event: expect.objectContaining({ option: "send_back" }) });
    expect(readTypedAnswer(person, host.state, "yes")).toBeUndefined();
    expect(readTypedAnswer(person, host.state, "send it back and stop")).toBeUndefined();
  });

  it("typed words are not read while the question was brought up by an approval's turn (not yet seen)", () => {
    const host = atQuestion();
    expect(readTypedAnswer(person, { ...host.state, approvedLast: true }, "stop")).toBeUndefined();
  });

  it("the model is not offered the decision as a field to fill", () => {
    const host = atQuestion();
    expect(understandingContext(person, host.state).fields.map((f) => f.name)).not.toContain("escalation");
  });

  it("the model cannot set the decision (dropped, with the reason in the trace)", () => {
    const host = atQuestion();
    const turn = host.text("send it back", { escalation: "send_back" });
    expect(turn.trace).toContainEqual({ type: "dropped", field: "escalation", reason: expect.stringContaining("decision: only the person's choice") });
    expect(asked(turn)).toBe("escalation");
  });

  it("a message or press before the question was shown does not decide", () => {
    const host = new Host(person, fakes);
    const early = host.text("T-1, and stop the work", { ticket: "T-1", escalation: "stop" });
    expect(dropped(early)).toContain("escalation");
    expect(asked(early)).toBe("escalation");
    const fresh = new Host(person, fakes);
    const press = fresh.send({ type: "press", confirm: "escalation", yes: true, option: "stop" });
    expect(press.trace).toContainEqual({ type: "dropped", field: "escalation", reason: "no such decision is waiting for a choice" });
    const pick = fresh.pick("escalation", "stop");
    expect(dropped(pick)).toContain("escalation");
    fresh.text("T-1", { ticket: "T-1" });
    expect(fresh.state.pending?.kind).toBe("decide");
  });

  it("an option not offered is dropped", () => {
    const host = atQuestion();
    const turn = host.send({ type: "press", confirm: "escalation", yes: true, option: "approve_anyway" });
    expect(turn.trace).toContainEqual({ type: "dropped", field: "escalation", reason: "not one of the options: send_back, stop" });
    expect(host.state.pending?.kind).toBe("decide");
  });

  it("a choice is bound to the question as rendered: a changed question voids it", () => {
    const host = atQuestion();
    const digest = (host.state.pending as { digest: string }).digest;
    host.send({ type: "press", confirm: "escalation", yes: true, option: "send_back" });
    const changed = host.text("it was T-2", { ticket: "T-2" });
    expect(changed.trace).toContainEqual(expect.objectContaining({ type: "confirm_voided", confirm: "escalation" }));
    expect(asked(changed)).toBe("escalation");
    const stale = host.send({ type: "press", confirm: "escalation", yes: true, option: "stop", card: digest });
    expect(dropped(stale)).toContain("escalation");
    expect(host.state.pending?.kind).toBe("decide");
  });
});

describe("decide by a role", () => {
  function waiting(): { host: Host; request: string } {
    const host = new Host(lead, fakes);
    const turn = host.text("T-1", { ticket: "T-1" });
    const filed = turn.effects.find((e) => e.type === "request_approval");
    if (filed?.type !== "request_approval") throw new Error("no request filed");
    expect(filed.request.options).toEqual([{ key: "send_back", label: "Send it back to the developer" }, { key: "stop", label: "Stop the work" }]);
    return { host, request: filed.request.id };
  }

  it("files a request with the options; an approval carrying an option decides", () => {
    const { host, request } = waiting();
    expect(host.state.pending).toMatchObject({ kind: "approval", confirm: "escalation", role: "lead" });
    host.send({ type: "approve", confirm: "escalation", by: "lead", yes: true, option: "send_back", request });
    expect(host.state.pending).toMatchObject({ kind: "confirm", confirm: "reopen" });
  });

  it("a rejection is no", () => {
    const { host } = waiting();
    const turn = host.send({ type: "approve", confirm: "escalation", by: "lead", yes: false });
    expect(says(turn)).toContain("Decided: no.");
  });

  it("the person, the model, another role, a bare approval or an option not offered cannot decide", () => {
    const { host, request } = waiting();
    expect(dropped(host.send({ type: "press", confirm: "escalation", yes: true, option: "stop" }))).toContain("escalation");
    expect(dropped(host.text("stop", { escalation: "stop" }))).toContain("escalation");
    expect(readTypedAnswer(lead, host.state, "stop")).toBeUndefined();
    const other = host.send({ type: "approve", confirm: "escalation", by: "developer", yes: true, option: "stop", request });
    expect(other.trace).toContainEqual({ type: "dropped", field: "escalation", reason: "only lead can approve this, not developer" });
    const bare = host.send({ type: "approve", confirm: "escalation", by: "lead", yes: true, request });
    expect(bare.trace).toContainEqual({ type: "dropped", field: "escalation", reason: "an approval of this decision must carry one of the options: send_back, stop" });
    const notOffered = host.send({ type: "approve", confirm: "escalation", by: "lead", yes: true, option: "no", request });
    expect(dropped(notOffered)).toContain("escalation");
    expect(host.state.pending).toMatchObject({ kind: "approval", confirm: "escalation" });
  });

  it("a stale approval (for the question before it changed) does not decide; a new request is filed", () => {
    const { host, request } = waiting();
    const changed = host.text("it was T-2", { ticket: "T-2" });
    expect(changed.effects.some((e) => e.type === "request_approval")).toBe(true);
    const stale = host.send({ type: "approve", confirm: "escalation", by: "lead", yes: true, option: "stop", request });
    expect(stale.trace).toContainEqual(expect.objectContaining({ type: "approval_stale", request }));
    expect(host.state.pending).toMatchObject({ kind: "approval", confirm: "escalation" });
  });
});

describe("decide inside a repeat", () => {
  const loop = skillFrom(`---
name: triage
description: Decide for each ticket.
---
## Steps

\`\`\`yaml
- do: list_tickets
- repeat: { for: t, in: list_tickets.tickets }
  steps:
    - decide: { verdict: "What about {t.id}?" }
      options: { keep: "Keep it", drop: "Drop it" }
    - say: "{t.id}: {verdict}."
\`\`\`
`, [toolInfo("list_tickets", "lookup", {}, { tickets: T.list(T.obj({ id: T.str })) })]);

  it("each pass decides anew: the first pass's choice does not answer the second", () => {
    const host = new Host(loop, { list_tickets: () => ({ tickets: [{ id: "A" }, { id: "B" }] }) });
    const first = host.text("start", {});
    expect(first.effects.find((e) => e.type === "ask")).toMatchObject({ question: "What about A?" });
    const second = host.send({ type: "press", confirm: "verdict", yes: true, option: "keep" });
    expect(says(second)).toContain("A: keep.");
    expect(second.effects.find((e) => e.type === "ask")).toMatchObject({ question: "What about B?" });
    const done = host.send({ type: "press", confirm: "verdict", yes: true, option: "drop" });
    expect(says(done)).toEqual(["B: drop."]);
    expect(host.state.pending?.kind).toBe("done");
  });
});
