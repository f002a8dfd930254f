/**
 * References inside conditions and template holes: `quote_trip.total`, `find_conference.city`. Finding
 * the chain at the cursor, the hole it is in, the names it may start with and the type a chain has
 * (from field shapes and tools' output schemas, as the checker types them). Pure.
 */
import { everyChildStepOf, nestsSteps } from "../format/child-steps.js";
import { expressionsFor } from "../compile/compile-skill.js";
import { fieldValueType } from "../expr/field-type.js";
import type { Skill, Step } from "../format/ir.js";
import { ownValue } from "../own-value.js";
import type { ValueType } from "../tools/value-type.js";

export interface RootName {
  name: string;
  /** `gathered`: a repeat's `as:` name, the answers of every pass; `value`: a name of `## Values`. */
  kind: "field" | "tool" | "loop" | "gathered" | "value";
  type: ValueType;
  /** A pick's row type: what `hotel_id.name` reads (the picked row's `name`). */
  row?: ValueType;
}

/** The text of the `{…}` hole the cursor (`at`) is in, up to the cursor; undefined outside holes. */
export function holeBefore(raw: string, at: number): string | undefined {
  let start: number | undefined;
  for (let i = 0; i < at; i++) {
    const c = raw[i];
    if (start === undefined && c === "{" && raw[i + 1] === "{") i++;
    else if (start === undefined && c === "{") start = i + 1;
    else if (start !== undefined && c === "}") start = undefined;
  }
  return start === undefined ? undefined : raw.slice(start, at);
}

/** The chain being written at the end of `text`: `quote_trip.to` → chain `[quote_trip]`, partial `to`. */
export function chainBefore(text: string): { chain: string[]; partial: string } {
  const tail = /(?:[A-Za-z_]\w*\.)*\w*$/.exec(text)?.[0] ?? "";
  const parts = tail.split(".");
  // split always returns at least one piece.
  return { chain: parts.slice(0, -1), partial: parts[parts.length - 1]! };
}

/** The chain the cursor is on and which of its names the cursor is on; undefined off any name. */
export function chainAround(raw: string, at: number): { chain: string[]; index: number; start: number; end: number } | undefined {
  const isName = (c: string | undefined) => c !== undefined && /[\w.]/.test(c);
  let start = at;
  let end = at;
  while (isName(raw[start - 1])) start--;
  while (isName(raw[end])) end++;
  const text = raw.slice(start, end);
  if (!/^[A-Za-z_]/.test(text)) return undefined;
  const chain = text.split(".");
  const index = raw.slice(start, at).split(".").length - 1;
  let wordStart = start + chain.slice(0, index).reduce((n, part) => n + part.length + 1, 0);
  if (wordStart > at) wordStart = at;
  return { chain, index, start: wordStart, end: wordStart + (chain[index]?.length ?? 0) };
}

/**
 * The names an expression at step `stepId` may start with: fields, tools, the skill's values (`## Values`,
 * typed as the checker types them), the repeats' gathered lists and the loop variables around it.
 */
export function rootsAt(skill: Skill, stepId: string | undefined): RootName[] {
  const roots: RootName[] = [];
  for (const field of Object.values(skill.fields)) roots.push({ name: field.name, kind: "field", type: fieldValueType(field) });
  for (const tool of Object.values(skill.tools)) roots.push({ name: tool.name, kind: "tool", type: tool.output });
  const exprs = skill.values ? expressionsFor(skill) : undefined;
  for (const value of Object.values(skill.values ?? {})) {
    if (!roots.some((r) => r.name === value.name)) roots.push({ name: value.name, kind: "value", type: exprs!.valueType(value.expr) ?? { t: "dyn" } });
  }
  for (const root of roots) {
    const shape = root.kind === "field" ? skill.fields[root.name]?.shape : undefined;
    const list = shape?.kind === "pick" ? typeOfChain(roots, shape.from.source.trim().split(".")) : undefined;
    if (list?.t === "list") root.row = list.of;
  }
  for (const name of gatheredNames(skill.steps)) roots.push({ name, kind: "gathered", type: expressionsFor(skill).gatheredType(name) ?? { t: "dyn" } });
  for (const repeat of repeatsAround(skill.steps, stepId)) {
    const list = typeOfChain(roots, repeat.list.source.trim().split("."));
    roots.push({ name: repeat.item, kind: "loop", type: list?.t === "list" ? list.of : { t: "dyn" } });
  }
  return roots;
}

/** The `as:` names of the repeats among `steps`, at any depth (where each may be read is the checker's). */
function gatheredNames(steps: readonly Step[]): string[] {
  return steps.flatMap((s) => (s.kind === "repeat" ? [...(s.gather ? [s.gather.name] : []), ...gatheredNames(s.steps)] : s.kind === "when" ? gatheredNames(s.steps) : []));
}

/** The type of `chain` (`["quote_trip", "total"]`), or undefined when a name in it is unknown. */
export function typeOfChain(roots: readonly RootName[], chain: readonly string[]): ValueType | undefined {
  const root = [...roots].reverse().find((r) => r.name === chain[0]);
  let type = chain.length > 1 && root?.row ? root.row : root?.type;
  for (const name of chain.slice(1)) {
    if (type?.t !== "object") return type?.t === "dyn" ? type : undefined;
    type = ownValue(type.fields, name);
  }
  return type;
}

/** The `repeat` steps whose nested steps hold step `stepId` ("9.1" is inside "9"), outermost first. */
export function repeatsAround(steps: readonly Step[], stepId: string | undefined): Array<Step & { kind: "repeat" }> {
  const found: Array<Step & { kind: "repeat" }> = [];
  if (!stepId) return found;
  let level: readonly Step[] = steps;
  for (const step of stepId.split(".").map((_, i, all) => all.slice(0, i + 1).join("."))) {
    const here = level.find((s) => s.id === step);
    if (!here || !nestsSteps(here)) break;
    // A `repeat … until`'s own expression (`until:`) is read inside its passes: its loop variable is in scope.
    if (here.kind === "repeat" && (step !== stepId || here.until)) found.push(here);
    level = everyChildStepOf(here);
  }
  return found;
}

/** A value type in a few words: `string`, `list<{ id: string }>`, `{ total: double, budget: int }`. */
export function formatType(type: ValueType, depth = 0): string {
  switch (type.t) {
    case "list": return `list<${formatType(type.of, depth)}>`;
    case "object": {
      if (depth > 1) return "{ … }";
      const entries = Object.entries(type.fields).map(([name, t]) => `${name}${type.optional?.includes(name) ? "?" : ""}: ${formatType(t, depth + 1)}`);
      return `{ ${entries.join(", ")} }`;
    }
    default: return type.t;
  }
}
