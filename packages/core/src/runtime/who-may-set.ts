/**
 * Who may set what, and under which key. Pure.
 * The model may set declared, non-secret fields that are not picks. Secrets, picks, confirmations and
 * approvals come only from the person (typed, clicked, pressed) or from the approving role.
 */
import type { Skill } from "../format/ir.js";
import { answerKey, scopeForRepeats, scopeOfKey } from "./answer-keys.js";
import { declaredField, isPickField } from "./skill-index.js";
import { indexOf } from "../compile/compile-skill.js";
import type { FlowState } from "./types.js";

/**
 * Who may give a value for `name`: the person or the model, the person only (a secret, a pick, a yes
 * on a card), or only an approving role. The one rule behind the runtime's gate (`modelMayNotSet`) and
 * the procedure's "given by" column, so the two cannot disagree. Pure.
 */
export type Giver =
  | { kind: "person-or-model" }
  | { kind: "secret" }
  | { kind: "pick" }
  | { kind: "confirmation" }
  | { kind: "approval"; by: string }
  /** A `decide`'s decision: the person's choice at its question, or with `by` that role's. */
  | { kind: "decision"; by?: string }
  | { kind: "unknown" };

export function giverOf(skill: Skill, name: string): Giver {
  const field = declaredField(skill, name);
  if (!field) {
    const confirm = indexOf(skill).confirms.get(name)?.[0];
    if (!confirm) return { kind: isPickField(skill, name) ? "pick" : "unknown" };
    return confirm.by ? { kind: "approval", by: confirm.by } : { kind: "confirmation" };
  }
  if (field.decide) return field.decide.by ? { kind: "decision", by: field.decide.by } : { kind: "decision" };
  if (field.secret) return { kind: "secret" };
  if (isPickField(skill, name)) return { kind: "pick" };
  return { kind: "person-or-model" };
}

/** Why the model may not set `name`, or undefined when it may. */
export function modelMayNotSet(skill: Skill, name: string): string | undefined {
  const giver = giverOf(skill, name);
  switch (giver.kind) {
    case "person-or-model": return undefined;
    case "secret": return "secret: only the person may type it";
    case "pick": return "pick: only the person may choose a row of the list";
    case "confirmation": return "confirmation: only the person's yes on the card counts";
    case "approval": return `approval: only ${giver.by} can approve it, from outside the conversation`;
    case "decision": return giver.by
      ? `decision: only ${giver.by} can choose it, from outside the conversation`
      : "decision: only the person's choice at its question counts (a button, or an option typed)";
    case "unknown": return "unknown field";
  }
}

/**
 * The answer key a value for `field` is stored under now: the field name, or `field@scope` for a field
 * asked inside a `repeat` (the iteration the flow is in). Undefined when that iteration is not current.
 */
export function keyInScope(skill: Skill, state: FlowState, field: string): string | undefined {
  const sites = indexOf(skill).askSites.filter((site) => site.step.field === field);
  if (sites.length === 0 || sites.some((site) => site.repeats.length === 0)) return field;
  const scope = currentScope(state);
  for (const site of sites) {
    const s = scopeForRepeats(site.repeats, scope);
    if (s !== undefined) return answerKey(field, s);
  }
  return undefined;
}

/** The repeat scope of what the flow is waiting for ("" at top level or when nothing is pending). */
export function currentScope(state: FlowState): string {
  const pending = state.pending;
  if (!pending || pending.kind === "done") return "";
  return scopeOfKey(pending.kind === "ask" ? pending.answerKey : pending.key);
}
