/**
 * The type of each repeat's gathered answers (`repeat: { for, in, as: name }`): a list of records, one
 * per element of the list, in its order. A record holds the loop variable under its name, every field
 * asked in the body under its name, every nested repeat's own gathered list under its `as:` name, and
 * `picked`: for each pick of the body, the row picked (typed by its list's rows). What is asked inside a
 * `when` of the body may be absent from a record: those entries are optional (`has(c.field)`). A pass of
 * a `repeat … until` also holds the output of each tool its body runs, under the tool's name, and the
 * pass number only when `for:` names it. A `decide` in the body records the pass's option under its id. Pure.
 */
import type { Skill, Step } from "../format/ir.js";
import type { ValueType } from "../tools/value-type.js";
import { fieldValueType } from "./field-type.js";
import { ownValue } from "../own-value.js";

/** The member of a record holding the picked rows, by pick. */
export const PICKED = "picked";

/** The value type of an expression with these loop variables in scope, if it type-checks. */
export type TypeOf = (source: string, loopVars: Record<string, ValueType>) => ValueType | undefined;

type ObjectType = Extract<ValueType, { t: "object" }>;

/** Each gathered name with its type, in step order. */
export function gatheredTypes(skill: Skill, typeOf: TypeOf): Map<string, ValueType> {
  const out = new Map<string, ValueType>();
  walk(skill, skill.steps, {}, typeOf, out);
  return out;
}

function walk(skill: Skill, steps: readonly Step[], loopVars: Record<string, ValueType>, typeOf: TypeOf, out: Map<string, ValueType>): void {
  for (const step of steps) {
    if (step.kind === "when") walk(skill, step.steps, loopVars, typeOf, out);
    if (step.kind === "switch") for (const branch of step.branches) walk(skill, branch.steps, loopVars, typeOf, out);
    if (step.kind !== "repeat") continue;
    const list = typeOf(step.list.source, loopVars);
    const item: ValueType = list?.t === "list" ? list.of : { t: "dyn" };
    const inner = { ...loopVars, [step.item]: item };
    walk(skill, step.steps, inner, typeOf, out);
    if (step.until?.exhausted) walk(skill, step.until.exhausted, loopVars, typeOf, out);
    if (!step.gather) continue;
    const record = recordType(skill, step.item, item, step.steps, inner, typeOf, out, step.until !== undefined);
    if (step.until && !step.until.named) delete record.fields[step.item];
    out.set(step.gather.name, { t: "list", of: record });
  }
}

/** The record of one pass: the loop variable, the body's answers, its nested gathered lists, the picked rows. */
function recordType(
  skill: Skill, item: string, itemType: ValueType, body: readonly Step[], loopVars: Record<string, ValueType>, typeOf: TypeOf, gathered: Map<string, ValueType>,
  withTools: boolean,
): ObjectType {
  const record: ObjectType = { t: "object", fields: { [item]: itemType }, optional: [] };
  const picked: ObjectType = { t: "object", fields: {}, optional: [] };
  const visit = (steps: readonly Step[], optional: boolean) => {
    for (const step of steps) {
      if (step.kind === "when") visit(step.steps, true);
      if (step.kind === "switch") for (const branch of step.branches) visit(branch.steps, true);
      if (step.kind === "repeat" && step.gather) add(record, step.gather.name, gathered.get(step.gather.name) ?? { t: "dyn" }, optional);
      // A pass of a `repeat … until` also records each tool it ran, under the tool's name.
      if (withTools && step.kind === "do") {
        const tool = ownValue(skill.tools, step.tool);
        if (tool) add(record, step.tool, tool.output, optional);
      }
      // A decide in the body records the option the pass chose, under the decide's id.
      if (step.kind === "decide") add(record, step.decide, { t: "string" }, optional);
      if (step.kind !== "ask") continue;
      const field = ownValue(skill.fields, step.field);
      if (field) add(record, step.field, fieldValueType(field), optional);
      if (step.from && !step.many) {
        const rows = typeOf(step.from.source, loopVars);
        add(picked, step.field, rows?.t === "list" ? rows.of : { t: "dyn" }, optional);
      }
    }
  };
  visit(body, false);
  if (Object.keys(picked.fields).length > 0) add(record, PICKED, picked, false);
  return record;
}

function add(record: ObjectType, name: string, type: ValueType, optional: boolean): void {
  if (Object.hasOwn(record.fields, name)) return;
  record.fields[name] = type;
  if (optional) record.optional!.push(name);
}
