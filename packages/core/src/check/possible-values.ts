/**
 * The values a `switch` can choose by, when they are known: the one place that says so. Known for a
 * choices field (its choices; a `decide`'s id is one, its options plus `no` with `by:`), a yes/no
 * (`true`, `false`), and a tool output, or a property of one, whose schema is an enum of texts (`z.enum([...])`). The value must be
 * written as the plain name or path (`payment_method`, `assess_risk.level`); anything computed is not
 * known. Pure.
 */
import type { Expr, Skill } from "../format/ir.js";
import type { ValueType } from "../tools/value-type.js";
import { ownValue } from "../own-value.js";

const PATH = /^\s*([A-Za-z_]\w*)((?:\s*\.\s*[A-Za-z_]\w*)*)\s*$/;

/** The possible values of `on`, in the order declared, or undefined when they are not known. */
export function possibleValues(skill: Skill, on: Expr): string[] | undefined {
  const match = PATH.exec(on.source);
  if (!match) return undefined;
  const root = match[1]!;
  const path = match[2]!.split(".").map((p) => p.trim()).filter(Boolean);
  const field = ownValue(skill.fields, root);
  if (field) {
    if (path.length > 0) return undefined;
    if (field.shape.kind === "choices") return [...field.shape.choices];
    return field.shape.kind === "yes_no" ? ["true", "false"] : undefined;
  }
  const tool = ownValue(skill.tools, root);
  return tool ? valuesOfType(propertyType(tool.output, path)) : undefined;
}

function propertyType(root: ValueType, path: readonly string[]): ValueType | undefined {
  let vt: ValueType | undefined = root;
  for (const name of path) vt = vt?.t === "object" ? ownValue(vt.fields, name) : undefined;
  return vt;
}

function valuesOfType(vt: ValueType | undefined): string[] | undefined {
  if (vt?.t === "bool") return ["true", "false"];
  return vt?.t === "string" && vt.values ? [...vt.values] : undefined;
}
