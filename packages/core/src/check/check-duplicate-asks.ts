/**
 * duplicate-ask: one field asked twice on one path (inside a `repeat`, twice in one iteration).
 * Asks under `when: C` and `when: !C` are on different paths, and so are asks in two ways of one
 * `switch` (or the two ways of a `when … else`). Pure.
 */
import type { AskStep, Step, SwitchStep } from "../format/ir.js";
import type { CheckContext } from "./context.js";
import { contradict, guardOf, type Guard } from "./exclusive-conditions.js";
import { at } from "./words.js";

interface Asked {
  step: AskStep;
  guards: readonly Guard[];
}

export function checkDuplicateAsks(ctx: CheckContext): void {
  visit(ctx, ctx.skill.steps, [], "", new Map());
}

/**
 * The guards of a switch's way `k`: the two ways of a `when … else` are `C` and `!C`; way `k` of a switch
 * is "way k" and "not way j" for every other way, so any two of its ways contradict.
 */
function branchGuards(step: SwitchStep, k: number): Guard[] {
  if (step.written === "when") {
    const guard = guardOf(step.on.source);
    return [step.branches[k]!.value !== undefined ? guard : { ...guard, positive: !guard.positive }];
  }
  return step.branches.map((_, j) => ({ text: `switch ${step.id} way ${j}`, positive: j === k }));
}

function visit(ctx: CheckContext, steps: readonly Step[], guards: readonly Guard[], loop: string, seen: Map<string, Asked[]>): void {
  for (const step of steps) {
    if (step.kind === "when") visit(ctx, step.steps, [...guards, guardOf(step.condition.source)], loop, seen);
    if (step.kind === "repeat") visit(ctx, step.steps, guards, step.id, seen);
    if (step.kind === "switch") step.branches.forEach((b, k) => visit(ctx, b.steps, [...guards, ...branchGuards(step, k)], loop, seen));
    if (step.kind === "repeat" && step.until?.exhausted) visit(ctx, step.until.exhausted, [...guards, guardOf(`!(${step.until.condition.source})`)], loop, seen);
    if (step.kind !== "ask") continue;
    const key = `${loop}|${step.field}`;
    const earlier = seen.get(key) ?? [];
    const clash = earlier.find((e) => !contradict(e.guards, guards));
    if (clash) {
      ctx.report(
        "duplicate-ask", step.fieldPos,
        `\`${step.field}\` is already asked at ${at(clash.step.pos)} on a path that reaches this ask too.`,
        `Remove one of the two asks, or put them under exclusive conditions (\`when: C\` and \`when: "!(C)"\`).`,
      );
    }
    seen.set(key, [...earlier, { step, guards }]);
  }
}
