/**
 * unknown-case: a `switch` case that is not one of the values the switch can take (a typo, or a value
 * the choices field or the enum does not have): that way could never run. switch-not-exhaustive: a
 * `switch` without `else:` whose cases leave out a value it can take, or whose values are not known (a
 * text field, a computed value): on that value no way would run, and the flow would go on as if the
 * switch were not there. The possible values come from `possibleValues`. A `when … else` always has its
 * two ways. Pure.
 */
import type { SwitchStep } from "../format/ir.js";
import { caseBranches, elseBranch } from "../format/child-steps.js";
import type { CheckContext } from "./context.js";
import { possibleValues } from "./possible-values.js";
import { walkSteps } from "./walk-steps.js";
import { suggest } from "../format/suggest.js";

export function checkSwitchCases(ctx: CheckContext): void {
  walkSteps(ctx, (step) => {
    if (step.kind !== "switch" || step.written !== "switch") return;
    const values = possibleValues(ctx.skill, step.on);
    if (values) reportUnknownCases(ctx, step, values);
    if (!elseBranch(step)) reportMissing(ctx, step, values);
  });
}

function reportUnknownCases(ctx: CheckContext, step: SwitchStep, values: readonly string[]): void {
  for (const branch of caseBranches(step)) {
    if (values.includes(branch.value!)) continue;
    const near = suggest(branch.value!, values);
    ctx.report(
      "unknown-case", branch.pos,
      `\`${branch.value}\` is not a value \`${step.on.source}\` can take (${words(values)}), so this way never runs.`,
      near ? `Did you mean \`${near}\`? Name one of ${words(values)}, or remove this case.` : `Name one of ${words(values)}, or remove this case.`,
    );
  }
}

function reportMissing(ctx: CheckContext, step: SwitchStep, values: readonly string[] | undefined): void {
  const at = step.keys.switch ?? step.pos;
  if (!values) {
    ctx.report(
      "switch-not-exhaustive", at,
      `The values of \`${step.on.source}\` are not known (it is not a choices field or a tool output declared \`z.enum\`), and this \`switch\` has no \`else:\`, so on a value no case names no way would run.`,
      "Add `else:` under `switch:` (same indentation) with the steps for any other value, or switch on a choices field or an enum output.",
    );
    return;
  }
  const named = new Set(caseBranches(step).map((b) => b.value));
  const missing = values.filter((v) => !named.has(v));
  if (missing.length === 0) return;
  ctx.report(
    "switch-not-exhaustive", at,
    `This \`switch\` has no case for ${words(missing)}, which \`${step.on.source}\` can take, and no \`else:\`, so on ${missing.length === 1 ? "that value" : "those values"} no way would run.`,
    `Add ${missing.length === 1 ? "a case" : "cases"} for ${words(missing)}, or \`else:\` with the steps for the values no case names.`,
  );
}

/** "`a`, `b` or `c`". */
function words(values: readonly string[]): string {
  const quoted = values.map((v) => `\`${v}\``);
  return quoted.length <= 1 ? (quoted[0] ?? "") : `${quoted.slice(0, -1).join(", ")} or ${quoted[quoted.length - 1]}`;
}
