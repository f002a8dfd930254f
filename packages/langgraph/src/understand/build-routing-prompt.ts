/**
 * The routing part of the extraction prompt, when a flow hosts several skills. Pure.
 *
 * With a skill in progress, the prompt stays about that skill and adds the other skills, each with the
 * fields it would take in short (name and shape: enough to keep the values of a message that switches),
 * and how to say "switch" or "cancel". With none in progress, the header asks the model to pick the skill
 * the message is about and fill its fields, each described in full (shape, description, question). The
 * size depends on the hosted skills and their fields, never on the length of the conversation.
 */
import { describeField, describeShape } from "./describe-field.js";
import type { ExtractRequest, HostedSkillInfo } from "./model-port.js";

/** The first line of the prompt when no skill is in progress; undefined otherwise. Pure. */
export function routingHeader(request: ExtractRequest): string | undefined {
  if (!request.skills?.length || request.skill.name) return undefined;
  return "No skill is in progress. Set `skill` to the skill below that the person's message asks for (leave it out when none fits), and fill that skill's fields.";
}

/** The lines listing the hosted skills and what `skill` and `intent` mean; none for one skill. Pure. */
export function routingLines(request: ExtractRequest): string[] {
  const skills = request.skills ?? [];
  if (skills.length === 0) return [];
  const active = request.skill.name;
  const lines = ["", active ? "Other skills:" : "Skills:"];
  for (const skill of skills) if (skill.name !== active) lines.push(...describeSkill(skill, !active));
  lines.push("", ...INTENT_RULES.map((rule) => `- ${rule}`));
  if (active) lines.push(`- Otherwise leave \`intent\` out: the message is about "${active}".`);
  return lines;
}

const INTENT_RULES = [
  "When the person drops what they are doing for another skill (\"forget it, I want a refund instead\") or goes back to one, set `intent: \"switch\"` and `skill` to that skill, with the values their message gives for its fields.",
  "When the person wants to stop without starting something else (\"cancel\", \"never mind\"), set `intent: \"cancel\"`.",
];

function describeSkill(skill: HostedSkillInfo, full: boolean): string[] {
  const lines = [`- ${skill.name}: ${skill.description}`];
  for (const field of skill.fields ?? []) lines.push(`  ${full ? describeField(field) : `- ${field.name}: ${describeShape(field.shape)}`}`);
  return lines;
}
