/**
 * A field's `default:` at its ask. When the ask is reached with no answer, or with an answer that is
 * still its default, the default is evaluated here, in the frame: a value that fits the field's shape is
 * stored as the answer, marked `by: "default"`, so a later change of what the default reads changes it
 * too (every replay passes here again) until the person gives a value; a default with no value (what it
 * reads is not known, or it fails the shape) leaves the field unanswered, so the question is asked. The
 * ask's own checks then apply to it like to any answer (run-ask.ts). Pure over the run's draft state.
 */
import type { AskStep, FieldDecl } from "../format/ir.js";
import { canonicalJson } from "./digest.js";
import { evaluateIn } from "./eval-in-frame.js";
import { record, type Frame, type Run } from "./run-context.js";
import { validateValue } from "./validate-value.js";
import { ownValue } from "../own-value.js";

/** Brings the answer at `key` in line with the field's default, when it has one and no other answer. */
export function followDefault(run: Run, step: AskStep, field: FieldDecl, key: string, frame: Frame): void {
  const expr = field.default;
  if (!expr) return;
  const held = ownValue(run.state.answers, key);
  if (held && held.by !== "default") return;
  const result = evaluateIn(run, expr, frame);
  const checked = result.ok && result.value !== null && result.value !== undefined ? validateValue(field, result.value) : undefined;
  if (!checked?.ok) {
    if (held) {
      delete run.state.answers[key];
      record(run, { type: "dropped", field: step.field, reason: `its default has no value that fits now (${result.ok ? "it does not fit the field" : result.error})` });
    }
    return;
  }
  if (held && canonicalJson(held.value) === canonicalJson(checked.value)) return;
  run.state.answers[key] = { value: checked.value, by: "default", turn: held?.turn ?? run.state.turn };
  record(run, { type: "field_set", field: step.field, key, by: "default", value: checked.value });
}

/** Does the answer at `key` hold its field's default (not a value anyone gave)? */
export function holdsDefault(run: Pick<Run, "state">, key: string): boolean {
  return ownValue(run.state.answers, key)?.by === "default";
}
