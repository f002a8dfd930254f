import { describe, expect, it } from "vitest";
import { analyzeGates, coverageOf, writesCoveredBy } from "../../src/compile/compile-skill.js";
import type { Skill, Step } from "../../src/format/ir.js";
import { dbl, lookupTool, obj, skillFromText, str, writeTool, list } from "../helpers/skill-text.js";

const tools = [
  lookupTool("quote", {}, obj({ amount: dbl, items: list(obj({ id: str })) })),
  lookupTool("price", { note: str }, obj({ total: dbl })),
  writeTool("pay", {}, obj({ ref: str })),
  writeTool("ship", {}, obj({ label: str })),
  writeTool("annotate", { note: str }, obj({ done: str })),
  writeTool("charge", { total: dbl }, obj({ receipt: str })),
];
const fields = "note: { text: true }\nrating: { number: { min: 1, max: 5 } }";
const skillOf = (steps: string) => skillFromText(fields, steps, tools);
const gates = (steps: string) => analyzeGates(skillOf(steps));
const gateOf = (steps: string, stepId: string) => gates(steps).writes.find((w) => w.stepId === stepId)!;
const confirmsOf = (steps: string, stepId: string) =>
  coverageOf(skillOf(steps)).writeGates().find((w) => w.stepId === stepId)!.confirms.map((c) => c.stepId);

describe("write gate", () => {
  it("covers writes below a confirm; an ask ends it only for the writes that take the asked field", () => {
    const steps = `
- ask: { note: "A note?" }
- confirm: { ok: "Go?" }
- do: pay
- do: quote
- ask: { rating: "How was it?" }
- do: ship
- ask: { note: "Another note?" }
- do: pay
- do: annotate`;
    const a = gates(steps);
    expect(a.writes.map((w) => [w.stepId, w.gated])).toEqual([["3", true], ["6", true], ["8", true], ["9", false]]);
    expect(a.writes[3]!.gap).toMatchObject({
      path: [],
      closedBy: { askStepId: "7", confirmStepId: "2", field: "note", reason: { kind: "input", param: "note" } },
    });
    expect(confirmsOf(steps, "8")).toEqual(["2"]);
  });

  it("an ask ends the region for a write that takes a value computed from the answer, or sits in a `when` that reads it", () => {
    const viaLookup = gateOf(`
- confirm: { ok: "Go?" }
- ask: { note: "Which note?" }
- do: price
- do: charge`, "4");
    expect(viaLookup.gap!.closedBy).toMatchObject({ field: "note", reason: { kind: "via-tool", param: "total", tool: "price" } });
    const viaCondition = gateOf(`
- confirm: { ok: "Go?" }
- ask: { rating: "How was it?" }
- when: rating > 3
  steps:
    - do: pay`, "3.1");
    expect(viaCondition.gap!.closedBy).toMatchObject({ field: "rating", reason: { kind: "condition", stepId: "3" } });
  });

  it("a confirm inside a when covers only that branch, and the witness names the false outcome", () => {
    const w = gateOf(`
- when: quote.amount > 100
  steps:
    - confirm: { big: "Pay {quote.amount}?" }
- do: pay`, "2");
    expect(w.gated).toBe(false);
    expect(w.gap!.path).toMatchObject([{ kind: "when", stepId: "1", condition: "quote.amount > 100", value: false }]);
  });

  it("confirms stack: a write below two confirms is covered by both", () => {
    const steps = `
- confirm: { ok: "Go?" }
- when: quote.amount > 100
  steps:
    - confirm: { big: "Really?" }
      by: manager
- do: pay`;
    expect(gateOf(steps, "3")).toMatchObject({ gated: true });
    expect(confirmsOf(steps, "3")).toEqual(["1", "2.1"]);
  });

  it("an approval above the customer's confirm stays over the write (the order does not matter)", () => {
    const steps = `
- when: quote.amount > 100
  steps:
    - confirm: { big: "A refund of {quote.amount} needs approval." }
      by: supervisor
- confirm: { ok: "Refund {quote.amount}?" }
- do: pay`;
    expect(confirmsOf(steps, "3")).toEqual(["1.1", "2"]);
  });

  it("nested whens: the witness is one concrete path", () => {
    const w = gateOf(`
- when: quote.amount > 1
  steps:
    - when: quote.amount > 2
      steps:
        - confirm: { ok: "Go?" }
- do: pay`, "2");
    expect(w.gap!.path.map((o) => (o.kind === "when" ? [o.stepId, o.value] : o.kind))).toEqual([["1", false]]);
    const inner = gateOf(`
- when: quote.amount > 1
  steps:
    - when: quote.amount > 2
      steps:
        - confirm: { ok: "Go?" }
    - do: pay`, "1.2");
    expect(inner.gap!.path.map((o) => (o.kind === "when" ? [o.stepId, o.value] : o.kind))).toEqual([["1", true], ["1.1", false]]);
  });

  it("a write inside a when with no confirm names the true outcome", () => {
    const w = gateOf(`
- when: quote.amount > 1
  steps:
    - do: pay`, "1.1");
    expect(w.gap!.path).toMatchObject([{ stepId: "1", value: true }]);
  });

  it("a confirm inside repeat covers only its iteration, not a write after the loop", () => {
    const steps = `
- confirm: { all: "Go through the items?" }
- repeat: { for: item, in: quote.items }
  steps:
    - confirm: { one: "This one?" }
    - do: pay
- do: ship`;
    expect(gateOf(steps, "2.2")).toMatchObject({ gated: true });
    expect(confirmsOf(steps, "2.2")).toEqual(["1", "2.1"]);
    expect(confirmsOf(steps, "3")).toEqual(["1"]);
    const bare = gateOf(`
- repeat: { for: item, in: quote.items }
  steps:
    - confirm: { one: "This one?" }
    - do: pay
- do: ship`, "2");
    expect(bare.gap!.path).toMatchObject([{ kind: "after-repeat", stepId: "1", confirm: "one" }]);
  });

  it("a confirm above a repeat covers every iteration, unless the body asks what a write takes", () => {
    expect(gateOf(`
- confirm: { all: "Pay for every item?" }
- repeat: { for: item, in: quote.items }
  steps:
    - do: pay
    - ask: { rating: "How was {item.id}?" }`, "2.1")).toMatchObject({ gated: true });
    const w = gateOf(`
- ask: { note: "A note?" }
- confirm: { all: "Note every item?" }
- repeat: { for: item, in: quote.items }
  steps:
    - do: annotate
    - ask: { note: "Anything about {item.id}?" }`, "3.1");
    expect(w.gated).toBe(false);
    expect(w.gap).toMatchObject({ path: [{ kind: "repeat-again", stepId: "3" }], closedBy: { askStepId: "3.2", field: "note" } });
  });

  it("lists the writes a confirm covers, for the runtime and the procedure", () => {
    const skill = skillOf(`
- ask: { note: "A note?" }
- confirm: { ok: "Go?" }
- when: quote.amount > 1
  steps:
    - do: pay
- do: ship
- ask: { note: "More?" }
- do: pay
- do: annotate`);
    expect(writesCoveredBy(skill, "2").map((s) => s.id)).toEqual(["3.1", "4", "6"]);
    expect(writesCoveredBy(skill, "9")).toEqual([]);
  });
});

describe("scale", () => {
  /** `blocks` groups of nested whens (depth 4), confirms in some branches, writes between: ~1,000 steps. */
  function generated(blocks: number): Skill {
    const base = skillFromText(fields, `- do: quote`, tools);
    const pos = { line: 1, column: 1 };
    const cond = { source: "quote.amount > 1", pos };
    let n = 0;
    const nest = (id: string, depth: number): Step => {
      n++;
      const inner: Step[] = depth === 0
        ? [{ id: `${id}.1`, pos, keys: {}, kind: "confirm", confirm: `c${n}`, question: { source: "?", pos, parts: ["?"] } }]
        : [nest(`${id}.1`, depth - 1), { id: `${id}.2`, pos, keys: {}, kind: "do", tool: "pay", toolPos: pos }];
      return { id, pos: { line: n, column: 1 }, keys: {}, kind: "when", condition: cond, steps: inner };
    };
    const steps: Step[] = [];
    const confirm = (id: string): Step => ({ id, pos, keys: {}, kind: "confirm", confirm: `k${id}`, question: { source: "?", pos, parts: ["?"] } });
    for (let i = 1; i <= blocks; i++) {
      steps.push(nest(String(3 * i - 2), 4));
      // Every other block confirms right before its top-level write.
      steps.push(i % 2 === 0 ? confirm(String(3 * i - 1)) : { id: String(3 * i - 1), pos, keys: {}, kind: "chat", instructions: "-" });
      steps.push({ id: String(3 * i), pos, keys: {}, kind: "do", tool: "ship", toolPos: pos });
    }
    return { ...base, steps };
  }

  // Walking the 2^500 paths would never end; the analysis takes about 100 ms here. The bound is loose
  // so that a loaded machine (CI runs three files at once) never fails it: it tells linear from
  // exponential, not fast from slow (that is a benchmark's job).
  it("analyses 1,200 steps with 500 nested whens (over 2^500 paths) without walking the paths", () => {
    const skill = generated(100);
    let count = 0;
    const visit = (steps: Step[]): void => steps.forEach((s) => { count++; if (s.kind === "when") visit(s.steps); });
    visit(skill.steps);
    expect(count).toBe(1200);
    const started = performance.now();
    const a = analyzeGates(skill);
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(a.writes.length).toBe(100 * 4 + 100);
    // Nothing asks, so from the first top-level confirm (step 5) on, every write is covered.
    expect(a.writes.filter((w) => !w.gated).map((w) => w.stepId)).toEqual([
      "1.1.1.1.2", "1.1.1.2", "1.1.2", "1.2", "3", "4.1.1.1.2", "4.1.1.2", "4.1.2", "4.2",
    ]);
    // Confirms stack: the last write is under every top-level confirm and under the nested ones on some ways.
    const last = coverageOf(skill).writeGates().at(-1)!.confirms.map((c) => c.stepId);
    expect(last).toContain("299");
    expect(last).toContain("5");
    // The first top-level write is uncovered when the outermost `when` is false.
    expect(a.writes.find((w) => w.stepId === "3")!.gap!.path).toMatchObject([{ stepId: "1", value: false }]);
  });
});
