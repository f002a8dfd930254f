/**
 * Skills with a `## Values` block for the values and defaults tests, parsed by the real parser, with
 * tool descriptions given as data.
 */
import { parseSkill } from "../../src/format/parse-skill.js";
import type { Skill, ToolInfo } from "../../src/format/ir.js";

/** SKILL.md text with these Fields, Steps and Values blocks (YAML, without fences). */
export function valuesText(fields: string, steps: string, values: string): string {
  return [
    "---", "name: t", "description: A test skill.", "---",
    "## Fields", "```yaml", fields.trim() || "{}", "```",
    "## Steps", "```yaml", steps.trim(), "```",
    "## Values", "```yaml", values.trim() || "{}", "```", "",
  ].join("\n");
}

/** The skill, with its tools attached; throws on a parse error. */
export function valuesSkill(fields: string, steps: string, values: string, tools: ToolInfo[] = []): Skill {
  const parsed = parseSkill(valuesText(fields, steps, values), "t/SKILL.md");
  const errors = parsed.diagnostics.filter((d) => d.severity === "error");
  if (!parsed.skill || errors.length > 0) throw new Error(`parse failed: ${JSON.stringify(errors)}`);
  return { ...parsed.skill, tools: Object.fromEntries(tools.map((t) => [t.name, t])) };
}
