/**
 * unbound-tool-input: a tool input (bound by name) that, where the tool runs, no earlier step asks,
 * no loop variable names and no tool that ran earlier returns. Pure.
 */
import type { CheckContext } from "./context.js";
import { isBefore } from "./skill-index.js";
import { indexOf } from "../compile/compile-skill.js";
import type { MissingInput } from "./value-flow.js";
import { compileSkill } from "../compile/compile-skill.js";
import { at, didYouMeanPrefix, listNames } from "./words.js";
import { ownValue } from "../own-value.js";

export function checkUnboundInputs(ctx: CheckContext): void {
  for (const input of compileSkill(ctx.skill).valueFlow.missingInputs) {
    const [why, fix] = explain(ctx, input);
    ctx.report("unbound-tool-input", input.pos, `\`${input.tool}\` needs the input \`${input.param}\`, ${why}.`, fix);
  }
}

function explain(ctx: CheckContext, input: MissingInput): [string, string] {
  const { param, pos } = input;
  const index = indexOf(ctx.skill);
  const asks = index.asks.get(param) ?? [];
  const earlier = asks.find((a) => isBefore(a.pos, pos));
  if (earlier) {
    return [`but \`${param}\` is asked at ${at(earlier.pos)} only on some paths`, `Ask \`${param}\` on every path before ${at(pos)} (outside the \`when\` or \`repeat\`).`];
  }
  const [first] = asks;
  if (first) {
    return [`but \`${param}\` is asked only later, at ${at(first.pos)}`, `Move the ask for \`${param}\` above ${at(pos)}.`];
  }
  if (ownValue(ctx.skill.fields, param)) {
    return [`but the field \`${param}\` is never asked`, `Add \`- ask: { ${param}: "…" }\` above ${at(pos)}.`];
  }
  const producers = (index.producers.get(param) ?? []).filter((t) => t !== input.tool);
  if (producers.length > 0) {
    return [
      `which ${listNames(producers)} returns, but no such tool has run before this on every path`,
      `Run \`do: ${producers[0]}\` above ${at(pos)}, or ask \`${param}\` first.`,
    ];
  }
  const names = [...Object.keys(ctx.skill.fields), ...index.producers.keys()].filter((n) => n !== param);
  return [
    "which no step asks and no tool returns",
    `${didYouMeanPrefix(param, names)}Declare and ask a field named \`${param}\` above ${at(pos)} (inputs are bound by name), or make the input optional.`,
  ];
}
