/**
 * write-in-checked-repeat: a `repeat` with `check:` whose steps (at any depth) run a write. The check
 * is evaluated once every pass is answered, so a write inside a pass would already have run when the
 * check fails, and the pass the person then corrects would be cleared under it. Pure.
 */
import { everyChildStepOf } from "../format/child-steps.js";
import type { RepeatStep, Step } from "../format/ir.js";
import type { CheckContext } from "./context.js";
import { walkSteps } from "./walk-steps.js";
import { at } from "./words.js";
import { ownValue } from "../own-value.js";

export function checkCheckedRepeats(ctx: CheckContext): void {
  walkSteps(ctx, (step) => {
    if (step.kind !== "repeat" || !step.checks?.length) return;
    for (const write of writesIn(ctx, step.steps)) {
      ctx.report(
        "write-in-checked-repeat", write.toolPos,
        `\`${write.tool}\` is a write inside the \`repeat\` at ${at(step.pos)}, whose \`check:\` is evaluated only after every pass: a pass would run it before the check could hold it back.`,
        `Move \`do: ${write.tool}\` after the \`repeat\` (with \`with:\` over \`${step.gather?.name ?? "the gathered list"}\`), behind a confirm there, or take \`check:\` off the repeat.`,
      );
    }
  });
}

/** The `do:` steps of writes among `steps` and the blocks nested in them. */
function writesIn(ctx: CheckContext, steps: readonly Step[]): Array<Extract<Step, { kind: "do" }>> {
  return steps.flatMap((step): Array<Extract<Step, { kind: "do" }>> => {
    if (step.kind === "when" || step.kind === "repeat" || step.kind === "switch") return writesIn(ctx, everyChildStepOf(step));
    if (step.kind !== "do") return [];
    return ownValue(ctx.skill.tools, step.tool)?.kind === "write" ? [step] : [];
  });
}
