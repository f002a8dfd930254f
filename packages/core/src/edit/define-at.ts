/**
 * Go to definition in SKILL.md: from a tool name (`do:`, `lookup:`, a condition or template hole) to
 * the tool, from a field's use (an `ask`, a condition, a hole) to its declaration under Fields (a pick
 * to the ask that picks it), from a value's name to its line under Values, from a loop variable to its `repeat`. Tools are found on disk by the
 * caller (find-tool-definition.ts). Pure.
 */
import type { Position as IrPosition, Skill } from "../format/ir.js";
import { ownValue } from "../own-value.js";
import type { EditorPosition } from "./editor-types.js";
import { locateInBlock } from "./locate-in-block.js";
import { chainAround, holeBefore, repeatsAround, rootsAt } from "./reference-chain.js";
import { spotOf, stepOf } from "./spot-of.js";

export type Target = { tool: string } | { at: IrPosition };

export function targetAt(text: string, position: EditorPosition, skill: Skill | undefined): Target | undefined {
  const place = locateInBlock(text, position.line, position.character, false);
  const spot = place && spotOf(place);
  if (!place || !spot || !skill) return undefined;
  const name = place.raw.trim();
  if (spot.kind === "tool") return ownValue(skill.tools, name) ? { tool: name } : undefined;
  if (spot.kind === "ask-field") return fieldTarget(skill, name);
  if (spot.kind !== "expression" && spot.kind !== "template") return undefined;
  if (spot.kind === "template" && holeBefore(place.raw, place.at) === undefined) return undefined;
  const around = chainAround(place.raw, place.at);
  const stepId = stepOf(place.path, skill)?.id;
  const root = around && [...rootsAt(skill, stepId)].reverse().find((r) => r.name === around.chain[0]);
  if (!root) return undefined;
  if (root.kind === "tool") return { tool: root.name };
  if (root.kind === "field") return fieldTarget(skill, root.name);
  if (root.kind === "value") return { at: ownValue(skill.values, root.name)!.pos };
  const repeat = [...repeatsAround(skill.steps, stepId)].reverse().find((r) => r.item === root.name);
  return repeat && { at: repeat.keys.repeat ?? repeat.pos };
}

function fieldTarget(skill: Skill, name: string): Target | undefined {
  const field = ownValue(skill.fields, name);
  return field && { at: field.pos };
}
