/**
 * Visit every step in document order with what is in scope there: the loop variables of the enclosing
 * `repeat`s (typed from their lists) and the enclosing `when`s and `repeat`s (a switch's branches are
 * visited in its place, with no `when` added). Pure.
 */
import type { RepeatStep, Step, WhenStep } from "../format/ir.js";
import type { Scope } from "../expr/types.js";
import type { ValueType } from "../tools/value-type.js";
import type { CheckContext } from "./context.js";
import { expressionsOf, type StepExpr } from "./expressions-of.js";

export interface StepPlace {
  scope: Scope;
  /** Enclosing `repeat`s, outermost first. */
  repeats: RepeatStep[];
  /** Enclosing `when`s, outermost first. */
  whens: WhenStep[];
}

export type StepVisitor = (step: Step, place: StepPlace) => void;

export function walkSteps(ctx: CheckContext, visit: StepVisitor): void {
  visitAll(ctx, ctx.skill.steps, { scope: {}, repeats: [], whens: [] }, visit);
}

function visitAll(ctx: CheckContext, steps: readonly Step[], place: StepPlace, visit: StepVisitor): void {
  for (const step of steps) {
    visit(step, place);
    if (step.kind === "when") visitAll(ctx, step.steps, { ...place, whens: [...place.whens, step] }, visit);
    if (step.kind === "repeat") visitAll(ctx, step.steps, enterRepeat(ctx, step, place), visit);
    if (step.kind === "switch") for (const branch of step.branches) visitAll(ctx, branch.steps, place, visit);
    if (step.kind === "repeat" && step.until?.exhausted) visitAll(ctx, step.until.exhausted, place, visit);
  }
}

export function enterRepeat(ctx: CheckContext, step: RepeatStep, place: StepPlace): StepPlace {
  const loopVars = { ...place.scope.loopVars, [step.item]: loopVarType(ctx, step, place.scope) };
  return { ...place, scope: { loopVars }, repeats: [...place.repeats, step] };
}

/** The type of a `repeat`'s loop variable: the element type of its list, `dyn` if that is unknown. */
export function loopVarType(ctx: CheckContext, step: RepeatStep, scope: Scope): ValueType {
  const list = ctx.exprs.valueType(step.list, scope);
  return list?.t === "list" ? list.of : { t: "dyn" };
}

export interface PlacedExpr extends StepExpr {
  step: Step;
  place: StepPlace;
}

/** Visit every expression of every step, with the scope it is read in. */
export function walkExpressions(ctx: CheckContext, visit: (e: PlacedExpr) => void): void {
  walkSteps(ctx, (step, place) => {
    // A `repeat … until` condition is read at the end of a pass, in the body's scope.
    for (const e of expressionsOf(step)) visit({ ...e, step, place: e.role === "until" && step.kind === "repeat" ? enterRepeat(ctx, step, place) : place });
  });
}
