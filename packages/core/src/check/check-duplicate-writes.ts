/**
 * duplicate-write (a warning): one confirm covers two `do:` of the same write, the second below the
 * first on every path that reaches it (every `when` and `repeat` around the second also encloses the
 * first). Each `do:` is a write of its own in the ledger, so the card lists it twice and one yes runs
 * it twice: a double refund or charge. A second `do:` in a `when` or loop of its own, or under a confirm
 * of its own, is not reported: it may be meant for its own case. Pure.
 */
import { writesCoveredBy } from "../compile/compile-skill.js";
import type { DoStep, Step } from "../format/ir.js";
import { ownValue } from "../own-value.js";
import type { CheckContext } from "./context.js";
import { walkSteps } from "./walk-steps.js";
import { at } from "./words.js";

export function checkDuplicateWrites(ctx: CheckContext): void {
  const around = new Map<string, Step[]>();
  const confirms: Array<{ id: string; name: string; pos: Step["pos"] }> = [];
  walkSteps(ctx, (step, place) => {
    around.set(step.id, [...place.whens, ...place.repeats]);
    if (step.kind === "confirm") confirms.push({ id: step.id, name: step.confirm, pos: step.pos });
  });
  const reported = new Set<string>();
  for (const confirm of confirms) {
    const writes = writesCoveredBy(ctx.skill, confirm.id).filter((w) => ownValue(ctx.skill.tools, w.tool)?.kind === "write");
    writes.forEach((second, i) => {
      const first = writes.slice(0, i).find((w) => w.tool === second.tool && around.get(second.id)!.every((s) => around.get(w.id)!.includes(s)));
      if (!first || reported.has(second.id)) return;
      reported.add(second.id);
      report(ctx, first, second, confirm);
    });
  }
}

function report(ctx: CheckContext, first: DoStep, second: DoStep, confirm: { name: string; pos: Step["pos"] }): void {
  ctx.report(
    "duplicate-write", second.pos,
    `\`${second.tool}\` runs a second time here: the \`do:\` at ${at(first.pos)} runs it on every path that reaches this one, and the card of confirm \`${confirm.name}\` (${at(confirm.pos)}) lists both, so one yes runs it twice.`,
    `Remove one of the two \`do: ${second.tool}\` steps, or give each its own \`when\` or its own confirm if each is meant for a case of its own.`,
  );
}
