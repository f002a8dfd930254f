/**
 * The value of a repeat's gathered answers (`repeat: { for, in, as: name }`), read after the loop: the
 * list is evaluated again where the repeat is, and each element gives one record, in order — the element
 * under the loop variable's name, the answer of each field asked in the body in that element's scope,
 * the option of each `decide` in the body, each nested repeat's gathered list, and `picked`: the row of each pick (types: gathered-types.ts).
 * The value is known only when every pass has every answer its body asks outside a `when`, so a list
 * that grew has no value until the new element is answered; it is built from the answers as they are
 * now, so a changed answer or a shorter list gives another value (and another card). Pure over the run's
 * draft state; a lookup the list or a pick's rows read runs on demand (which may stop the walk).
 */
import type { RepeatStep, Skill, Step } from "../format/ir.js";
import { PICKED } from "../expr/gathered-types.js";
import type { ValueType } from "../tools/value-type.js";
import { answerKey, rowScope, scopeForRepeats } from "./answer-keys.js";
import type { EvaluateResult } from "../expr/types.js";
import type { Expr } from "../format/ir.js";
import { hiddenInCard, type Frame, type Run } from "./run-context.js";
import { ownValue } from "../own-value.js";
import { passOutputs, passSegment } from "./until-passes.js";

interface Gathering { step: RepeatStep; repeats: string[] }

/** How the caller evaluates an expression in a frame (eval-in-frame.ts, passed in to keep imports one way). */
export type EvaluateIn = (run: Run, expr: Expr, frame: Frame) => EvaluateResult;

/** What a read needs: the evaluator, and the text a secret answer is shown as (none: the answer itself). */
interface Reader { evaluate: EvaluateIn; mask: string | undefined }

const memo = new WeakMap<Skill, Map<string, Gathering>>();

/** The repeats with `as:`, by gathered name, each with the ids of the repeats around it (outermost first). */
function gatheringsOf(skill: Skill): Map<string, Gathering> {
  let found = memo.get(skill);
  if (found) return found;
  found = new Map();
  const visit = (steps: readonly Step[], repeats: string[]) => {
    for (const step of steps) {
      if (step.kind === "when") visit(step.steps, repeats);
      if (step.kind === "switch") for (const branch of step.branches) visit(branch.steps, repeats);
      if (step.kind !== "repeat") continue;
      if (step.gather && !found!.has(step.gather.name)) found!.set(step.gather.name, { step, repeats });
      visit(step.steps, [...repeats, step.id]);
    }
  };
  visit(skill.steps, []);
  memo.set(skill, found);
  return found;
}

/** True when `name` is a repeat's gathered answers in this skill. */
export function isGathered(skill: Skill, name: string): boolean {
  return gatheringsOf(skill).has(name);
}

/** The gathered list `name` as seen from `frame`, or undefined when it is not known (yet) there. */
export function gatheredValue(run: Run, name: string, frame: Frame, reader: Reader): unknown[] | undefined {
  const gathering = gatheringsOf(run.skill).get(name);
  if (!gathering) return undefined;
  const scope = scopeForRepeats(gathering.repeats, frame.scope);
  if (scope === undefined) return undefined;
  return passes(run, gathering.step, { ...frame, scope }, reader);
}

function passes(run: Run, step: RepeatStep, frame: Frame, reader: Reader): unknown[] | undefined {
  if (step.until) return untilPasses(run, step, frame, reader);
  const list = reader.evaluate(run, step.list, frame);
  if (!list.ok || !Array.isArray(list.value)) return undefined;
  const listType = run.exprs.valueType(step.list, { loopVars: frame.varTypes });
  const itemType: ValueType = listType?.t === "list" ? listType.of : { t: "dyn" };
  const records: unknown[] = [];
  for (const [i, row] of list.value.entries()) {
    const pass: Frame = {
      ...frame, scope: rowScope(frame.scope, step.id, row, i),
      vars: { ...frame.vars, [step.item]: row }, varTypes: { ...frame.varTypes, [step.item]: itemType },
    };
    const record = recordOf(run, step, pass, reader);
    if (!record) return undefined;
    records.push(record);
  }
  return records;
}

/**
 * The records of a `repeat … until`: the passes that ended on this walk, in order (inside the body, the
 * earlier ones; after it, all), each with the tools it ran under their names, and the pass number under
 * the `for:` name when there is one.
 */
function untilPasses(run: Run, step: RepeatStep, frame: Frame, reader: Reader): unknown[] | undefined {
  const records: unknown[] = [];
  for (let n = 1; n <= step.until!.atMost; n++) {
    const scope = frame.scope ? `${frame.scope}/${passSegment(step.id, n)}` : passSegment(step.id, n);
    const tools = passOutputs(run, scope);
    if (!tools) break;
    const pass: Frame = { ...frame, scope, vars: { ...frame.vars, [step.item]: n }, varTypes: { ...frame.varTypes, [step.item]: { t: "int" } } };
    const record = recordOf(run, step, pass, reader);
    if (!record) return undefined;
    if (!step.until!.named) delete record[step.item];
    for (const [tool, output] of Object.entries(tools)) if (!Object.hasOwn(record, tool)) record[tool] = output;
    records.push(record);
  }
  return records;
}

/** One pass's record, or undefined when an answer its body always asks is missing. */
function recordOf(run: Run, step: RepeatStep, pass: Frame, reader: Reader): Record<string, unknown> | undefined {
  const record: Record<string, unknown> = { [step.item]: pass.vars[step.item] };
  const picked: Record<string, unknown> = {};
  const visit = (steps: readonly Step[], optional: boolean): boolean => {
    for (const s of steps) {
      if (s.kind === "when" && !visit(s.steps, true)) return false;
      if (s.kind === "switch" && !s.branches.every((b) => visit(b.steps, true))) return false;
      if (s.kind === "repeat" && s.gather && !Object.hasOwn(record, s.gather.name)) {
        const inner = passes(run, s, pass, reader);
        if (inner) record[s.gather.name] = inner;
        else if (!optional) return false;
      }
      if (s.kind === "decide" && !Object.hasOwn(record, s.decide)) {
        const option = ownValue(run.state.confirmations, answerKey(s.decide, pass.scope))?.option;
        if (option !== undefined) record[s.decide] = option;
        else if (!optional) return false;
      }
      if (s.kind !== "ask" || Object.hasOwn(record, s.field)) continue;
      const field = ownValue(run.skill.fields, s.field);
      const answer = hiddenInCard(run, s.field) ? undefined : ownValue(run.state.answers, answerKey(s.field, pass.scope));
      if (!field || !answer) {
        if (optional) continue;
        return false;
      }
      record[s.field] = field.secret && reader.mask !== undefined ? reader.mask : answer.value;
      if (s.from && !s.many) picked[s.field] = pickedRow(run, s.from, pass, answer.value, reader);
    }
    return true;
  };
  if (!visit(step.steps, false)) return undefined;
  if (Object.keys(picked).length > 0) record[PICKED] = picked;
  return record;
}

function pickedRow(run: Run, from: Expr, pass: Frame, id: unknown, reader: Reader): unknown {
  const rows = reader.evaluate(run, from, pass);
  if (!rows.ok || !Array.isArray(rows.value)) return undefined;
  return rows.value.find((row) => typeof row === "object" && row !== null && String((row as { id?: unknown }).id) === String(id));
}
