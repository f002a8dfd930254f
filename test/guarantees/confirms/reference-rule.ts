/**
 * A small reference of "what a confirm covers", written from the rule in SKILL-FORMAT.md and not from
 * the runtime's code, for the tools of generate-skill.ts: a confirm passed on a replay covers a write met
 * after it on that replay unless, in between, the person answered an ask of a field the write depends
 * on — a field it takes, directly or through a lookup's inputs, or one read by a `when`/`repeat` around
 * it — and, for a confirm inside a `repeat`, only within that iteration.
 *
 * `siteRule` adds the refinement dependencies.ts documents for an input several tools produce: it also
 * depends on what the `when`s around each place a producer is read depend on (which producer was met
 * last can depend on them). The generated tools have one producer per input (`charge` takes `amount`
 * from `quote` alone, bound from it on demand), so the rule as documented is the reference: `siteRule`
 * is off by default. Pure.
 */
import type { Skill, Step, TraceEvent } from "@skillflow/core";

type StepRecord = Extract<TraceEvent, { type: "step" }>;

/** Fields each tool takes, directly or through the lookup it takes an output from. */
const TAKES: Record<string, string[]> = { book: ["a"], charge: ["a"], mail: ["b"], hold: ["n"], ship: ["item"], note: [], buy: [] };
/** The lookup a write takes an output from (`charge` takes `amount` from `quote`). */
const FROM_LOOKUP: Record<string, string> = { charge: "quote" };

/** Fields a `when` condition or a `repeat` list reads (through `quote`, `stock` and `verify_pin` too). */
export function conditionFields(step: Step): string[] {
  if (step.kind === "repeat") return ["a"];
  if (step.kind !== "when") return [];
  const src = step.condition.source;
  const out: string[] = [];
  if (/\ba ==|quote\./.test(src)) out.push("a");
  if (/stock\./.test(src)) out.push("b");
  if (/rating/.test(src)) out.push("rating");
  if (/\bn >/.test(src)) out.push("n");
  if (/verify_pin/.test(src)) out.push("pin");
  return out;
}

/** Does this step read `quote` (run it, or read its output in a condition, list or text)? */
function readsQuote(step: Step): boolean {
  switch (step.kind) {
    case "do": return step.tool === "quote";
    case "when": return step.condition.source.includes("quote.");
    case "repeat": return true;
    case "ask": return step.from?.source.startsWith("quote.") ?? false;
    case "say": return step.text.source.includes("{quote.");
    case "confirm": return step.question.source.includes("{quote.");
    default: return false;
  }
}

export interface Placed { step: Step; blocks: Step[] }

/** Every step with the `when`s and `repeat`s around it, in reading order. */
export function placeSteps(steps: readonly Step[], blocks: Step[] = []): Placed[] {
  return steps.flatMap((step) => [
    { step, blocks },
    ...(step.kind === "when" || step.kind === "repeat" ? placeSteps(step.steps, [...blocks, step]) : []),
  ]);
}

/** The fields each write step depends on, by step id. */
export function referenceDeps(skill: Skill, options: { siteRule: boolean }): Map<string, Set<string>> {
  const placed = placeSteps(skill.steps);
  const quoteSites = new Set(placed.filter((p) => readsQuote(p.step)).flatMap((p) => p.blocks.flatMap(conditionFields)));
  const out = new Map<string, Set<string>>();
  for (const { step, blocks } of placed) {
    if (step.kind !== "do" || skill.tools[step.tool]?.kind !== "write") continue;
    const deps = new Set([...(TAKES[step.tool] ?? []), ...blocks.flatMap(conditionFields)]);
    if (options.siteRule && FROM_LOOKUP[step.tool] === "quote") for (const f of quoteSites) deps.add(f);
    out.set(step.id, deps);
  }
  return out;
}

/** A confirm passed on a replay, as its trace shows it. */
export interface PassedConfirm { stepId: string; confirm: string; key: string; scope: string; outcome: string; digest?: string }

const PASSED = new Set(["confirmed", "all writes done", "covers nothing here"]);

const split = (traced: string): [string, string] => {
  const at = traced.indexOf("@");
  return at < 0 ? [traced, ""] : [traced.slice(0, at), traced.slice(at + 1)];
};

/**
 * The confirms whose region covers the write traced as `instance`, by the reference rule, read from the
 * step records of one replay (`trace`, in walk order), up to the last record of that write.
 */
export function coveringConfirms(skill: Skill, deps: Map<string, Set<string>>, trace: readonly TraceEvent[], instance: string): PassedConfirm[] {
  const steps = new Map(placeSteps(skill.steps).map((p) => [p.step.id, p.step]));
  const records = trace.filter((e): e is StepRecord => e.type === "step");
  let end = -1;
  records.forEach((r, i) => { if (r.kind === "do" && r.stepId === instance) end = i; });
  if (end < 0) throw new Error(`no step record for the write ${instance}`);
  const open: Array<PassedConfirm & { asked: Set<string> }> = [];
  for (const r of records.slice(0, end)) {
    const [id, scope] = split(r.stepId);
    const step = steps.get(id);
    if (step?.kind === "confirm" && PASSED.has(r.outcome)) {
      const key = scope ? `${step.confirm}@${scope}` : step.confirm;
      open.push({ stepId: id, confirm: step.confirm, key, scope, outcome: r.outcome, ...(r.digest ? { digest: r.digest } : {}), asked: new Set() });
    }
    if (step?.kind === "ask" && r.outcome === "answered") for (const region of open) region.asked.add(step.field);
  }
  const [writeId, writeScope] = split(instance);
  const writeDeps = deps.get(writeId) ?? new Set<string>();
  return open
    .filter((r) => r.scope === "" || writeScope === r.scope || writeScope.startsWith(`${r.scope}/`))
    .filter((r) => ![...r.asked].some((f) => writeDeps.has(f)))
    .map(({ asked: _asked, ...passed }) => passed);
}
