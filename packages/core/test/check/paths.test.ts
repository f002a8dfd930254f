import { describe, expect, it } from "vitest";
import { analyzeGates, writesCoveredBy } from "../../src/check/paths.js";
import type { Skill, Step } from "../../src/format/ir.js";
import { dbl, lookupTool, obj, skillFromText, str, writeTool, list } from "../helpers/skill-text.js";

const tools = [
  lookupTool("quote", {}, obj({ amount: dbl, items: list(obj({ id: str })) })),
  writeTool("pay", {}, obj({ ref: str })),
  writeTool("ship", {}, obj({ label: str })),
];
const fields = "note: { text: true }";
const gates = (steps: string) => analyzeGates(skillFromText(fields, steps, tools));
const gateOf = (steps: string, stepId: string) => gates(steps).writes.find((w) => w.stepId === stepId)!;

describe("write gate", () => {
  it("covers writes below a confirm until the next ask", () => {
    const a = gates(`
- confirm: { ok: "Go?" }
- do: pay
- do: quote
- do: ship
- ask: { note: "Anything else?" }
- do: pay`);
    expect(a.writes.map((w) => [w.stepId, w.gated, w.confirmStepIds])).toEqual([
      ["2", true, ["1"]], ["4", true, ["1"]], ["6", false, []],
    ]);
    expect(a.regions.get("1")).toEqual(["2", "4"]);
    expect(a.writes[2].gap).toMatchObject({ path: [], closedBy: { askStepId: "5", confirmStepId: "1", field: "note" } });
    expect(a.writes[1].earlierInRegion).toEqual(["2"]);
  });

  it("a confirm inside a when covers only that branch, and the witness names the false outcome", () => {
    const w = gateOf(`
- when: quote.amount > 100
  steps:
    - confirm: { big: "Pay {quote.amount}?" }
- do: pay`, "2");
    expect(w.gated).toBe(false);
    expect(w.confirmStepIds).toEqual(["1.1"]);
    expect(w.gap!.path).toMatchObject([{ kind: "when", stepId: "1", condition: "quote.amount > 100", value: false }]);
  });

  it("a confirm on both branches' paths gates the write", () => {
    const w = gateOf(`
- confirm: { ok: "Go?" }
- when: quote.amount > 100
  steps:
    - confirm: { big: "Really?" }
- do: pay`, "3");
    expect(w).toMatchObject({ gated: true, confirmStepIds: ["1", "2.1"] });
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
    const a = gates(`
- confirm: { all: "Go through the items?" }
- repeat: { for: item, in: quote.items }
  steps:
    - confirm: { one: "This one?" }
    - do: pay
- do: ship`);
    expect(a.writes.find((w) => w.stepId === "2.2")).toMatchObject({ gated: true, confirmStepIds: ["2.1"] });
    const after = a.writes.find((w) => w.stepId === "3")!;
    expect(after).toMatchObject({ gated: false, confirmStepIds: ["1"] });
    expect(after.gap!.path).toMatchObject([{ kind: "after-repeat", stepId: "2", confirm: "one" }]);
  });

  it("a confirm above a repeat covers every iteration, unless the body asks", () => {
    expect(gateOf(`
- confirm: { all: "Pay for every item?" }
- repeat: { for: item, in: quote.items }
  steps:
    - do: pay`, "2.1")).toMatchObject({ gated: true, confirmStepIds: ["1"] });
    const w = gateOf(`
- confirm: { all: "Pay for every item?" }
- repeat: { for: item, in: quote.items }
  steps:
    - do: pay
    - ask: { note: "Anything about {item.id}?" }`, "2.1");
    expect(w.gated).toBe(false);
    expect(w.gap).toMatchObject({ path: [{ kind: "repeat-again", stepId: "2" }], closedBy: { askStepId: "2.2" } });
  });

  it("lists the writes a confirm covers, for the runtime and the procedure", () => {
    const skill = skillFromText(fields, `
- confirm: { ok: "Go?" }
- when: quote.amount > 1
  steps:
    - do: pay
- do: ship
- ask: { note: "More?" }
- do: pay`, tools);
    expect(writesCoveredBy(skill, "1").map((s) => s.id)).toEqual(["2.1", "3"]);
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

  it("analyses 1,200 steps with 500 nested whens (over 2^500 paths) in well under a second", () => {
    const skill = generated(100);
    let count = 0;
    const visit = (steps: Step[]): void => steps.forEach((s) => { count++; if (s.kind === "when") visit(s.steps); });
    visit(skill.steps);
    expect(count).toBe(1200);
    const started = performance.now();
    const a = analyzeGates(skill);
    const elapsed = performance.now() - started;
    expect(elapsed).toBeLessThan(250);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(a.writes.length).toBe(100 * 4 + 100);
    // Nothing asks, so from the first top-level confirm (step 5) on, every write is covered.
    expect(a.writes.filter((w) => !w.gated).map((w) => w.stepId)).toEqual([
      "1.1.1.1.2", "1.1.1.2", "1.1.2", "1.2", "3", "4.1.1.1.2", "4.1.1.2", "4.1.2", "4.2",
    ]);
    expect(a.writes.at(-1)!.confirmStepIds).toEqual(["299"]);
    // The first top-level write is uncovered when the outermost `when` is false.
    expect(a.writes.find((w) => w.stepId === "3")!.gap!.path).toMatchObject([{ stepId: "1", value: false }]);
  });
});
