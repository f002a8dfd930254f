/**
 * Redaction: what leaves the runtime outward (state, effects, trace shown to people, logs, UIs) never
 * holds a secret in clear: not a secret answer, not a secret refused by a check, not a secret typed
 * before it was asked, and not the output of a tool that took a secret as an input (secret-derived: it
 * may echo the secret). The checkpointed state keeps them (tools need them; at rest it is encrypted);
 * use these helpers on anything exposed. Pure.
 */
import { secretDerivedTools } from "../compile/compile-skill.js";
import type { Skill } from "../format/ir.js";
import { SECRET_MASK } from "./eval-in-frame.js";
import type { FlowState, StepResult } from "./types.js";
import { ownValue } from "../own-value.js";
import { nameOfKey } from "./answer-keys.js";

/** Secrets of this length and longer are masked anywhere in a text; shorter ones where they stand alone. */
const MIN_SUBSTRING_LENGTH = 4;

/** Text leaves of a secret-derived output shorter than this are not masked across other values. */
const MIN_DERIVED_LENGTH = 3;

/**
 * The values of every secret in `state`: answers (all iterations), ones refused by a check or typed
 * before they were asked (`refusedSecrets`), and volunteered ones not reached yet (`offers`).
 */
export function secretValuesOf(skill: Skill, state: FlowState): unknown[] {
  const out: unknown[] = [];
  for (const [key, answer] of Object.entries(state.answers)) {
    const field = ownValue(skill.fields, nameOfKey(key));
    if (field?.secret && answer.value !== undefined && answer.value !== null) out.push(answer.value);
  }
  for (const value of state.refusedSecrets ?? []) out.push(value);
  for (const value of Object.values(state.offers ?? {})) out.push(value);
  return out;
}

/** A deep copy of `value` with every secret of `state`, and every secret-derived output, masked. */
export function redactSecrets<T>(skill: Skill, state: FlowState, value: T): T {
  const derived = secretDerivedTools(skill);
  const secrets = [...secretValuesOf(skill, state), ...derivedTexts(state, derived)];
  if (secrets.length === 0 && derived.size === 0) return value;
  return mask(value, secrets.map(matcherOf), derived) as T;
}

/**
 * `text` with each of these secret values masked wherever it stands alone (not inside a longer word or
 * number, whatever its length): what the person types is sent to the model so, and "1000" in "100000"
 * is not the PIN 1000. (What leaves the runtime outward is masked harder: `redactSecrets`.)
 */
export function maskKnownSecrets(text: string, values: readonly unknown[]): string {
  const texts = values.map(String).filter((v) => v.length > 0);
  return texts.length === 0 ? text : maskText(text, texts.map((value) => ({ value, text: value, alone: aloneRegExp(value) })));
}

/** A step result safe to show or log: state, effects and trace redacted with the secrets of its state. */
export function redactStepResult(skill: Skill, result: StepResult): StepResult {
  return redactSecrets(skill, result.state, result);
}

/** The text leaves of every secret-derived output held in the state (lookup results, write results). */
function derivedTexts(state: FlowState, derived: ReadonlySet<string>): string[] {
  if (derived.size === 0) return [];
  const out: string[] = [];
  const leaves = (v: unknown): void => {
    if (typeof v === "string" && v.length >= MIN_DERIVED_LENGTH) out.push(v);
    else if (v !== null && typeof v === "object") for (const child of Object.values(v)) leaves(child);
  };
  for (const entry of [...Object.values(state.lookups), ...Object.values(state.ledger)]) {
    if (derived.has(entry.tool)) leaves(entry.result);
  }
  return out;
}

type Matcher = { value: unknown; text: string; alone?: RegExp };

function matcherOf(value: unknown): Matcher {
  const text = String(value);
  return text.length >= MIN_SUBSTRING_LENGTH || text.length === 0
    ? { value, text }
    : { value, text, alone: aloneRegExp(text) };
}

function aloneRegExp(text: string): RegExp {
  const escaped = text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`(?<![A-Za-z0-9])${escaped}(?![A-Za-z0-9])`, "g");
}

function mask(value: unknown, secrets: Matcher[], derived: ReadonlySet<string>): unknown {
  if (typeof value === "string") return maskText(value, secrets);
  if (Array.isArray(value)) return value.map((v) => mask(v, secrets, derived));
  if (value !== null && typeof value === "object") {
    const record = value as Record<string, unknown>;
    // A lookup cache entry or a ledger entry of a secret-derived tool: its result is masked whole.
    const derivedEntry = typeof record.tool === "string" && derived.has(record.tool) && Object.hasOwn(record, "result");
    return Object.fromEntries(Object.entries(record).map(([k, v]) => [k, derivedEntry && k === "result" ? SECRET_MASK : mask(v, secrets, derived)]));
  }
  return secrets.some((s) => s.value === value || (typeof value === "number" && s.text === String(value))) ? SECRET_MASK : value;
}

function maskText(text: string, secrets: Matcher[]): string {
  let out = text;
  for (const secret of secrets) {
    if (out === secret.text) return SECRET_MASK;
    if (secret.text.length === 0) continue;
    out = secret.alone ? out.replace(secret.alone, SECRET_MASK) : out.split(secret.text).join(SECRET_MASK);
  }
  return out;
}
