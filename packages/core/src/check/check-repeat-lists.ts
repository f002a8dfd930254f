/**
 * bad-repeat: a `repeat` whose `in:` is not a list, whose loop variable (`for:`) takes the name of
 * a field, a tool or an enclosing loop variable, or whose gathered answers (`as:`) take the name of a
 * field, a tool, a loop variable or another repeat's gathered answers. Pure.
 */
import type { RepeatStep } from "../format/ir.js";
import { describeCelType } from "../expr/explain-error.js";
import type { CheckContext } from "./context.js";
import { walkSteps, type StepPlace } from "./walk-steps.js";
import { ownValue } from "../own-value.js";

export function checkRepeatLists(ctx: CheckContext): void {
  const gathered = new Set<string>();
  walkSteps(ctx, (step, place) => {
    if (step.kind !== "repeat") return;
    checkList(ctx, step, place);
    checkLoopName(ctx, step, place);
    checkGatherName(ctx, step, place, gathered);
  });
}

function checkGatherName(ctx: CheckContext, step: RepeatStep, place: StepPlace, seen: Set<string>): void {
  if (!step.gather) return;
  const { name, pos } = step.gather;
  const { skill } = ctx;
  const taken = ownValue(skill.fields, name) ? "field" : ownValue(skill.tools, name) ? "tool"
    : ownValue(place.scope.loopVars, name) || name === step.item ? "loop variable" : seen.has(name) ? "list another repeat gathers" : undefined;
  seen.add(name);
  if (!taken) return;
  ctx.report(
    "bad-repeat", pos,
    `The gathered answers \`${name}\` (\`as:\`) have the name of a ${taken}, so reading \`${name}\` would be ambiguous.`,
    `Rename \`as:\` to a name no field, tool, loop variable or other repeat uses, e.g. \`${name}_list\`.`,
  );
}

function checkList(ctx: CheckContext, step: RepeatStep, place: StepPlace): void {
  const result = ctx.exprs.typeCheck(step.list, place.scope);
  if (!result.ok || result.type.startsWith("list") || result.type === "dyn") return;
  ctx.report(
    "bad-repeat", step.list.pos,
    `\`${step.list.source}\` is ${describeCelType(result.type)}, not a list, so \`repeat\` cannot run over it.`,
    "Give `in:` a list, such as a lookup's list of rows (`tool.rows`) or a list literal.",
  );
}

function checkLoopName(ctx: CheckContext, step: RepeatStep, place: StepPlace): void {
  const { skill } = ctx;
  const taken = ownValue(skill.fields, step.item) ? "field" : ownValue(skill.tools, step.item) ? "tool" : ownValue(place.scope.loopVars, step.item) ? "loop variable" : undefined;
  if (!taken) return;
  ctx.report(
    "bad-repeat", step.keys.for ?? step.pos,
    `The loop variable \`${step.item}\` has the name of a ${taken}, which it would hide inside the loop.`,
    `Rename the loop variable (\`for:\`) to a name no field, tool or outer loop uses, e.g. \`each_${step.item}\`.`,
  );
}
