/**
 * duplicate-write (a warning): a second `do:` of a write that one open confirm covers together with an
 * earlier `do:` of it, the earlier one on every path to the second (every `when` and `repeat` around
 * the earlier one also encloses the second). Each `do:` is a write of its own in the ledger, so the card
 * lists it twice and one yes runs it twice: a double refund or charge. One forward pass, linear in the
 * steps: the confirm is the last one before the earlier `do:`, and no `ask` may stand between it and the
 * second (an ask may end its region; such a pair is left alone, as is one whose earlier `do:` sits in a
 * `when` or loop the second is outside of). Pure.
 */
import type { ConfirmStep, DoStep, RepeatStep, Step } from "../format/ir.js";
import { ownValue } from "../own-value.js";
import type { CheckContext } from "./context.js";
import { walkSteps } from "./walk-steps.js";
import { at } from "./words.js";

interface SeenDo {
  step: DoStep;
  around: Step[];
  /** The last confirm met before it, and where it was met in the walk. */
  confirm?: { step: ConfirmStep; index: number };
}

export function checkDuplicateWrites(ctx: CheckContext): void {
  const seen = new Map<string, SeenDo[]>();
  const confirms: Array<{ step: ConfirmStep; index: number; repeats: readonly RepeatStep[] }> = [];
  let index = 0;
  let lastAsk = -1;
  walkSteps(ctx, (step, place) => {
    index += 1;
    if (step.kind === "confirm") confirms.push({ step, index, repeats: place.repeats });
    if (step.kind === "ask") lastAsk = index;
    if (step.kind !== "do" || ownValue(ctx.skill.tools, step.tool)?.kind !== "write") return;
    const around: Step[] = [...place.whens, ...place.repeats];
    // A confirm inside a loop covers only its own iteration: one in a loop this step is outside of does not count.
    const open = [...confirms].reverse().find((c) => c.repeats.every((r) => place.repeats.includes(r)));
    const lastConfirm = open && { step: open.step, index: open.index };
    const earlier = seen.get(step.tool) ?? [];
    const first = [...earlier].reverse().find((e) => e.confirm && e.confirm.index > lastAsk && e.around.every((s) => around.includes(s)));
    earlier.push({ step, around, ...(lastConfirm ? { confirm: lastConfirm } : {}) });
    seen.set(step.tool, earlier);
    if (first) report(ctx, first.step, step, first.confirm!.step);
  });
}

function report(ctx: CheckContext, first: DoStep, second: DoStep, confirm: ConfirmStep): void {
  ctx.report(
    "duplicate-write", second.pos,
    `\`${second.tool}\` runs a second time here: the \`do:\` at ${at(first.pos)} runs it on every path that reaches this one, and the card of confirm \`${confirm.confirm}\` (${at(confirm.pos)}) lists both, so one yes runs it twice.`,
    `Remove one of the two \`do: ${second.tool}\` steps, or give each its own \`when\` or its own confirm if each is meant for a case of its own.`,
  );
}
