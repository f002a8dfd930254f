/**
 * Completion in SKILL.md: step keys, shapes and field keys, range options (from the blocks' JSON
 * Schema), field names after `ask: {`, tool names after `do:` and `lookup:`, the tool's inputs as keys of a
 * `do:` step's `with:`, the rows' properties in a
 * pick's `columns:`, and names and tool output properties inside conditions and template holes (from the
 * skill's fields and tools; a pick's name followed by a dot offers its rows' properties). Pure.
 */
import { expressionsFor, indexOf } from "../compile/compile-skill.js";
import type { Skill } from "../format/ir.js";
import type { Completion, CompletionKind, EditorPosition } from "./editor-types.js";
import { locateInBlock } from "./locate-in-block.js";
import { chainBefore, formatType, holeBefore, rootsAt, typeOfChain } from "./reference-chain.js";
import { keysAt, valuesAt } from "./schema-keys.js";
import { spotOf, stepOf } from "./spot-of.js";

/** The completions at `position` of the SKILL.md `text`, whose skill (as far as it parses) is `skill`. */
export function completeAt(text: string, position: EditorPosition, skill: Skill | undefined): Completion[] {
  const place = locateInBlock(text, position.line, position.character, true);
  const spot = place && spotOf(place);
  if (!place || !spot) return [];
  const before = place.raw.slice(0, place.at);
  const word = /\w*$/.exec(before)![0];
  const after = (text.split("\n")[position.line] ?? "").slice(position.character);
  const rest = /^\w*/.exec(after)![0];
  const keyText = (key: string) => (/^\w*\s*:/.test(after) ? key : `${key}: `);
  const range = { start: { line: position.line, character: position.character - word.length }, end: { line: position.line, character: position.character + rest.length } };
  const item = (label: string, kind: CompletionKind, detail?: string, documentation?: string, insert = label): Completion => ({
    label, kind, ...(detail !== undefined && { detail }), ...(documentation !== undefined && { documentation }), insert, range,
  });
  switch (spot.kind) {
    case "key":
      return keysAt(spot.schema, spot.existing).map((k, i) => ({
        ...item(k.key, "key", k.required ? "key" : "optional key", k.description, keyText(k.key)),
        sortText: String(i).padStart(3, "0"),
      }));
    case "value":
      return valuesAt(spot.schema).map((v) => item(v, "value"));
    case "ask-field":
      return Object.values(skill?.fields ?? {}).filter((f) => f.declared).map((f) => item(f.name, "field", "field", undefined, keyText(f.name)));
    case "tool":
      return Object.values(skill?.tools ?? {})
        .filter((tool) => spot.only.includes(tool.kind))
        .map((tool) => item(tool.name, "tool", tool.kind, tool.description));
    case "column": {
      if (!skill) return [];
      const step = indexOf(skill).steps.get(stepOf(place.path, skill)?.id ?? "");
      const list = step?.kind === "ask" && step.from ? expressionsFor(skill).valueType(step.from) : undefined;
      if (list?.t !== "list" || list.of.t !== "object") return [];
      const row = list.of;
      return Object.entries(row.fields).map(([name, t]) => item(name, "property", formatType(t), row.descriptions?.[name], place.role === "key" ? keyText(name) : name));
    }
    case "tool-input": {
      const step = skill && indexOf(skill).steps.get(stepOf(place.path, skill)?.id ?? "");
      const tool = step?.kind === "do" || step?.kind === "handoff" ? skill!.tools[step.tool] : undefined;
      return (tool?.params ?? []).map((p) => item(p.name, "property", `input: ${formatType(p.type)}${p.optional ? " (optional)" : ""}`, p.description, keyText(p.name)));
    }
    case "field-decl":
      return [];
    case "expression":
    case "template": {
      const hole = spot.kind === "template" ? holeBefore(place.raw, place.at) : before.replace(/^["']/, "");
      if (hole === undefined || !skill) return [];
      return referenceItems(skill, stepOf(place.path, skill)?.id, hole, item);
    }
  }
}

type MakeItem = (label: string, kind: CompletionKind, detail?: string, documentation?: string) => Completion;

/** Names an expression may start with, or the properties of the chain before the last dot. */
function referenceItems(skill: Skill, stepId: string | undefined, text: string, item: MakeItem): Completion[] {
  const roots = rootsAt(skill, stepId);
  const { chain } = chainBefore(text);
  if (chain.length === 0) {
    const kinds = { field: "field", tool: "tool", loop: "variable", gathered: "variable", value: "variable" } as const;
    return roots.map((root) => item(root.name, kinds[root.kind], `${root.kind === "tool" ? skill.tools[root.name]?.kind ?? "tool" : root.kind}: ${formatType(root.type)}`));
  }
  // After a pick's name, its dot reads the picked row (`hotel_id.name`).
  const row = chain.length === 1 ? roots.find((r) => r.name === chain[0])?.row : undefined;
  const type = row ?? typeOfChain(roots, chain);
  if (type?.t !== "object") return [];
  return Object.entries(type.fields).map(([name, t]) => item(name, "property", formatType(t), type.descriptions?.[name]));
}
