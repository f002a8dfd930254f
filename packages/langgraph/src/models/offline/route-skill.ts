/**
 * The offline choice of a skill, when a flow hosts several: each skill is scored by the evidence the
 * message holds for it, and the best one wins (none on a tie or with no evidence). Evidence, strongest
 * first:
 *
 * - a stretch of the message that a `lookup:` field's lookup knows ("Lisbon AI Summit": the trip's
 *   `find_conference` answers `known: true`), asked through the host's `knows` probe (4);
 * - a value a `pattern:` field takes from the message ("maria@example.com", "07700900123") (4);
 * - a value another field takes as the extractor takes it with no question pending — a choice or one of
 *   its synonyms ("arrived broken"), a number named by the field ("5 nights"), a dated field (2);
 * - a content word shared with the skill's name or description (`pick-skill.ts`) (1 each);
 * - a proper name after "for", or "to" after a word of going, that no lookup knows ("off to the Paris
 *   Robotics Expo"), for a skill with one `lookup:` field (½): the name is given to that field, so the
 *   skill's lookup refuses it with the skill's own message ("I don't know that conference…").
 *
 * Returns the lookup values found (or named) for the chosen skill, so a message that starts it keeps them. The
 * only I/O is the probe (read-only lookups); without one, lookups give no evidence.
 */
import type { ExtractRequest, FieldInScope, HostedSkillInfo } from "../../understand/model-port.js";
import { extractOffline } from "./extract-values.js";
import { framedName, lookupSpans } from "./lookup-spans.js";
import { wordOverlap } from "./pick-skill.js";

export const EVIDENCE = { lookup: 4, pattern: 4, value: 2, word: 1, name: 0.5 } as const;

export interface RouteChoice {
  skill?: string;
  /** Values of the chosen skill's lookup fields that its lookups know, by field. */
  lookups: Record<string, string>;
}

interface Scored {
  score: number;
  lookups: Record<string, string>;
}

/** The skill the message is about, and the lookup values found for it; dates are read against `now`. */
export async function routeSkill(request: ExtractRequest, now?: string): Promise<RouteChoice> {
  const skills = request.skills ?? [];
  const scored = await Promise.all(skills.map((skill) => scoreSkill(request, skill, now)));
  const best = Math.max(0, ...scored.map((s) => s.score));
  const winners = scored.filter((s) => s.score === best);
  if (best === 0 || winners.length > 1) return { lookups: {} };
  const i = scored.indexOf(winners[0]!);
  return { skill: skills[i]!.name, lookups: scored[i]!.lookups };
}

/** The evidence for one skill. The skill in progress is scored on its name and description only. */
async function scoreSkill(request: ExtractRequest, skill: HostedSkillInfo, now: string | undefined): Promise<Scored> {
  // A menu skill is weighed by its fields too (asked for: they are not in the request), to be chosen by
  // the values a message holds; the values themselves are not returned for it (offline-model.ts).
  const fields = skill.name === request.skill.name ? [] : skill.menu ? request.menuFields?.(skill.name) ?? [] : skill.fields ?? [];
  const text = request.text;
  let score = EVIDENCE.word * wordOverlap(text, skill);
  const lookupFields = fields.filter((f) => f.shape.kind === "lookup");
  const lookups = await knownLookups(request, skill.name, lookupFields);
  score += EVIDENCE.lookup * Object.keys(lookups).length;
  const others = fields.filter((f) => f.shape.kind !== "lookup");
  const values = extractOffline({ skill: { name: skill.name, description: skill.description }, fields: others, text }, now);
  for (const name of Object.keys(values)) {
    const field = others.find((f) => f.name === name)!;
    score += field.shape.kind === "pattern" ? EVIDENCE.pattern : EVIDENCE.value;
  }
  const name = lookupFields.length === 1 && Object.keys(lookups).length === 0 ? framedName(text) : undefined;
  if (name) return { score: score + EVIDENCE.name, lookups: { [lookupFields[0]!.name]: name } };
  return { score, lookups };
}

/** For each lookup field, the first stretch of the message its lookup knows. */
async function knownLookups(request: ExtractRequest, skill: string, fields: FieldInScope[]): Promise<Record<string, string>> {
  const found: Record<string, string> = {};
  if (!request.knows || fields.length === 0) return found;
  const spans = lookupSpans(request.text);
  for (const field of fields) {
    for (const span of spans) {
      if (await request.knows(skill, field.name, span)) {
        found[field.name] = span;
        break;
      }
    }
  }
  return found;
}
