/**
 * What CEL reads instead of an expression as written: each named value written out (expand-values.ts),
 * then each read of a pick's row (pick-rows.ts), then the values a pick's list names (`from: options`).
 * One expansion per source, cached; offsets map back and messages name what was written. Pure (the
 * cache is its only state).
 */
import type { ASTNode } from "@marcbachmann/cel-js";
import type { Skill } from "../format/ir.js";
import { expandValues, namesTaken, usableValues, type WrittenValues } from "./expand-values.js";
import { expandPickRows, picksOf, type Expansion } from "./pick-rows.js";

/** Parses in the skill's environment (undefined when the source does not parse). */
export type AstOf = (source: string) => ASTNode | undefined;
/** Does a source CEL would read type-check in the skill's environment? */
export type ChecksOk = (source: string) => boolean;

/** The expansion of a source, or null when nothing in it is written out (or it does not parse). */
export type WriteOut = (source: string) => Expansion | null;

/** The skill's write-out: values that cannot be written out are left as names (declared `dyn`). */
export function writeOutFor(skill: Skill, astOf: AstOf, checksOk: ChecksOk): WriteOut {
  const picks = picksOf(skill);
  const expand = (source: string, written: WrittenValues): Expansion | undefined => {
    const ast = astOf(source);
    const values = ast && expandValues(source, ast, written);
    const rowsAst = values ? astOf(values.source) : ast;
    const rows = rowsAst && picks.size > 0 ? expandPickRows(values?.source ?? source, rowsAst, picks) : undefined;
    const listAst = rows && written.size > 0 ? astOf(rows.source) : undefined;
    return chain(chain(values, rows), listAst && expandValues(rows!.source, listAst, written));
  };
  const typeChecks = (source: string, sofar: WrittenValues) => checksOk(expand(source, sofar)?.source ?? source);
  const written = skill.values ? usableValues(skill.values, namesTaken(skill), astOf, typeChecks) : new Map<string, string>();
  const cache = new Map<string, Expansion | null>();
  return (source) => {
    if (picks.size === 0 && written.size === 0) return null;
    let found = cache.get(source);
    if (found === undefined) cache.set(source, (found = expand(source, written) ?? null));
    return found;
  };
}

/** `second` applied to what `first` gives (either may be absent). Pure. */
function chain(first: Expansion | undefined, second: Expansion | undefined): Expansion | undefined {
  if (!first || !second) return first ?? second;
  return {
    source: second.source,
    back: (offset) => first.back(second.back(offset)),
    words: (message) => first.words(second.words(message)),
  };
}
