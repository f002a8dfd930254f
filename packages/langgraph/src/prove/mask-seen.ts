/**
 * Keeping secrets out of `flow prove` output. What a check SAW comes from the conversation's state and
 * may hold a secret answer (a typed code, a PIN); every such value met during the proof is collected
 * and masked in each check's `seen` text. What the proof itself wrote (expected values, turn labels)
 * is printed as written.
 */
import { secretValuesOf, type FlowState, type Skill } from "@skillflow/core";

const MASK = "[secret]";
/** Shorter secrets are masked only where they are the whole text (as the runtime's own redaction does). */
const MIN_SUBSTRING_LENGTH = 4;

export class SeenSecrets {
  private readonly values = new Set<string>();

  /** Remembers the secret answers held in `flow` (they stay masked for the rest of the proof). */
  add(skill: Skill, flow: FlowState | null | undefined): void {
    if (!flow) return;
    for (const value of secretValuesOf(skill, flow)) this.values.add(String(value));
  }

  /** `text` with every remembered secret replaced by `[secret]`. Pure. */
  mask(text: string): string {
    let out = text;
    for (const secret of this.values) {
      if (out === secret) return MASK;
      if (secret.length >= MIN_SUBSTRING_LENGTH) out = out.split(secret).join(MASK);
    }
    return out;
  }
}

/** The names of the skill's secret fields (their values are shown as `[secret]` in `fields` checks). */
export function secretFieldsOf(skill: Skill): Set<string> {
  return new Set(Object.values(skill.fields).filter((f) => f.secret).map((f) => f.name));
}
