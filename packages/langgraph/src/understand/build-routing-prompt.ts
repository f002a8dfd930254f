/**
 * The routing part of the extraction prompt, when a flow hosts several skills. Pure.
 *
 * The skills the request describes in full (those carrying `fields`: the ones the message is likely
 * about, `routing/choose-described-skills.ts`) are listed with their description; their fields follow,
 * each described once however many of them take it (a value goes by name to the skill the message is
 * about: the schema has one property per name). With no skill in progress a skill's description is
 * whole and a field's line in full (shape, description, synonyms: no question of it is pending); with
 * one in progress, the others' descriptions are cut to their first clause and only the fields the
 * skill in progress does not take are given, by name and shape (enough to keep the values of a message
 * that switches). The `menu` skills follow, one short line each (the description's first clause), so a
 * message about one of them still names it in `skill`; then how to say "switch" or "cancel". The size
 * grows with the skills described in full (a fixed number) and by one short line per other hosted
 * skill; never with the conversation.
 */
import { describeField, describeShape } from "./describe-field.js";
import type { ExtractRequest, FieldInScope, HostedSkillInfo } from "./model-port.js";

/** Which part of the prompt a line belongs to (bench:route counts tokens by part). */
export type PromptPart = "instructions" | "fields" | "menu";

/** A line of the system text with the part it belongs to. */
export interface PromptLine {
  part: PromptPart;
  text: string;
}

/** Words of a menu line's description, at most. */
export const MENU_WORDS = 14;

/** The first line of the prompt when no skill is in progress; undefined otherwise. Pure. */
export function routingHeader(request: ExtractRequest): string | undefined {
  if (!request.skills?.length || request.skill.name) return undefined;
  return "No skill is in progress. Set `skill` to the skill below that the person's message asks for (leave it out when none fits), and fill that skill's fields.";
}

/** The lines listing the hosted skills and what `skill` and `intent` mean; none for one skill. Pure. */
export function routingLines(request: ExtractRequest): PromptLine[] {
  const skills = request.skills ?? [];
  if (skills.length === 0) return [];
  const active = request.skill.name;
  const others = skills.filter((s) => s.name !== active);
  const full = others.filter((s) => !s.menu);
  const menu = others.filter((s) => s.menu);
  const lines: PromptLine[] = [];
  const menuLine = (text: string): void => void lines.push({ part: "menu", text });
  if (full.length) {
    menuLine("");
    menuLine(active ? "Other skills:" : "Skills:");
    for (const skill of full) menuLine(`- ${skill.name}: ${active ? shortDescription(skill.description) : skill.description}`);
    lines.push(...fieldLines(full, active ? request.fields : undefined));
  }
  if (menu.length) {
    menuLine("");
    menuLine(full.length ? "More skills (their fields are asked once one is chosen):" : "Skills (their fields are asked once one is chosen):");
    for (const skill of menu) menuLine(`- ${skill.name}: ${shortDescription(skill.description)}`);
  }
  const rules = [...INTENT_RULES, ...(active ? [`Otherwise leave \`intent\` out: the message is about "${active}".`] : [])];
  return [...lines, { part: "instructions", text: "" }, ...rules.map((rule) => ({ part: "instructions" as const, text: `- ${rule}` }))];
}

const INTENT_RULES = [
  "When the person drops what they are doing for another skill (\"forget it, I want a refund instead\") or goes back to one, set `intent: \"switch\"` and `skill` to that skill, with the values their message gives for its fields.",
  "When the person wants to stop without starting something else (\"cancel\", \"never mind\"), set `intent: \"cancel\"`.",
];

/**
 * Each field of the skills described in full, once: in full when no skill is in progress (`own`
 * undefined), else by name and shape and only when the skill in progress does not take it. Fields of
 * one name that read differently in two skills get a line each, naming the skill. Pure.
 */
function fieldLines(skills: HostedSkillInfo[], own: FieldInScope[] | undefined): PromptLine[] {
  const given = new Set((own ?? []).map((f) => f.name));
  const lines = new Map<string, Map<string, string[]>>();
  for (const skill of skills) {
    for (const field of skill.fields ?? []) {
      if (given.has(field.name)) continue;
      const text = own ? `- ${field.name}: ${describeShape(field.shape)}` : describeField(field, false);
      const forName = lines.get(field.name) ?? new Map<string, string[]>();
      forName.set(text, [...(forName.get(text) ?? []), skill.name]);
      lines.set(field.name, forName);
    }
  }
  if (lines.size === 0) return [];
  const out: PromptLine[] = [{ part: "fields", text: own ? "Their other fields:" : "Their fields:" }];
  for (const [name, texts] of lines) {
    for (const [text, owners] of texts) {
      out.push({ part: "fields", text: texts.size > 1 ? text.replace(`- ${name}:`, `- ${name} (${owners.join(", ")}):`) : text });
    }
  }
  return out;
}

/** A description cut to its first clause, at most `MENU_WORDS` words. Pure. */
export function shortDescription(description: string): string {
  const clause = description.split(/[,;:(]|\.(\s|$)/)[0]!.trim();
  const words = clause.split(/\s+/);
  return words.length > MENU_WORDS ? `${words.slice(0, MENU_WORDS).join(" ")}…` : clause;
}
