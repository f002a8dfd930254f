/**
 * Redaction: what leaves the runtime outward (state, effects, trace shown to people, logs, UIs) never
 * holds a secret answer in clear. The checkpointed state keeps secrets in clear (tools need them); use
 * these helpers on anything exposed. Pure.
 */
import type { Skill } from "../format/ir.js";
import { SECRET_MASK } from "./eval-in-frame.js";
import type { FlowState, StepResult } from "./types.js";
import { ownValue } from "../own-value.js";

/** Short secrets are replaced only where they are a whole value, not inside other text. */
const MIN_SUBSTRING_LENGTH = 4;

/** The values of every secret answer in `state` (all iterations of a repeat included). */
export function secretValuesOf(skill: Skill, state: FlowState): unknown[] {
  const out: unknown[] = [];
  for (const [key, answer] of Object.entries(state.answers)) {
    const field = ownValue(skill.fields, key.split("@")[0]);
    if (field?.secret && answer.value !== undefined && answer.value !== null) out.push(answer.value);
  }
  return out;
}

/** A deep copy of `value` with every secret answer of `state` replaced by `[secret]`. */
export function redactSecrets<T>(skill: Skill, state: FlowState, value: T): T {
  const secrets = secretValuesOf(skill, state);
  return secrets.length === 0 ? value : (mask(value, secrets) as T);
}

/** A step result safe to show or log: state, effects and trace redacted with the secrets of its state. */
export function redactStepResult(skill: Skill, result: StepResult): StepResult {
  return redactSecrets(skill, result.state, result);
}

function mask(value: unknown, secrets: unknown[]): unknown {
  if (typeof value === "string") return maskText(value, secrets);
  if (Array.isArray(value)) return value.map((v) => mask(v, secrets));
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mask(v, secrets)]));
  }
  return secrets.some((s) => s === value) ? SECRET_MASK : value;
}

function maskText(text: string, secrets: unknown[]): string {
  let out = text;
  for (const secret of secrets) {
    const s = String(secret);
    if (out === s) return SECRET_MASK;
    if (s.length >= MIN_SUBSTRING_LENGTH) out = out.split(s).join(SECRET_MASK);
  }
  return out;
}
