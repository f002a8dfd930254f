/**
 * `flow procedure` over generated skills (fast-check): random nested `when`/`repeat`, confirms with and
 * without `by:`, asks, lookups and writes. For every write, the confirmations the procedure lists are
 * exactly the coverage analysis's covering confirms, the checker's verdict is right, and both agree with
 * a brute-force walk of every way through the flow (repeats unrolled 0, 1 and 2 times) under the rule
 * that confirms stack and an ask ends a region only for writes that depend on its field; each confirm's "Covers:" line names exactly the writes it covers
 * on some way, with "only when" exactly where some way runs the confirm and then the write without it;
 * every step appears exactly once in the numbered steps.
 */
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import type { Skill, Step } from "@skillflow/core";
import { coverageOf } from "../packages/core/src/compile/compile-skill.js";
import { renderProcedure } from "../packages/core/src/procedure/render-procedure.js";
import { buildIR, type StepSpec } from "./helpers/build-ir.js";

const obj = (fields: Record<string, unknown>, descriptions?: Record<string, string>) =>
  ({ t: "object", fields, ...(descriptions ? { descriptions } : {}) }) as never;

const TOOLS = {
  price: { kind: "lookup" as const, params: ["a"], output: obj({ total: { t: "double" }, rows: { t: "list", of: obj({ id: { t: "string" } }) } }, { total: "the total" }) },
  stock: { kind: "lookup" as const, params: ["b"], output: obj({ ok: { t: "bool" } }) },
  book: { kind: "write" as const, params: ["a"], output: obj({ ref: { t: "string" } }) },
  pay: { kind: "write" as const, params: ["total"], output: obj({}) },
  mail: { kind: "write" as const, params: ["b", "it"], output: obj({}) },
};

const leaf: fc.Arbitrary<StepSpec> = fc.oneof(
  { weight: 1, arbitrary: fc.constant({ say: "Hello." }) },
  { weight: 1, arbitrary: fc.constantFrom("a", "b").map((f) => ({ ask: f, q: `What is ${f}?` })) },
  { weight: 1, arbitrary: fc.constantFrom("price", "stock").map((t) => ({ do: t })) },
  { weight: 4, arbitrary: fc.constantFrom("book", "pay", "mail").map((t) => ({ do: t })) },
  { weight: 3, arbitrary: fc.option(fc.constantFrom("supervisor", "manager"), { nil: undefined, freq: 2 })
    .map((by) => ({ confirm: "c", q: "Go ahead?", ...(by ? { by } : {}) })) },
  { weight: 1, arbitrary: fc.constant({ chat: "Answer questions." }) },
);

const write = fc.constantFrom("book", "pay", "mail").map((t): StepSpec => ({ do: t }));
const cond = fc.constantFrom("price.total > 100", "stock.ok", "a == \"x\"");

const { steps } = fc.letrec<{ steps: StepSpec[]; step: StepSpec }>((tie) => ({
  /** Chunks of steps: single steps, and the shapes that make a write depend on several confirms. */
  steps: fc.array(fc.oneof(
    { weight: 4, arbitrary: tie("step").map((s) => [s]) },
    { weight: 1, arbitrary: fc.tuple(leaf, cond, leaf, write).map(([c, w, inner, d]) => [
      { confirm: "c", q: "Go ahead?" }, c, { when: w, steps: [inner, { confirm: "c", q: "Sure?", by: "manager" }] }, d]) },
  ), { maxLength: 4 }).map((chunks) => chunks.flat()),
  step: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    leaf, leaf, leaf,
    fc.record({ when: cond, steps: tie("steps") }),
    fc.record({ repeat: fc.constant({ for: "it", in: "price.rows" }), steps: tie("steps") }),
  ),
}));

/** Unique confirm ids (c1, c2, …), as a valid skill has. */
function numberConfirms(specs: StepSpec[], n = { i: 0 }): StepSpec[] {
  return specs.map((s) => ("confirm" in s ? { ...s, confirm: `c${++n.i}` }
    : "steps" in s ? { ...s, steps: numberConfirms(s.steps, n) } : s));
}

const skillOf = (specs: StepSpec[]): Skill => buildIR({ fields: { a: { kind: "text" }, b: { kind: "text" } }, tools: TOOLS, steps: numberConfirms(specs) });

/**
 * The fields a write depends on, worked out by hand for these tools (not with check/dependencies.ts):
 * `book` takes `a`, `mail` takes `b` (and the loop row), `pay` takes `total`, which only `price`
 * produces (bound from it on demand), and `price` takes `a`. A write also depends on the conditions of
 * the blocks around it. No tool reads a write's output.
 */
function bruteDeps(skill: Skill): Map<string, Set<string>> {
  const condDeps = (s: Step): string[] => (s.kind === "repeat" ? ["a"] : s.kind === "when" ? (s.condition.source === "stock.ok" ? ["b"] : ["a"]) : []);
  const out = new Map<string, Set<string>>();
  const visit = (list: readonly Step[], ancestors: Step[]) => {
    for (const s of list) {
      if (s.kind === "do" && skill.tools[s.tool]?.kind === "write") {
        const own = s.tool === "mail" ? ["b"] : ["a"];
        out.set(s.id, new Set([...own, ...ancestors.flatMap(condDeps)]));
      }
      if (s.kind === "when" || s.kind === "repeat") visit(s.steps, [...ancestors, s]);
    }
  };
  visit(skill.steps, []);
  return out;
}

interface Region { c: string; asked: string[]; loop: string | null }

/**
 * Brute force: every way (when true/false, repeat 0–2 times), with the open regions on each: a confirm
 * opens one, an ask adds its field to every open one, a region opened in a `repeat` ends with its
 * iteration. At each write, a region covers it when it asked nothing the write depends on. Returns, per
 * write, the confirms covering it on some way and whether some way has none; and per confirm, the writes
 * it covers on some way, each with whether some way has its region open at the write without covering it.
 */
function bruteForce(skill: Skill) {
  const deps = bruteDeps(skill);
  const gates = new Map<string, { confirms: Set<string>; uncovered: boolean }>();
  const coverage = new Map<string, Map<string, boolean>>();
  const missed = new Set<string>();
  const distinct = (states: Region[][]) => [...new Map(states.map((st) => [JSON.stringify(st), st])).values()];
  const walk = (list: readonly Step[], states: Region[][], loop: string | null): Region[][] => {
    let now = states;
    for (const s of list) {
      if (s.kind === "confirm") now = now.map((st) => [...st, { c: s.id, asked: [], loop }]);
      else if (s.kind === "ask") now = distinct(now.map((st) => st.map((r) => ({ ...r, asked: [...new Set([...r.asked, s.field])].sort() }))));
      else if (s.kind === "do" && skill.tools[s.tool]?.kind === "write") {
        const d = deps.get(s.id)!;
        const gate = gates.get(s.id) ?? { confirms: new Set<string>(), uncovered: false };
        for (const st of now) {
          const covering = st.filter((r) => !r.asked.some((f) => d.has(f)));
          if (covering.length === 0) gate.uncovered = true;
          for (const r of st) {
            if (!covering.includes(r)) {
              missed.add(`${r.c}>${s.id}`);
              continue;
            }
            gate.confirms.add(r.c);
            coverage.set(r.c, (coverage.get(r.c) ?? new Map<string, boolean>()).set(s.id, false));
          }
        }
        gates.set(s.id, gate);
      } else if (s.kind === "when") now = distinct([...now, ...walk(s.steps, now, loop)]);
      else if (s.kind === "repeat") {
        const end = (sts: Region[][]) => distinct(sts.map((st) => st.filter((r) => r.loop !== s.id)));
        const once = end(walk(s.steps, now, s.id));
        now = distinct([...now, ...once, ...end(walk(s.steps, once, s.id))]);
      }
    }
    return now;
  };
  walk(skill.steps, [[]], null);
  for (const [c, m] of coverage) for (const w of m.keys()) m.set(w, missed.has(`${c}>${w}`));
  return { gates, coverage };
}

/** Each confirm step's "Covers:" line: write step id → its "only when" words, or "" when it has none. */
function listedCovers(md: string): Map<string, Map<string, string>> {
  const out = new Map<string, Map<string, string>>();
  let step = "";
  for (const line of section(md, "Steps").split("\n")) {
    step = /^\s*- \*\*([\d.]+)\*\* /.exec(line)?.[1] ?? step;
    const note = /^\s*- Covers(?:: (.*)| no change)$/.exec(line);
    if (!note) continue;
    const text = note[1] ?? "";
    const items = text.split(text.includes(" only when ") ? "; " : /, | and /).filter(Boolean)
      .map((item) => /^`[^`]+` \(step ([\d.]+)\)(?: only when (.*))?$/.exec(item)!);
    out.set(step, new Map(items.map((m) => [m[1]!, m[2] ?? ""])));
  }
  return out;
}

function allConfirms(list: readonly Step[]): string[] {
  return list.flatMap((s) => (s.kind === "confirm" ? [s.id] : s.kind === "when" || s.kind === "repeat" ? allConfirms(s.steps) : []));
}

function allIds(list: readonly Step[]): string[] {
  return list.flatMap((s) => [s.id, ...(s.kind === "when" || s.kind === "repeat" ? allIds(s.steps) : [])]);
}

function section(md: string, title: string): string {
  const start = md.indexOf(`\n## ${title}\n`);
  const end = md.indexOf("\n## ", start + 1);
  return md.slice(start, end === -1 ? undefined : end);
}

/** The confirmations the Markdown lists under each write: step id → confirm step ids, and "no confirmation". */
function listedGates(md: string): Map<string, { confirms: string[]; ungated: boolean }> {
  const out = new Map<string, { confirms: string[]; ungated: boolean }>();
  for (const block of section(md, "Before each change").split("\n### Step ").slice(1)) {
    const id = block.slice(0, block.indexOf(":"));
    const confirms = [...block.matchAll(/^- Confirmation: (?:\(\d+ of \d+, all needed\) )?yes to `[^`]+` \(step ([\d.]+)\)/gm)].map((m) => m[1]!);
    out.set(id, { confirms, ungated: /^- No confirmation: /m.test(block) });
  }
  return out;
}

const RUNS = Number(process.env.RUNS ?? 150);

describe("procedure over generated skills", () => {
  test("each write lists exactly the checker's covering confirms, which match a brute-force walk", () => {
    fc.assert(fc.property(steps, (specs) => {
      const skill = skillOf(specs);
      const md = renderProcedure(skill, "md");
      const listed = listedGates(md);
      const brute = bruteForce(skill).gates;
      const writes = coverageOf(skill).writeGates();
      expect([...listed.keys()]).toEqual(writes.map((w) => w.stepId));
      for (const w of writes) {
        const truth = brute.get(w.stepId)!;
        const ids = w.confirms.map((c) => c.stepId);
        expect(new Set(ids), `coverage vs brute force at ${w.stepId}`).toEqual(truth.confirms);
        expect(w.gated, `checker vs brute force at ${w.stepId}`).toBe(!truth.uncovered);
        expect(listed.get(w.stepId)).toEqual({ confirms: ids, ungated: !w.gated });
      }
    }), { numRuns: RUNS, seed: 5 });
  });

  test("each Covers: line names the writes the confirm covers, conditional exactly where brute force finds a way it does not", () => {
    fc.assert(fc.property(steps, (specs) => {
      const skill = skillOf(specs);
      const md = renderProcedure(skill, "md");
      const listed = listedCovers(md);
      const brute = bruteForce(skill).coverage;
      const before = section(md, "Before each change");
      for (const c of allConfirms(skill.steps)) {
        const truth = brute.get(c) ?? new Map<string, boolean>();
        const covers = listed.get(c)!;
        expect([...covers.keys()], `writes covered by ${c}`).toEqual([...truth.keys()]);
        for (const [w, conditional] of truth) {
          expect(covers.get(w) !== "", `${c} covers ${w} on some ways only`).toBe(conditional);
          const block = before.split("\n### Step ").find((b) => b.startsWith(`${w}:`))!;
          const line = block.split("\n").find((l) => l.includes(`(step ${c}) from`))!;
          if (conditional) expect(line.endsWith(`, only when ${covers.get(w)}`), line).toBe(true);
        }
      }
    }), { numRuns: RUNS, seed: 8 });
  });

  test("each covering approval is listed among the write's approvals, with its role", () => {
    fc.assert(fc.property(steps, (specs) => {
      const skill = skillOf(specs);
      const md = section(renderProcedure(skill, "md"), "Before each change");
      for (const w of coverageOf(skill).writeGates()) {
        const block = md.split("\n### Step ").find((b) => b.startsWith(`${w.stepId}:`))!;
        for (const c of w.confirms.filter((c) => c.by)) {
          expect(block).toContain(`- Approval: the \`${c.by}\` role approves \`${c.id}\` (step ${c.stepId})`);
        }
      }
    }), { numRuns: RUNS, seed: 6 });
  });

  test("every step appears exactly once in the numbered steps, Markdown and HTML; output is deterministic", () => {
    fc.assert(fc.property(steps, (specs) => {
      const skill = skillOf(specs);
      const md = renderProcedure(skill, "md");
      const numbered = [...section(md, "Steps").matchAll(/^\s*- \*\*([\d.]+)\*\* /gm)].map((m) => m[1]);
      expect(numbered).toEqual(allIds(skill.steps));
      const html = renderProcedure(skill, "html");
      const spans = [...html.matchAll(/<span class="num">([\d.]+)<\/span>/g)].map((m) => m[1]);
      expect(spans).toEqual(allIds(skill.steps));
      expect(renderProcedure(skillOf(specs), "md")).toBe(md);
      expect(renderProcedure(skillOf(specs), "html")).toBe(html);
    }), { numRuns: RUNS, seed: 7 });
  });
});
