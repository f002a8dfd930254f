/**
 * What a place in a block stands for in the format: the key of a step or of a field, a tool name, a
 * condition, a text with holes, a field name. Completion, hover and go to definition all start from
 * this. Pure.
 */
import type { Skill, ToolKind } from "../format/ir.js";
import { allSteps } from "../format/parse-steps.js";
import { ownValue } from "../own-value.js";
import type { BlockPlace, YamlPath } from "./locate-in-block.js";

export type Spot =
  /** A key of a step, of a field, of a range (`number:`/`decimal:`), or of `repeat:`; `schema` says where in the JSON Schema. */
  | { kind: "key"; schema: SchemaAt; existing: string[] }
  /** A field declared under Fields (its name, as a key). */
  | { kind: "field-decl" }
  /** The field an `ask` asks for. */
  | { kind: "ask-field" }
  /** A property of a pick's rows, in its `columns:` (a key of the mapping, or an item of the list). */
  | { kind: "column" }
  /** An input of the step's tool, as a key of its `with:`. */
  | { kind: "tool-input" }
  /** A tool name: after `do:` (a lookup or a write), `lookup:` (a lookup) or `handoff:` (a hand-off tool). */
  | { kind: "tool"; only: readonly ToolKind[] }
  /** A CEL expression: `when:`, `switch:`, `from:`, `in:`, a `check:` condition, a value of `with:`, a field's `default:`, a value of `## Values`. */
  | { kind: "expression" }
  /** Text with `{expression}` holes: `say:`, `tell:`, a question. */
  | { kind: "template" }
  /** Any other value, whose schema may list the values it takes (`true`, `false`). */
  | { kind: "value"; schema: SchemaAt };

/** A place in the schema: `$defs/step`, `$defs/field` or `$defs/limits`, then keys down from there, with the keys present at each level. */
export interface SchemaAt {
  def: "step" | "field" | "limits";
  keys: Array<{ key: string; beside: string[] }>;
}

/**
 * The step's id ("9.1") for a path into the Steps block that starts at a step, and the rest of the path;
 * with `skill`, the id in its steps (a `use:` above the step moves it: `skill.writtenIds`).
 */
export function stepOf(path: YamlPath, skill?: Skill): { id: string; rest: YamlPath } | undefined {
  if (typeof path[0] !== "number") return undefined;
  const ids = [path[0] + 1];
  let i = 1;
  for (;;) {
    if (path[i] === "steps" && typeof path[i + 1] === "number") {
      ids.push((path[i + 1] as number) + 1);
      i += 2;
    } else if (path[i] === "exhausted" && typeof path[i + 1] === "number") {
      // `exhausted:` steps are numbered after the body's (build-step.ts): the skill says how many those are
      // (without it, only `rest` is meant to be read).
      ids.push((bodySize(skill, ids.join(".")) ?? 0) + (path[i + 1] as number) + 1);
      i += 2;
    } else if (path[i] === "else" && typeof path[i + 1] === "number") {
      ids.push(wayOffset(skill, ids.join("."), undefined) + (path[i + 1] as number) + 1);
      i += 2;
    } else if (path[i] === "cases" && typeof path[i + 1] === "string" && typeof path[i + 2] === "number") {
      ids.push(wayOffset(skill, ids.join("."), path[i + 1] as string) + (path[i + 2] as number) + 1);
      i += 3;
    } else break;
  }
  const written = ids.join(".");
  return { id: (skill?.writtenIds && ownValue(skill.writtenIds, written)) ?? written, rest: path.slice(i) };
}

/**
 * How many steps the ways of the switch `id` written before the way `value` (`undefined`: `else:`) hold:
 * a switch's steps are numbered on across its ways. 0 without the skill (the spot needs no id).
 */
function wayOffset(skill: Skill | undefined, id: string, value: string | undefined): number {
  const step = skill && allSteps(skill.steps).find((s) => s.id === id);
  if (step?.kind !== "switch") return 0;
  const k = step.branches.findIndex((b) => b.value === value);
  return step.branches.slice(0, k < 0 ? step.branches.length : k).reduce((n, b) => n + b.steps.length, 0);
}

/** How many steps the body of the `repeat` written at `id` has, when the skill is known. */
function bodySize(skill: Skill | undefined, id: string): number | undefined {
  const step = skill && allSteps(skill.steps).find((s) => s.id === ((skill.writtenIds && ownValue(skill.writtenIds, id)) ?? id));
  return step?.kind === "repeat" ? step.steps.length : undefined;
}

/** The spot of `place`. */
export function spotOf(place: BlockPlace): Spot | undefined {
  if (place.block === "limits") return limitsSpot(place);
  // In the Values block, a value's expression (its name is the author's own: nothing to offer there).
  if (place.block === "values") return place.role === "value" && place.path.length === 1 ? { kind: "expression" } : undefined;
  return place.block === "fields" ? fieldSpot(place, place.levels[1] ?? []) : stepSpot(place);
}

/** In the Limits block: a scope (`turn`, `conversation`) as a key, or a measure as a key of one. */
function limitsSpot(place: BlockPlace): Spot | undefined {
  const [scope] = place.path;
  if (place.role !== "key") return undefined;
  if (place.path.length === 0) return { kind: "key", schema: { def: "limits", keys: [] }, existing: place.siblings };
  if (place.path.length === 1 && typeof scope === "string") return { kind: "key", schema: { def: "limits", keys: [{ key: scope, beside: [] }] }, existing: place.siblings };
  return undefined;
}

function stepSpot(place: BlockPlace): Spot | undefined {
  const step = stepOf(place.path);
  if (!step) return undefined;
  const stepKeys = place.levels[place.path.length - step.rest.length] ?? [];
  const [first, second] = step.rest;
  const key = place.role === "key";
  if (step.rest.length === 0) return key ? { kind: "key", schema: { def: "step", keys: [] }, existing: place.siblings } : undefined;
  if (first === "repeat" && step.rest.length === 1 && key) return { kind: "key", schema: { def: "step", keys: [{ key: "repeat", beside: stepKeys }] }, existing: place.siblings };
  if (first === "ask" && step.rest.length === 1 && key) return { kind: "ask-field" };
  if (first === "check" && step.rest.length === 1 && key) return { kind: "expression" };
  if (first === "with" && step.rest.length === 1 && key) return { kind: "tool-input" };
  if (first === "columns" && ((step.rest.length === 1 && key) || (step.rest.length === 2 && typeof second === "number"))) return { kind: "column" };
  if (key) return undefined;
  if (first === "do" && step.rest.length === 1) return { kind: "tool", only: ["lookup", "write"] };
  if (first === "handoff" && step.rest.length === 1) return { kind: "tool", only: ["handoff"] };
  if ((first === "when" || first === "switch" || first === "from") && step.rest.length === 1) return { kind: "expression" };
  if (first === "repeat" && (second === "in" || second === "until")) return { kind: "expression" };
  if (first === "with" && step.rest.length === 2) return { kind: "expression" };
  if (first === "say" || first === "tell" || ((first === "ask" || first === "confirm") && step.rest.length === 2)) return { kind: "template" };
  return { kind: "value", schema: { def: "step", keys: [{ key: String(first), beside: stepKeys }] } };
}

function fieldSpot(place: BlockPlace, fieldKeys: string[]): Spot | undefined {
  const [field, shape, option] = place.path;
  const key = place.role === "key";
  if (place.path.length === 0) return key ? { kind: "field-decl" } : undefined;
  if (place.path.length === 1) return key ? { kind: "key", schema: { def: "field", keys: [] }, existing: place.siblings } : undefined;
  if (typeof field !== "string" || typeof shape !== "string") return undefined;
  const at: SchemaAt = { def: "field", keys: [{ key: shape, beside: fieldKeys }] };
  if (key && place.path.length === 2) return { kind: "key", schema: at, existing: place.siblings };
  if (key) return undefined;
  if (shape === "lookup" && place.path.length === 2) return { kind: "tool", only: ["lookup"] };
  if (shape === "default" && place.path.length === 2) return { kind: "expression" };
  return place.path.length === 2 ? { kind: "value", schema: at } : typeof option === "string" ? { kind: "value", schema: { ...at, keys: [...at.keys, { key: option, beside: [] }] } } : undefined;
}
