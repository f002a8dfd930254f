/**
 * outcome-unreached: an `end` no way through the flow reaches, because two decisions around it can never
 * hold together: `when: C` inside `when: !C` (compared as exclusive-conditions.ts compares them; the
 * `else:` of a `when: C` counts as `when: !C`), or two ways of switches on one value that name different
 * values (case `a` inside case `b`, or case `a` inside the `else:` of a switch that has a case `a`). Its
 * outcome is never reported. (An `end` after another ending in one list is `step-after-end`'s.) Pure.
 */
import type { Position } from "../format/ir.js";
import type { CheckContext } from "./context.js";
import { endSteps, type SwitchWay } from "./end-steps.js";
import { guardOf, type Guard } from "./exclusive-conditions.js";
import { at } from "./words.js";

/** One decision around an `end`: a yes/no guard, or a switch way (a case's value, or the values an `else:` excludes). */
interface Decision {
  label: string;
  pos: Position;
  guard?: Guard;
  subject?: string;
  value?: string;
  excluded?: string[];
}

export function checkUnreachedOutcomes(ctx: CheckContext): void {
  for (const { step, whens, ways } of endSteps(ctx.skill.steps)) {
    const decisions: Decision[] = [
      ...whens.map((w) => ({ label: `\`when: ${w.condition.source}\``, pos: w.pos, guard: guardOf(w.condition.source) })),
      ...ways.map(decisionOf),
    ];
    const clash = decisions.flatMap((a, i) => decisions.slice(i + 1).filter((b) => contradict(a, b)).map((b) => [a, b] as const))[0];
    if (!clash) continue;
    const [one, two] = clash;
    ctx.report(
      "outcome-unreached", step.pos,
      `No way through the flow reaches this \`end\`, so \`${step.outcome}\` is never reported: it is inside ${one.label} (${at(one.pos)}) and ${two.label} (${at(two.pos)}), which never hold together.`,
      `Move the \`end\` out of one of those ${one.label.startsWith("`when") && two.label.startsWith("`when") ? "`when`s" : "ways"}, or remove it.`,
    );
  }
}

function decisionOf({ step, branch }: SwitchWay): Decision {
  const source = step.on.source;
  if (step.written === "when") {
    const guard = guardOf(source);
    if (branch.value !== undefined) return { label: `\`when: ${source}\``, pos: step.pos, guard };
    return { label: `the \`else:\` of \`when: ${source}\``, pos: branch.pos, guard: { ...guard, positive: !guard.positive } };
  }
  const subject = guardOf(source).text;
  if (branch.value !== undefined) return { label: `the case \`${branch.value}\` of \`switch: ${source}\``, pos: branch.pos, subject, value: branch.value };
  const excluded = step.branches.flatMap((b) => (b.value === undefined ? [] : [b.value]));
  return { label: `the \`else:\` of \`switch: ${source}\``, pos: branch.pos, subject, excluded };
}

function contradict(a: Decision, b: Decision): boolean {
  if (a.guard && b.guard) return a.guard.text === b.guard.text && a.guard.positive !== b.guard.positive;
  if (a.subject === undefined || a.subject !== b.subject) return false;
  if (a.value !== undefined && b.value !== undefined) return a.value !== b.value;
  return (a.value !== undefined && (b.excluded ?? []).includes(a.value)) || (b.value !== undefined && (a.excluded ?? []).includes(b.value));
}
