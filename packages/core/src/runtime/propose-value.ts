/**
 * Applying one proposed value to the draft state: who may set it, which key, is it valid. Dropped values
 * are recorded with a reason; an invalid value for the pending question is also refused to the person.
 * Secret values never enter the trace in clear.
 */
import { canonicalJson } from "./digest.js";
import { SECRET_MASK } from "./eval-in-frame.js";
import { emit, record, type Run } from "./run-context.js";
import { fieldDecl } from "./skill-index.js";
import type { Provenance } from "./types.js";
import { validateValue } from "./validate-value.js";
import { keyInScope, modelMayNotSet } from "./who-may-set.js";
import { ownValue } from "../own-value.js";

/**
 * Proposes `value` for `name` from `by`; returns true when it was set. `at`: the answer key of a pass
 * the person's words named after its loop (name-pass.ts), used when no iteration is current.
 */
export function proposeValue(run: Run, name: string, value: unknown, by: Provenance, at?: string): boolean {
  const { skill, state } = run;
  const field = fieldDecl(skill, name);
  // A decision is set only by a choice at its question (apply-decision.ts), never as a field value.
  const notAllowed = by === "model" || field?.decide ? modelMayNotSet(skill, name) : field ? undefined : "unknown field";
  if (notAllowed || !field) return drop(run, name, notAllowed ?? "unknown field");
  const key = keyInScope(skill, state, name) ?? at;
  if (key === undefined) return drop(run, name, "not asked at this point of the flow");
  const checked = validateValue(field, value);
  if (!checked.ok) {
    drop(run, name, `invalid value: ${checked.message}`);
    if (state.pending?.kind === "ask" && state.pending.answerKey === key) refuse(run, name, checked.message);
    return false;
  }
  if (run.state.kept?.includes(key) && by !== "fixture") return keepAnswer(run, key, checked.value, by);
  setAnswer(run, name, key, checked.value, by);
  return true;
}

/**
 * A value for an answer kept from earlier in the conversation: the same value changes nothing; another
 * waits for the ask (`keptOffers`), which refuses it while the kept answer passes and tries it when the
 * kept answer no longer does (kept-offers.ts).
 */
function keepAnswer(run: Run, key: string, value: unknown, by: Provenance): false {
  const held = ownValue(run.state.answers, key);
  if (held && canonicalJson(held.value) === canonicalJson(value)) return false;
  run.state.keptOffers = { ...run.state.keptOffers, [key]: { value, by } };
  return false;
}

/** Stores an answer and records it (masked when the field is secret). */
export function setAnswer(run: Run, name: string, key: string, value: unknown, by: Provenance): void {
  run.state.answers[key] = { value, by, turn: run.state.turn };
  const shown = ownValue(run.skill.fields, name)?.secret ? SECRET_MASK : value;
  record(run, { type: "field_set", field: name, key, by, value: shown });
}

export function drop(run: Run, field: string, reason: string): false {
  record(run, { type: "dropped", field, reason });
  return false;
}

export function refuse(run: Run, field: string, message: string): void {
  emit(run, { type: "refuse", field, message });
  record(run, { type: "refused", field, message });
}
