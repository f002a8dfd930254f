/**
 * A secret typed inside free text before it is asked ("my code is 428193, and switch me to Plus"): the
 * parts of the text that match a secret field's pattern are replaced by `[secret]` before the text can
 * reach the model, and kept as offers for their fields (the runtime takes an offer as the answer when
 * the field is asked, as if typed then). Only fields not answered yet, declared with a `pattern:`, are
 * looked for. Pure.
 */
import type { FieldDecl, Skill } from "../format/ir.js";
import { SECRET_MASK } from "./eval-in-frame.js";
import type { FlowState } from "./types.js";

export interface HiddenSecrets {
  /** The text with every match of a secret field's pattern replaced by `[secret]`. */
  text: string;
  /** The first match for each such field. */
  offers: Record<string, string>;
}

/** The text safe to send to the model, and the secrets found in it. */
export function hideSecrets(skill: Skill, state: FlowState | null, text: string): HiddenSecrets {
  let out = text;
  const offers: Record<string, string> = {};
  for (const field of Object.values(skill.fields)) {
    if (!field.secret || field.shape.kind !== "pattern" || (state && Object.hasOwn(state.answers, field.name))) continue;
    const pattern = inTextPattern(field);
    if (!pattern) continue;
    out = out.replace(pattern, (match) => {
      offers[field.name] ??= match;
      return SECRET_MASK;
    });
  }
  return { text: out, offers };
}

const cache = new WeakMap<FieldDecl, RegExp | null>();

/** The field's pattern, unanchored, found only where it stands alone (not inside a longer word or number). */
function inTextPattern(field: FieldDecl): RegExp | null {
  if (cache.has(field)) return cache.get(field)!;
  let source = (field.shape as { pattern: string }).pattern;
  if (source.startsWith("^")) source = source.slice(1);
  if (source.endsWith("$") && !source.endsWith("\\$")) source = source.slice(0, -1);
  let found: RegExp | null;
  try {
    found = new RegExp(`(?<![A-Za-z0-9])(?:${source})(?![A-Za-z0-9])`, "g");
    // A pattern that matches the empty text would mask everything: not looked for.
    if (found.test("")) found = null;
    if (found) found.lastIndex = 0;
  } catch {
    found = null;
  }
  cache.set(field, found);
  return found;
}
