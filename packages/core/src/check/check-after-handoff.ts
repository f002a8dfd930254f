/**
 * step-after-handoff, step-after-end: a step after a `handoff` or an `end` in the same list of steps,
 * or after an either/or whose two branches both end at one. Either ends the conversation, so the steps
 * after it never run (after a single `when` holding one, the steps run when its condition is false,
 * which is fine), or after a `switch` (or `when … else`) every way of which ends. Reported once, at the first step after it: `step-after-handoff` when hand-offs end it
 * on every way, `step-after-end` when an `end` does on some. Pure.
 */
import type { Step, SwitchStep } from "../format/ir.js";
import { coversEveryValue } from "./switch-ways.js";
import type { CheckContext } from "./context.js";
import { eitherOrPair } from "./either-or.js";
import { at } from "./words.js";

/** How the walk always stops at `steps[i]`: the step itself (width 1) or the either/or starting there (width 2), and whether by hand-offs only. */
interface Ends { width: 1 | 2; handsOff: boolean; switch?: true }

export function checkAfterHandoff(ctx: CheckContext): void {
  visit(ctx, ctx.skill.steps);
}

function visit(ctx: CheckContext, steps: readonly Step[]): void {
  steps.forEach((step, i) => {
    if (step.kind === "when" || step.kind === "repeat") visit(ctx, step.steps);
    if (step.kind === "switch") for (const branch of step.branches) visit(ctx, branch.steps);
    if (step.kind === "repeat" && step.until?.exhausted) visit(ctx, step.until.exhausted);
    const ends = endsAt(ctx, steps, i);
    const next = ends && steps[i + ends.width];
    if (!ends || !next) return;
    const many = steps.length - i - ends.width;
    const them = many === 1 ? "it" : "them";
    const never = `${many === 1 ? "This step" : `This step and the ${many - 1} after it`} never ${many === 1 ? "runs" : "run"}`;
    if (ends.width === 2 || ends.switch) {
      const how = ends.handsOff ? "hands off" : "ends the conversation";
      const block = ends.switch ? `\`${step.kind === "switch" && step.written === "when" ? "when … else" : "switch"}\` at ${at(step.pos)}` : `either/or at ${at(step.pos)}`;
      ctx.report(
        ends.handsOff ? "step-after-handoff" : "step-after-end", next.pos,
        `${never}: the ${block}, which ${how} ${ends.switch ? "on every way" : "both ways"}, ends the conversation.`,
        `Move ${them} above the ${block}, or let one of its ways go on without ${ends.handsOff ? "a `handoff`" : "ending"}.`,
      );
      return;
    }
    const kind = step.kind === "handoff" ? "handoff" : "end";
    ctx.report(
      kind === "handoff" ? "step-after-handoff" : "step-after-end", next.pos,
      `${never}: the \`${kind}\` at ${at(step.pos)} ends the conversation.`,
      `Move ${them} above the \`${kind}\` at ${at(step.pos)}, or put the \`${kind}\` in a \`when\` so the other case goes on.`,
    );
  });
}

/** Whether the walk always stops at `steps[i]` (a `handoff` or an `end`, or an either/or ending both ways). */
function endsAt(ctx: Pick<CheckContext, "skill" | "exprs">, steps: readonly Step[], i: number): Ends | undefined {
  const step = steps[i];
  if (step?.kind === "handoff" || step?.kind === "end") return { width: 1, handsOff: step.kind === "handoff" };
  if (step?.kind === "switch") return switchEnds(ctx, step);
  const pair = eitherOrPair(steps, i, ctx.exprs);
  const a = pair && alwaysEnds(ctx, pair[0].steps);
  const b = pair && alwaysEnds(ctx, pair[1].steps);
  return a && b ? { width: 2, handsOff: a.handsOff && b.handsOff } : undefined;
}

/** A switch ends the conversation when one of its ways always runs and every way ends it. */
function switchEnds(ctx: Pick<CheckContext, "skill" | "exprs">, step: SwitchStep): Ends | undefined {
  if (!coversEveryValue(step, ctx.skill)) return undefined;
  const ways = step.branches.map((b) => alwaysEnds(ctx, b.steps));
  if (!ways.every(Boolean)) return undefined;
  return { width: 1, handsOff: ways.every((w) => w!.handsOff), switch: true };
}

/** How every run of `steps` ends, if every one does (reads only the skill and its expressions). */
export function alwaysEnds(ctx: Pick<CheckContext, "skill" | "exprs">, steps: readonly Step[]): Ends | undefined {
  for (let i = 0; i < steps.length; i++) {
    const ends = endsAt(ctx, steps, i);
    if (ends) return ends;
  }
  return undefined;
}
