/**
 * The skill's named values (`## Values`) for the procedure: each with what it is, in words where the
 * procedure words expressions (a described field or tool output), else as written. Undefined when the
 * skill names none. Pure.
 */
import type { Skill } from "../format/ir.js";
import { describeValue } from "./describe-condition.js";
import { contextAt } from "./describe-value.js";
import { code, inline } from "./inline.js";
import type { Inline } from "./model.js";

export function listValues(skill: Skill): Inline[] | undefined {
  const values = Object.values(skill.values ?? {});
  if (values.length === 0) return undefined;
  const ctx = contextAt(skill, []);
  return [
    ...values.map((value) => inline(code(value.name), " is ", describeValue(value.expr, ctx), ".")),
    ["Each value is worked out from what it reads each time it is used, and is never stored: when what it reads changes, so does the value."],
  ];
}
