/**
 * outcome-unreached: an `end` no way through the flow reaches, because two `when`s around it can never
 * hold together (`when: C` inside `when: !C`, compared as exclusive-conditions.ts compares them). Its
 * outcome is never reported. (An `end` after another ending in one list is `step-after-end`'s.) Pure.
 */
import type { CheckContext } from "./context.js";
import { endSteps } from "./end-steps.js";
import { guardOf } from "./exclusive-conditions.js";
import { at } from "./words.js";

export function checkUnreachedOutcomes(ctx: CheckContext): void {
  for (const { step, whens } of endSteps(ctx.skill.steps)) {
    const guards = whens.map((w) => ({ when: w, guard: guardOf(w.condition.source) }));
    const clash = guards.flatMap((a) => guards.filter((b) => a.guard.text === b.guard.text && a.guard.positive && !b.guard.positive).map((b) => [a.when, b.when] as const))[0];
    if (!clash) continue;
    const [yes, no] = clash;
    ctx.report(
      "outcome-unreached", step.pos,
      `No way through the flow reaches this \`end\`, so \`${step.outcome}\` is never reported: it is inside \`when: ${yes.condition.source}\` (${at(yes.pos)}) and \`when: ${no.condition.source}\` (${at(no.pos)}), which never hold together.`,
      `Move the \`end\` out of one of those \`when\`s, or remove it.`,
    );
  }
}
