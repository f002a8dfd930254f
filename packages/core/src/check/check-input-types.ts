/**
 * input-type-mismatch: a write's input bound by name from an answer whose type the input does not take —
 * above all a pick of several rows (`many: true`, a list of ids) bound to an input that takes one id, or
 * a pick of one row bound to an input that takes a list. Numbers widen (a whole number fits a number);
 * an untyped side (`dyn`) fits anything. Pure.
 */
import type { AskStep, FieldDecl } from "../format/ir.js";
import { fieldValueType } from "../expr/field-type.js";
import type { ValueType } from "../tools/value-type.js";
import { compileSkill, indexOf } from "../compile/compile-skill.js";
import type { CheckContext } from "./context.js";
import { at } from "./words.js";
import { ownValue } from "../own-value.js";
import { fits, typeWords } from "./value-fits.js";

export function checkInputTypes(ctx: CheckContext): void {
  const index = indexOf(ctx.skill);
  for (const [stepId, sources] of compileSkill(ctx.skill).valueFlow.writeInputs) {
    const step = index.steps.get(stepId);
    const tool = step?.kind === "do" ? ownValue(ctx.skill.tools, step.tool) : undefined;
    if (!step || step.kind !== "do" || !tool) continue;
    for (const param of tool.params) {
      const field = sources[param.name] === "field" ? ownValue(ctx.skill.fields, param.name) : undefined;
      const ask = index.asks.get(param.name)?.[0];
      if (!field || !ask || fits(fieldValueType(field), param.type)) continue;
      const [why, fix] = explain(field, ask, tool.name, param.type);
      ctx.report("input-type-mismatch", step.toolPos, `\`${tool.name}\` takes \`${param.name}\` as ${typeWords(param.type)}, but ${why}.`, fix);
    }
  }
}

function explain(field: FieldDecl, ask: AskStep, tool: string, input: ValueType): [string, string] {
  const asked = `\`${field.name}\` (asked at ${at(ask.pos)}) is ${typeWords(fieldValueType(field))}`;
  if (field.shape.kind !== "pick") return [asked, `Give \`${tool}\` an input that takes ${typeWords(fieldValueType(field))}, or ask \`${field.name}\` with a shape of ${typeWords(input)}.`];
  if (field.shape.many) return [`${asked} (several rows picked, \`many: true\`)`, `Make the input of \`${tool}\` a list of ids, or remove \`many: true\` to pick one row.`];
  return [`${asked} (one row picked)`, `Add \`many: true\` to the ask at ${at(ask.pos)} to pick several rows, or make the input of \`${tool}\` take one id.`];
}
