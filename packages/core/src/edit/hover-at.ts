/**
 * Hover in SKILL.md: on a tool (its kind, description, input and output types), on a field (its shape,
 * its questions, who may set it — the runtime's own rule), on a value (its type and expression), on a tool output property (its type), on a key of a `with:` (the tool input it binds), and
 * on a key of a step or field (the format's description of it), as Markdown. Pure.
 */
import { everyChildStepOf } from "../format/child-steps.js";
import type { Skill, Step, ToolInfo } from "../format/ir.js";
import type { ValueType } from "../tools/value-type.js";
import { ownValue } from "../own-value.js";
import { describeGiver, describeShape as describeFieldShape } from "../procedure/describe-shape.js";
import type { EditorPosition } from "./editor-types.js";
import { locateInBlock } from "./locate-in-block.js";
import { chainAround, formatType, holeBefore, rootsAt, typeOfChain } from "./reference-chain.js";
import { describeKey } from "./schema-keys.js";
import { spotOf, stepOf } from "./spot-of.js";

type ProcedureText = ReturnType<typeof describeGiver>;

export function hoverAt(text: string, position: EditorPosition, skill: Skill | undefined): string | undefined {
  const place = locateInBlock(text, position.line, position.character, false);
  const spot = place && spotOf(place);
  if (!place || !spot || !skill) return undefined;
  const name = place.raw.trim();
  const markdown = (value: string | undefined): string | undefined => value || undefined;
  switch (spot.kind) {
    case "tool": return markdown(toolHover(ownValue(skill.tools, name)));
    case "ask-field":
    case "field-decl": return markdown(fieldHover(skill, name));
    case "tool-input": return markdown(inputHover(skill, stepOf(place.path, skill)?.id, name));
    case "key": return markdown(describeKey({ ...spot.schema, keys: [...spot.schema.keys, { key: name, beside: place.siblings }] }));
    case "expression":
    case "template": {
      if (spot.kind === "template" && holeBefore(place.raw, place.at) === undefined) return undefined;
      const around = chainAround(place.raw, place.at);
      if (!around) return undefined;
      const roots = rootsAt(skill, stepOf(place.path, skill)?.id);
      const root = roots.find((r) => r.name === around.chain[0]);
      if (around.index > 0) {
        const path = around.chain.slice(0, around.index + 1);
        const type = typeOfChain(roots, path);
        return markdown(type && `\`${path.join(".")}\`: \`${formatType(type)}\``);
      }
      if (root?.kind === "tool") return markdown(toolHover(skill.tools[root.name]));
      if (root?.kind === "field") return markdown(fieldHover(skill, root.name));
      if (root?.kind === "gathered") return markdown(`**\`${root.name}\`** · the answers of every pass of a \`repeat\` (\`as:\`): \`${formatType(root.type)}\``);
      if (root?.kind === "value") return markdown(valueHover(skill, root.name, root.type));
      return markdown(root && `**\`${root.name}\`** · loop variable: \`${formatType(root.type)}\``);
    }
    default: return undefined;
  }
}

/** An input of a `do:` or `handoff:` step's tool, as a key of its `with:`: its type and description (a lookup's holds wherever it is read). */
function inputHover(skill: Skill, stepId: string | undefined, name: string): string | undefined {
  const step = stepId === undefined ? undefined : findStep(skill.steps, stepId);
  const tool = step?.kind === "do" || step?.kind === "handoff" ? ownValue(skill.tools, step.tool) : undefined;
  const param = tool?.params.find((p) => p.name === name);
  if (!tool || !param) return undefined;
  const about = param.description ? ` ${param.description}` : "";
  const where = tool.kind === "lookup" ? ` wherever \`${tool.name}\` runs or is read` : " here";
  return `**\`${param.name}\`** · input of \`${tool.name}\`${param.optional ? " (optional)" : ""}: \`${formatType(param.type)}\`${about}\n\nBound${where} by \`with:\` instead of by name.`;
}

function findStep(steps: readonly Step[], id: string): Step | undefined {
  for (const step of steps) {
    if (step.id === id) return step;
    const inner = findStep(everyChildStepOf(step), id);
    if (inner) return inner;
  }
  return undefined;
}

const TOOL_KIND_WORDS: Record<ToolInfo["kind"], string> = {
  lookup: "lookup (read-only: runs when a step reads it)",
  write: "write (runs only after a confirm, once)",
  handoff: "hand-off (runs once from a `handoff:` step, with no confirm; the conversation ends there)",
};

/** A tool: kind, description, inputs and output. */
export function toolHover(tool: ToolInfo | undefined): string | undefined {
  if (!tool) return undefined;
  const kind = TOOL_KIND_WORDS[tool.kind];
  const inputs = tool.params.map((p) => `\`${p.name}${p.optional ? "?" : ""}: ${formatType(p.type)}\`${p.description ? ` ${p.description}` : ""}`);
  return [
    `**\`${tool.name}\`** · ${kind}`,
    ...(tool.description ? [tool.description] : []),
    `Input: ${inputs.length > 0 ? inputs.join(", ") : "none"}`,
    `Output: \`${formatType(tool.output)}\``,
  ].join("\n\n");
}

/** A field: shape, the questions that ask it, who may give it. */
export function fieldHover(skill: Skill, name: string): string | undefined {
  const field = ownValue(skill.fields, name);
  if (!field) return undefined;
  const questions = asksOf(skill.steps, name).map((step) => `"${step.question.source}"`);
  return [
    `**\`${name}\`** · field${field.secret ? " (secret)" : ""}`,
    ...(field.description ? [field.description] : []),
    `Shape: ${render(describeFieldShape(field.shape))}`,
    `Asked: ${questions.length > 0 ? questions.join(" / ") : "by no step"}`,
    `Set by: ${render(describeGiver(skill, name))}`,
  ].join("\n\n");
}

/** A value of `## Values`: its type, its expression, and that it is worked out when read. */
function valueHover(skill: Skill, name: string, type: ValueType): string | undefined {
  const value = ownValue(skill.values, name);
  if (!value) return undefined;
  return [`**\`${name}\`** · value: \`${formatType(type)}\``, `\`${value.expr.source}\``, "Worked out from what it reads each time it is read; never stored."].join("\n\n");
}

function asksOf(steps: readonly Step[], field: string): Array<Step & { kind: "ask" }> {
  return steps.flatMap((step) => {
    if (step.kind === "ask") return step.field === field ? [step] : [];
    return asksOf(everyChildStepOf(step), field);
  });
}

function render(text: ProcedureText): string {
  return text.map((part) => (typeof part === "string" ? part : `\`${part.code}\``)).join("");
}
