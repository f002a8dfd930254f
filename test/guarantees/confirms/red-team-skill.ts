/**
 * Hand-written skills for the red-team tests: a Steps block (and, optionally, Fields) with the tools of
 * generate-skill.ts or others, checked from their text as `flow check` would, and a session on them.
 */
import { expect } from "vitest";
import type { Card, Effect, FlowEvent, Skill, ToolInfo } from "@skillflow/core";
import { checkSkillText } from "../../../packages/core/src/loader/check-skill-text.js";
import type { Turn } from "../../../packages/core/test/runtime/host.js";
import { TOOLS } from "./generate-skill.js";

export const FIELDS = `a: { choices: [x, y, z] }
b: { choices: [p, q] }
n: { number: { min: 1, max: 3 } }
rating: { number: { min: 1, max: 5 } }
pin: { pattern: "^[0-9]{4}$", secret: true, message: "A PIN has 4 digits." }`;

export function skillMd(steps: string, fields = FIELDS): string {
  return `---\nname: red-team\ndescription: A red-team skill.\n---\n\n## Fields\n\n\`\`\`yaml\n${fields}\n\`\`\`\n\n## Steps\n\n\`\`\`yaml\n${steps.trim()}\n\`\`\`\n`;
}

/** The skill, which must load: no error from the checker (the diagnostics are returned for warnings). */
export function loaded(steps: string, tools: Record<string, ToolInfo> = TOOLS, fields = FIELDS): Skill {
  const checked = checkSkillText(skillMd(steps, fields), "red-team/SKILL.md", tools);
  expect(checked.diagnostics.filter((d) => d.severity === "error"), "the red-team skill must load").toEqual([]);
  return checked.skill!;
}

/** The diagnostics of a skill, as `file:line rule: reason` lines. */
export function diagnosticsOf(steps: string, tools: Record<string, ToolInfo> = TOOLS, fields = FIELDS): string[] {
  return checkSkillText(skillMd(steps, fields), "red-team/SKILL.md", tools).diagnostics.map((d) => `${d.line} ${d.ruleId}: ${d.reason} ${d.fix ?? ""}`);
}

export const cardsOf = (turn: Turn): Card[] => turn.effects.flatMap((e) => (e.type === "confirm" ? [e.card] : []));
export const requestsOf = (turn: Turn) => turn.effects.flatMap((e) => (e.type === "request_approval" ? [e.request] : []));
export const writesOf = (turn: Turn) => turn.calls.filter((c) => c.kind === "write").map((c) => `${c.tool}(${JSON.stringify(c.inputs)})`);
export const errorsOf = (turn: Turn) => turn.effects.flatMap((e: Effect) => (e.type === "error" ? [e.message] : []));
export const listed = (card: Card | undefined) => card?.writes.map((w) => `${w.tool}(${JSON.stringify(w.inputs)})`) ?? [];

/** Free text with the scripted model's extraction. */
export const text = (values: Record<string, unknown>): FlowEvent => ({ type: "text", text: "…", extraction: { ok: true, values } });
