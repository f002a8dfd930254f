/**
 * For each write step, what must be true before it runs: every confirmation that covers it (from the
 * checker's coverage analysis; confirms stack, so each is needed where it applies) with its question,
 * approvals and by whom, the checks that must have passed, what its line on the card reads,
 * and where each input comes from. Pure.
 */
import { expressionsFor } from "../compile/compile-skill.js";
import type { ConfirmStep, Skill } from "../format/ir.js";
import type { Inline, WriteConditions } from "./model.js";
import { code, inline, joinList, quoted } from "./inline.js";
import { contextAt } from "./describe-value.js";
import { describeCondition, describeValue } from "./describe-condition.js";
import { coverageCondition } from "./describe-coverage.js";
import { describeCard } from "./describe-card.js";
import { traceInputs } from "./trace-inputs.js";
import { extraBlocks, placeSteps, type PlacedStep } from "./walk-steps.js";
import type { GateGap, WriteGate } from "./write-gates.js";
import { ownValue } from "../own-value.js";

/** ", only when X", ", for each row of Y": what else must hold for `inner` to be on the way to `target`. */
function onlyWhen(skill: Skill, inner: PlacedStep, target: PlacedStep): Inline {
  const parts = extraBlocks(inner, target).map((b) => {
    const ctx = contextAt(skill, inner.ancestors.slice(0, inner.ancestors.indexOf(b)));
    return b.kind === "when"
      ? inline(", only when ", describeCondition(b.condition, ctx))
      : b.until
        ? inline(`, in each pass of step ${b.id}`)
        : inline(", for each row of ", describeValue(b.list, ctx));
  });
  return inline(...parts);
}

function confirmWords(skill: Skill, p: PlacedStep, target: PlacedStep): Inline {
  const c = p.step as ConfirmStep;
  const who = c.by === undefined ? ["the person"] : inline("the ", code(c.by), " role");
  return inline("yes to ", code(c.confirm), ` (step ${c.id}) from `, who, ": ", quoted(c.question.source), onlyWhen(skill, p, target));
}

function approvalWords(skill: Skill, p: PlacedStep, target: PlacedStep): Inline {
  const c = p.step as ConfirmStep;
  return inline("the ", code(c.by ?? ""), " role approves ", code(c.confirm), ` (step ${c.id})`, onlyWhen(skill, p, target));
}

/**
 * The checks an ask makes, or a repeat makes after its passes, in words, without their conditions of
 * reach (the same for every write).
 */
function askChecks(skill: Skill, p: PlacedStep): Inline[] {
  if (p.step.kind === "repeat") {
    const repeat = p.step;
    const ctx = contextAt(skill, p.ancestors);
    return (repeat.checks ?? []).map((c) => inline(`step ${repeat.id} (after every pass of `, code(repeat.gather?.name ?? repeat.item), "): ", describeCondition(c.condition, ctx)));
  }
  if (p.step.kind !== "ask") return [];
  const ask = p.step;
  const at = inline(`step ${ask.id} (`, code(ask.field), "): ");
  const shape = ownValue(skill.fields, ask.field)?.shape;
  const known = shape?.kind === "lookup" ? [inline(at, code(shape.tool), " recognises the answer")] : [];
  const ctx = contextAt(skill, p.ancestors);
  return [...known, ...ask.checks.map((c) => inline(at, describeCondition(c.condition, ctx)))];
}

function checksBefore(skill: Skill, before: readonly PlacedStep[], target: PlacedStep, words: ReadonlyMap<PlacedStep, Inline[]>): Inline[] {
  return before.flatMap((p) => (words.get(p) ?? []).map((text) => inline(text, onlyWhen(skill, p, target))));
}

/** The checker's witness for an ungated write, in words: the way on which no confirmation covers it. */
function gapWords(skill: Skill, gap: GateGap, byId: ReadonlyMap<string, PlacedStep>): Inline {
  const parts = gap.path.map((o): Inline => {
    if (o.kind === "when") {
      const when = byId.get(o.stepId);
      const ctx = contextAt(skill, when?.ancestors ?? []);
      return when?.step.kind === "when" ? describeCondition(when.step.condition, ctx, !o.value) : [code(o.condition)];
    }
    if (o.kind === "repeat-again") return [`on a later row of step ${o.stepId}`];
    if (o.kind === "until-pass") return [`in a pass of step ${o.stepId}`];
    return inline(`after step ${o.stepId} ends (`, code(o.confirm), " covers only its own rows)");
  });
  if (gap.omitted) parts.push([`${gap.omitted} more conditions on that way`]);
  const way = parts.length > 0 ? inline("when ", joinList(parts, ", ", " and "), ", ") : ["on every way, "];
  const closed = gap.closedBy
    ? inline(" (the answer at step ", gap.closedBy.askStepId, " ends what ", gap.closedBy.confirm ? code(gap.closedBy.confirm) : "the confirmations above", " covers)")
    : [];
  return inline(way, "it runs with no confirmation above it", closed, "; the checker rejects this skill");
}

/** What must be true before each write, in step order. */
export function listWrites(skill: Skill, gates: readonly WriteGate[]): WriteConditions[] {
  const placed = placeSteps(skill.steps);
  const byId = new Map(placed.map((p) => [p.step.id, p]));
  const exprs = expressionsFor(skill);
  const checkWords = new Map(placed.map((p) => [p, askChecks(skill, p)]));
  return gates.map((gate) => {
    const target = byId.get(gate.stepId)!;
    const before = placed.slice(0, target.order);
    const confirms = gate.confirms.map((c) => ({ p: byId.get(c.stepId)!, endedBy: c.endedBy })).sort((a, b) => a.p.order - b.p.order);
    const approvals = before.filter((p) => p.step.kind === "confirm" && p.step.by !== undefined);
    return {
      tool: gate.tool,
      number: gate.stepId,
      ...(ownValue(skill.tools, gate.tool)?.description ? { description: ownValue(skill.tools, gate.tool)!.description!.trim() } : {}),
      card: target.step.kind === "do" ? describeCard(skill, target.step) : [],
      confirmations: confirms.map(({ p, endedBy }, i) => {
        const covering = coverageCondition(skill, byId, p.step.id, gate.stepId, endedBy);
        // Confirms stack: every one listed is needed, on the ways where it covers the write.
        const one = confirms.length > 1 ? `(${i + 1} of ${confirms.length}, all needed) ` : "";
        return inline(one, confirmWords(skill, p, target), covering.length > 0 ? inline(", only when ", covering) : []);
      }),
      ...(gate.gated ? {} : { ungated: gapWords(skill, gate.gap ?? { path: [] }, byId) }),
      approvals: approvals.map((p) => approvalWords(skill, p, target)),
      checks: checksBefore(skill, before, target, checkWords),
      inputs: traceInputs(skill, placed, target, (e) => exprs.refs(e)),
      ...perOf(target),
    };
  });
}

/** The sentence of a procedure with no write; a hand-off is not a write (it needs no yes). */
export function noChangeSentence(handsOver: boolean): string {
  return handsOver
    ? "No step changes anything: every tool this skill runs is a lookup, or hands the conversation over (which changes nothing the person owns, so it needs no yes)."
    : "No step changes anything: every tool this skill runs is a lookup.";
}

/** A write inside a repeat runs once per row (`in:`) or per pass (`until:`): the innermost loop says which. */
function perOf(target: PlacedStep): { per?: "row" | "pass" } {
  const loop = [...target.ancestors].reverse().find((a) => a.kind === "repeat");
  if (!loop || loop.kind !== "repeat") return {};
  return { per: loop.until ? "pass" : "row" };
}

/** "Runs at most once per flow", or per row or pass of the loop the write is in. Pure. */
export function onceWords(w: WriteConditions): string {
  return w.per === "pass" ? "Runs at most once per pass of its loop" : w.per === "row" ? "Runs at most once per row of its loop" : "Runs at most once per flow";
}
