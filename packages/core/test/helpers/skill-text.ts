/**
 * Skills for core tests, written as SKILL.md text (parsed by the real parser) with tool descriptions
 * given as data, so no tools.ts has to be imported.
 */
import { parseSkill } from "../../src/format/parse-skill.js";
import type { Skill, ToolInfo } from "../../src/format/ir.js";
import type { ValueType } from "../../src/tools/value-type.js";

/** The line of the first step in a skill built by `skillFromText` (the Steps block starts there). */
export const FIRST_STEP_LINE = 7;

/** A skill from a Fields block and a Steps block (YAML, without fences). Throws on parse errors. */
export function skillFromText(fields: string, steps: string, tools: ToolInfo[] = []): Skill {
  const fieldLines = fields.trim() === "" ? "{}" : fields.trim();
  const text = [
    "---", "name: t", "description: A test skill.", "---", "## Steps", "```yaml", steps.trim(), "```",
    "## Fields", "```yaml", fieldLines, "```", "",
  ].join("\n");
  const parsed = parseSkill(text, "t/SKILL.md");
  const errors = parsed.diagnostics.filter((d) => d.severity === "error");
  if (!parsed.skill || errors.length > 0) throw new Error(`parse failed: ${JSON.stringify(errors)}`);
  return { ...parsed.skill, tools: Object.fromEntries(tools.map((t) => [t.name, t])) };
}

export const str: ValueType = { t: "string" };
export const int: ValueType = { t: "int" };
export const dbl: ValueType = { t: "double" };
export const bool: ValueType = { t: "bool" };
export const obj = (fields: Record<string, ValueType>): ValueType => ({ t: "object", fields });
export const list = (of: ValueType): ValueType => ({ t: "list", of });

function tool(kind: ToolInfo["kind"], name: string, params: Record<string, ValueType>, output: ValueType): ToolInfo {
  return { name, kind, params: Object.entries(params).map(([n, type]) => ({ name: n, type, optional: false })), output };
}

export const lookupTool = (name: string, params: Record<string, ValueType>, output: ValueType) => tool("lookup", name, params, output);
/**
 * A write with card words that show every input (`Issue refund {order_id} {amount}`), as a well-described
 * tools.ts has, so the checks a test is about are not mixed with `card-words` warnings.
 */
export const writeTool = (name: string, params: Record<string, ValueType>, output: ValueType): ToolInfo =>
  ({ ...tool("write", name, params, output), card: [name.replace(/_/g, " "), ...Object.keys(params).map((p) => `{${p}}`)].join(" ") });
export const handoffTool = (name: string, params: Record<string, ValueType>, output: ValueType) => tool("handoff", name, params, output);
