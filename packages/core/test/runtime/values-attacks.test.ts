/**
 * Red cases for named values and defaults at run time: can a value or a default make a card show
 * something other than what the write receives, or get a write past its confirm? Each answer is kept.
 */
import { describe, expect, it } from "vitest";
import { checkSkill } from "../../src/check/index.js";
import { cards, Host, skillFrom, T, toolInfo, writes } from "./host.js";

const TOOLS = [
  toolInfo("get_quote", "lookup", { plan: T.str }, { price: T.dbl }),
  toolInfo("charge", "write", { amount: T.dbl }, { ok: T.bool }),
];

const skillText = (steps: string, values: string, fields = `plan: { choices: [basic, gold] }\namount: { decimal: true, default: "get_quote.price" }`) => `---
name: pay
description: Pay for a plan.
---

## Fields

\`\`\`yaml
${fields}
\`\`\`

## Steps

\`\`\`yaml
${steps.trim()}
\`\`\`

## Values

\`\`\`yaml
${values}
\`\`\`
`;

const host = (steps: string, values: string, fields?: string) =>
  new Host(skillFrom(skillText(steps, values, fields), TOOLS), { get_quote: (i) => ({ price: i.plan === "gold" ? 250 : 40 }), charge: () => ({ ok: true }) });

describe("values and defaults: red cases", () => {
  it("a value in a card's words that hides the amount does not count as showing it: the amount is listed as it is", () => {
    const h = host(`
- ask: { plan: "Which plan?" }
- ask: { amount: "How much?" }
- confirm: { go: "Go ahead?" }
- do: charge
  card: "Charge {capped} EUR"`, `capped: "amount > 100.0 ? 100.0 : amount"`);
    const turn = h.text("gold", { plan: "gold" });
    const write = cards(turn)[0]!.writes[0]!;
    expect(write.words).toBe("Charge 100 EUR");
    expect(write.details).toEqual([{ input: "amount", label: "Amount", value: "250 (default)" }]);
    expect(h.press("go").calls.find((c) => c.tool === "charge")!.inputs).toEqual({ amount: 250 });
  });

  it("a default that changes with the plan changes the card, and the yes to the old card releases nothing", () => {
    const h = host(`
- ask: { plan: "Which plan?" }
- ask: { amount: "How much?" }
- confirm: { go: "Charge {amount}?" }
- do: charge`, `unused: "1"`);
    const old = cards(h.text("basic", { plan: "basic" }))[0]!;
    expect(old.question).toBe("Charge 40?");
    h.text("gold then", { plan: "gold" });
    expect(writes(h.send({ type: "press", confirm: "go", yes: true, card: old.digest }))).toEqual([]);
    expect(h.state.answers.amount).toMatchObject({ value: 250, by: "default" });
  });

  it("an approval given for a defaulted amount is stale once the default moves: nothing runs until the new request is approved", () => {
    const h = host(`
- ask: { plan: "Which plan?" }
- ask: { amount: "How much?" }
- confirm: { go: "Charge {amount}?" }
  by: manager
- do: charge`, `unused: "1"`);
    h.text("basic", { plan: "basic" });
    const first = h.state.pending?.kind === "approval" ? h.state.pending.requestId : "";
    h.text("gold then", { plan: "gold" });
    const current = h.state.pending?.kind === "approval" ? h.state.pending.requestId : "";
    expect(current).not.toBe(first);
    expect(writes(h.send({ type: "approve", confirm: "go", by: "manager", yes: true, request: first }))).toEqual([]);
    const approved = h.send({ type: "approve", confirm: "go", by: "manager", yes: true, request: current });
    expect(approved.calls.find((c) => c.tool === "charge")!.inputs).toEqual({ amount: 250 });
  });

  it("a defaulted ask between a confirm and a write that takes it ends the confirm's region: the skill does not load", () => {
    const skill = skillFrom(skillText(`
- ask: { plan: "Which plan?" }
- confirm: { go: "Go ahead?" }
- ask: { amount: "How much?" }
- do: charge`, `unused: "1"`), TOOLS);
    expect(checkSkill(skill).map((d) => d.ruleId)).toContain("ungated-write");
  });

  it("an ask after a confirm of what a value in a write's with: reads ends the confirm's region: the skill does not load", () => {
    const skill = skillFrom(skillText(`
- confirm: { go: "Go ahead?" }
- ask: { plan: "Which plan?" }
- do: charge
  with: { amount: price }`, `price: "get_quote.price"`, `plan: { choices: [basic, gold] }`), TOOLS);
    expect(checkSkill(skill).map((d) => d.ruleId)).toContain("ungated-write");
  });
});
