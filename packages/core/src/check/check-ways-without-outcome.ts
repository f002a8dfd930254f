/**
 * way-without-outcome: once a skill names an outcome (it has an `end`), a way through the flow that
 * runs past its last step without reaching an `end` finishes with no outcome, which a reviewer and a
 * host cannot tell from a crash or a forgotten branch. A hand-off is an ending of its own. Conditions
 * are independent, as in the other path rules, except an either/or (either-or.ts) and the ways of a
 * `switch` (exactly one runs). Reported once, at
 * the last step, with one such way. Pure.
 */
import type { Step, SwitchStep, WhenStep } from "../format/ir.js";
import { branchOutcome, coversEveryValue } from "./switch-ways.js";
import type { CheckContext } from "./context.js";
import { alwaysEnds } from "./check-after-handoff.js";
import { eitherOrPair } from "./either-or.js";
import { endSteps } from "./end-steps.js";
import { listNames } from "./words.js";

/** A decision of the way: "`C` is true", "`method` is `gift_card`". */
interface Choice { words: string }

const whenChoice = (when: WhenStep, value: boolean): Choice => ({ words: `\`${when.condition.source}\` is ${value}` });

export function checkWaysWithoutOutcome(ctx: CheckContext): void {
  const ends = endSteps(ctx.skill.steps);
  const last = ctx.skill.steps[ctx.skill.steps.length - 1];
  if (ends.length === 0 || !last) return;
  const way = openWay(ctx, ctx.skill.steps);
  if (!way) return;
  const outcomes = [...new Set(ends.map((e) => e.step.outcome))];
  const when = way.length ? `When ${way.map((c) => c.words).join(" and ")}, the` : "The";
  ctx.report(
    "way-without-outcome", last.pos,
    `${when} flow runs past its last step without reaching an \`end\`, so that way finishes with no outcome, while the skill names ${listNames(outcomes)}.`,
    "Add an `end:` with that way's outcome as the last step of the flow.",
  );
}

/**
 * A way through a switch that does not end: a branch whose steps do not always end (with its own open
 * way), or passing the switch by when no way may run; undefined when every way ends.
 */
function openBranch(ctx: CheckContext, step: SwitchStep): Choice[] | undefined {
  if (!coversEveryValue(step, ctx.skill)) return [{ words: `\`${step.on.source}\` is a value no case names` }];
  const branch = step.branches.find((b) => !alwaysEnds(ctx, b.steps));
  if (!branch) return undefined;
  const outcome = branchOutcome(step, branch);
  const words = step.written === "when" ? `\`${step.on.source}\` is ${outcome.kind === "when" && outcome.value}`
    : branch.value !== undefined ? `\`${step.on.source}\` is \`${branch.value}\`` : `\`${step.on.source}\` is none of the cases`;
  return [{ words }, ...(openWay(ctx, branch.steps) ?? [])];
}

/** The choices of one way through `steps` that reaches none of their endings, or undefined when every way ends. */
function openWay(ctx: CheckContext, steps: readonly Step[]): Choice[] | undefined {
  const choices: Choice[] = [];
  for (let i = 0; i < steps.length; i++) {
    const step = steps[i]!;
    if (step.kind === "end" || step.kind === "handoff") return undefined;
    const pair = eitherOrPair(steps, i, ctx.exprs);
    if (pair) {
      const open = !alwaysEnds(ctx, pair[0].steps) ? pair[0] : !alwaysEnds(ctx, pair[1].steps) ? pair[1] : undefined;
      if (!open) return undefined;
      choices.push(whenChoice(open, true), ...(openWay(ctx, open.steps) ?? []));
      i++;
    } else if (step.kind === "when" && endSteps(step.steps).length > 0) {
      choices.push(whenChoice(step, false));
    } else if (step.kind === "switch" && endSteps([step]).length > 0) {
      const open = openBranch(ctx, step);
      if (!open) return undefined;
      choices.push(...open);
    }
  }
  return choices;
}
