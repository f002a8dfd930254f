/**
 * Issue 21, part 2: the runtime gate holds for IR that skipped the checker. `parseSkill` + `describeTool`
 * + `createFlow({ skill })` on `x: { lookup: pay }` ran `pay` as a lookup with no confirm, up to the call
 * cap on every message. Now, whatever the IR, a write runs only as a `do:` under a current yes on every
 * covering confirm; anything else that names a write stops the turn with a clear error and runs nothing.
 *
 * Every rule of docs/checks.md that protects a write has its failing example driven here at run time,
 * unchecked, by an eager person: every field the model may fill is filled, the first row of every list
 * picked, every card answered yes and every approval given. The oracle: every write that ran was listed,
 * with exactly those inputs, on a card the person (and each approver) answered yes — and the rule's own
 * danger did not happen.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { describeTool, parseSkill, type Card, type Skill, type ToolDefinition } from "@skillflow/core";
import { createFlow, type ExtractRequest, type ModelPort, type TurnResult } from "@skillflow/langgraph";
import refundTools from "../fixtures/check-tools/refund.ts";
import travelTools from "../fixtures/check-tools/travel.ts";

const fixture = (rule: string) => fileURLToPath(new URL(`../fixtures/checks/${rule}/SKILL.md`, import.meta.url));

type Call = { tool: string; kind: string; inputs: Record<string, unknown> };

/** The skill as parsed, with no check run, and its tools described from their definitions. */
function unchecked(text: string, defs: ToolDefinition[]): Skill {
  const { skill } = parseSkill(text, "unchecked/SKILL.md");
  if (!skill) throw new Error("the fixture does not parse");
  return { ...skill, tools: Object.fromEntries(defs.map((d) => [d.name, describeTool(d)])) };
}

/** A model that fills every field it is offered with a value of its shape. */
const eagerModel: ModelPort = {
  id: "eager",
  async extract(request: ExtractRequest) {
    const values: Record<string, unknown> = {};
    for (const field of request.fields) {
      const shape = field.shape;
      values[field.name] = shape.kind === "number" ? 3 : shape.kind === "decimal" ? 150 : shape.kind === "yes_no" ? true
        : shape.kind === "choices" ? shape.choices[0] : shape.kind === "date" ? "2027-03-10" : "Lisbon AI Summit";
    }
    return { extraction: { ok: true, values }, usage: { inputTokens: 0, outputTokens: 0, totalTokens: 0 } };
  },
};

/** Drives the skill eagerly for a few turns; returns every tool call and every card answered yes. */
async function drive(skill: Skill, defs: ToolDefinition[], turns = 10) {
  const calls: Call[] = [];
  const tools = defs.map((d) => ({ ...d, run: (inputs: Record<string, unknown>, ctx: never) => (calls.push({ tool: d.name, kind: d.kind, inputs }), d.run(inputs as never, ctx)) }));
  const flow = await createFlow({ skill, tools, model: eagerModel, limits: { maxCallsPerEvent: 20 } });
  const yes: Card[] = [];
  const results: TurnResult[] = [];
  let turn = await flow.send("t", { text: "go" });
  results.push(turn);
  for (let i = 0; i < turns && !turn.done; i++) {
    const pending = turn.pending;
    if (pending?.kind === "confirm") {
      yes.push(pending.card);
      turn = await flow.send("t", { press: pending.confirm, yes: true, card: pending.card.digest });
    } else if (pending?.kind === "approval") {
      yes.push(...turn.cards);
      turn = await flow.send("t", { approve: pending.confirm, by: pending.role, request: pending.requestId });
    } else if (pending?.kind === "ask" && pending.pick) {
      const rows = turn.widgets.find((w) => w.field === pending.field)?.rows ?? [];
      turn = await flow.send("t", { pick: { [pending.field]: rows[0]?.id ?? "none" } });
    } else {
      turn = await flow.send("t", { text: "A1" });
    }
    results.push(turn);
  }
  const writes = calls.filter((c) => c.kind === "write");
  return { calls, writes, yes, results, errors: results.flatMap((r) => r.trace.flatMap((e) => (e.type === "limit" ? [e.message] : []))), replies: results.flatMap((r) => r.reply) };
}

/** Every write that ran was on a card answered yes, with exactly these inputs. */
function expectEveryWriteOnAYesCard(run: Awaited<ReturnType<typeof drive>>) {
  for (const write of run.writes) {
    const shown = run.yes.some((card) => card.writes.some((w) => w.tool === write.tool && JSON.stringify(w.inputs) === JSON.stringify(write.inputs)));
    expect(shown, `${write.tool} ${JSON.stringify(write.inputs)} ran without a yes for a card listing it`).toBe(true);
  }
}

const BAD_LOOKUP = `---
name: bad_lookup
description: d
---
## Fields

\`\`\`yaml
order_id: { text: true }
amount: { lookup: issue_refund }
code: { lookup: create_return, secret: true, pattern: "^[0-9]{4}$" }
\`\`\`

## Steps

\`\`\`yaml
- ask: { order_id: "Which order?" }
- ask: { amount: "How much?" }
\`\`\`
`;

describe("a field whose `lookup:` names a write (bad-lookup-shape), unchecked", () => {
  it("never runs the write: the turn stops with a clear error and nothing ran", async () => {
    const text = readFileSync(fixture("bad-lookup-shape"), "utf8");
    const run = await drive(unchecked(text, travelTools), travelTools);
    expect(run.writes).toEqual([]);
    expect(run.replies.join("\n")).toContain("hold_flight was not run: it is a write, so it cannot check answers to conference");
  });

  it("the same with a text field and with a secret field: no write runs, on any message", async () => {
    const run = await drive(unchecked(BAD_LOOKUP, refundTools), refundTools);
    expect(run.writes).toEqual([]);
    expect(run.replies.join("\n")).toContain("issue_refund was not run: it is a write");
    const secret = await drive(unchecked(BAD_LOOKUP.replace("- ask: { amount: \"How much?\" }", "- ask: { code: \"Code?\" }"), refundTools), refundTools);
    expect(secret.writes).toEqual([]);
  });

  it("an IR that calls a write function a lookup still never runs it as one (the host checks the function's own kind)", async () => {
    const skill = unchecked(BAD_LOOKUP, refundTools);
    const lying = { ...skill, tools: { ...skill.tools, issue_refund: { ...skill.tools.issue_refund!, kind: "lookup" as const } } };
    const run = await drive(lying, refundTools);
    expect(run.writes).toEqual([]);
    expect(run.replies.join("\n")).toContain("issue_refund was not run: it is a write");
  });
});

const RULES: Array<{ rule: string; defs: ToolDefinition[]; never?: string[] }> = [
  // `create_return` at line 20 has no confirm above it: it, and everything after it, never runs.
  { rule: "ungated-write", defs: refundTools, never: ["create_return", "issue_refund"] },
  // `send_label` takes the label `create_return` makes after the card was shown: never sent unseen.
  { rule: "unconfirmable-input", defs: refundTools, never: ["send_label"] },
  { rule: "approval-covers-nothing", defs: refundTools },
  { rule: "duplicate-confirm", defs: refundTools },
  { rule: "used-before-asked", defs: travelTools },
  { rule: "unbound-tool-input", defs: travelTools },
];

describe("each rule's failing example, run unchecked", () => {
  for (const { rule, defs, never = [] } of RULES) {
    it(`${rule}: every write that runs was on a card answered yes, with exactly its inputs`, async () => {
      const text = readFileSync(fixture(rule), "utf8");
      const run = await drive(unchecked(text, defs), defs);
      expectEveryWriteOnAYesCard(run);
      for (const tool of never) expect(run.writes.map((w) => w.tool)).not.toContain(tool);
      expect(run.calls.length).toBeLessThan(60);
    });
  }
});

describe("a template whose reference has no value, unchecked", () => {
  const RAW = `---
name: raw
description: d
---
## Fields

\`\`\`yaml
order_id: { text: true }
\`\`\`

## Steps

\`\`\`yaml
- ask: { order_id: "Which order?" }
- say: "Refund {issue_refund.refund_id} for {order_id}, by {agent}."
\`\`\`
`;

  it("stops the turn with an error naming the reference, instead of showing the template as written", async () => {
    const run = await drive(unchecked(RAW, refundTools), refundTools, 2);
    const shown = run.replies.join("\n");
    expect(shown).not.toContain("{issue_refund.refund_id}");
    expect(shown).toContain("Cannot show the text at line 15 of the skill: `issue_refund` has no value here (a write that has not run).");
    expect(run.writes).toEqual([]);
  });
});
