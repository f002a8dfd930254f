/**
 * Who may set what, and under which key. Pure.
 * The model may set declared, non-secret fields that are not picks. Secrets, picks, confirmations and
 * approvals come only from the person (typed, clicked, pressed) or from the approving role.
 */
import type { Skill } from "../format/ir.js";
import { answerKey, scopeForRepeats, scopeOfKey } from "./answer-keys.js";
import { indexSkill, isPickField } from "./skill-index.js";
import type { FlowState } from "./types.js";

/** Why the model may not set `name`, or undefined when it may. */
export function modelMayNotSet(skill: Skill, name: string): string | undefined {
  const field = skill.fields[name];
  if (!field) {
    const confirm = indexSkill(skill).confirms.get(name)?.[0];
    if (!confirm) return "unknown field";
    return confirm.by
      ? `approval: only ${confirm.by} can approve it, from outside the conversation`
      : "confirmation: only the person's yes on the card counts";
  }
  if (field.secret) return "secret: only the person may type it";
  if (isPickField(skill, name)) return "pick: only the person may choose a row of the list";
  return undefined;
}

/**
 * The answer key a value for `field` is stored under now: the field name, or `field@scope` for a field
 * asked inside a `repeat` (the iteration the flow is in). Undefined when that iteration is not current.
 */
export function keyInScope(skill: Skill, state: FlowState, field: string): string | undefined {
  const sites = indexSkill(skill).asks.filter((site) => site.step.field === field);
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
