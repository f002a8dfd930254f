/**
 * Named values (`## Values`) seen through: before CEL sees an expression, each read of a value is
 * written out as the value's own expression, in parentheses, with the values it reads written out too:
 *
 *   total > 100   →   (round(quote.fare + quote.nightly_rate * double(nights), 2)) > 100
 *
 * So a value is typed by what it reads, evaluated on demand from what it reads (never stored), and
 * every rule that follows references (used before asked, confirm regions, secrets) sees the fields and
 * tools behind it. Offsets in the written-out expression map back to the value's name as written, and
 * messages name the value, not its expression. Only values that can be written out are: `usableValues`
 * leaves out a value in a cycle, one named like a field, tool, loop variable or gathered list, and one
 * whose expression does not parse or type-check (check/check-values.ts reports each); such a value is
 * declared as `dyn`, so what reads it is not reported too. Pure.
 */
import { everyChildStepOf } from "../format/child-steps.js";
import { Environment, type ASTNode } from "@marcbachmann/cel-js";
import type { Skill, Step, ValueDecl } from "../format/ir.js";
import { collectRefs } from "./collect-refs.js";
import { offsetAsWritten, type Expansion, type WriteOutEdit } from "./pick-rows.js";

/** Parses a CEL source (the skill's environment), or undefined when it does not parse. */
export type ParseAst = (source: string) => ASTNode | undefined;

/** Does a written-out expression type-check in the skill's environment (with the values written out so far)? */
export type TypeChecks = (source: string, written: WrittenValues) => boolean;

/**
 * The names a value may not take, each with what it is: the skill's fields and tools, and every loop
 * variable and gathered list (`as:`) of its repeats. Pure.
 */
export function namesTaken(skill: Skill): Map<string, string> {
  const taken = new Map<string, string>();
  for (const name of Object.keys(skill.fields)) taken.set(name, "a field");
  for (const name of Object.keys(skill.tools)) if (!taken.has(name)) taken.set(name, "a tool");
  const visit = (steps: readonly Step[]) => {
    for (const step of steps) {
      if (step.kind === "repeat") {
        if (!taken.has(step.item)) taken.set(step.item, "a loop variable");
        if (step.gather && !taken.has(step.gather.name)) taken.set(step.gather.name, "a gathered list");
      }
      visit(everyChildStepOf(step));
    }
  };
  visit(skill.steps);
  return taken;
}

/** Each value's expression written out (values read in it replaced by theirs), by name. */
export type WrittenValues = ReadonlyMap<string, string>;

/**
 * The values that can be written out, each with its expression written out: a value is left out when
 * its name is `taken` (a field, tool, loop variable or gathered list), its expression does not parse,
 * or type-check, or it reads itself through other values (every value on the cycle is left out). Pure.
 */
export function usableValues(values: Readonly<Record<string, ValueDecl>>, taken: ReadonlyMap<string, string>, parse: ParseAst, typeChecks: TypeChecks): Map<string, string> {
  const written = new Map<string, string>();
  const state = new Map<string, "visiting" | "done" | "bad">();
  const visit = (name: string): boolean => {
    const seen = state.get(name);
    if (seen === "done") return true;
    if (seen === "bad") return false;
    if (seen === "visiting") return false;
    state.set(name, "visiting");
    const decl = values[name]!;
    const ast = taken.has(name) ? undefined : parse(decl.expr.source);
    const reads = ast ? collectRefs(ast).filter((r) => Object.hasOwn(values, r.root) && !taken.has(r.root)) : [];
    const ok = ast !== undefined && reads.every((r) => visit(r.root));
    const source = ok ? writeOut(decl.expr.source, ast, written).source : undefined;
    if (source === undefined || !typeChecks(source, written)) {
      state.set(name, "bad");
      return false;
    }
    written.set(name, source);
    state.set(name, "done");
    return true;
  };
  for (const name of Object.keys(values)) visit(name);
  return written;
}

/**
 * The values each value's expression names, as written (not seen through), by value; an expression
 * that does not parse names none. Pure (it parses with an environment of its own).
 */
export function valueReads(values: Readonly<Record<string, ValueDecl>>): Map<string, string[]> {
  const env = new Environment({ homogeneousAggregateLiterals: false });
  const reads = new Map<string, string[]>();
  for (const [name, decl] of Object.entries(values)) {
    let roots: string[] = [];
    try {
      roots = collectRefs(env.parse(decl.expr.source).ast).map((r) => r.root).filter((root) => Object.hasOwn(values, root));
    } catch {
      // Does not parse: reported as expression-syntax where it is declared.
    }
    reads.set(name, [...new Set(roots)]);
  }
  return reads;
}

/** The names of the values on a cycle (each reads itself through the others), in the order written. Pure. */
export function valuesOnCycles(values: Readonly<Record<string, ValueDecl>>): string[] {
  const reads = valueReads(values);
  const reaches = (from: string, to: string, seen: Set<string>): boolean =>
    (reads.get(from) ?? []).some((next) => next === to || (!seen.has(next) && (seen.add(next), reaches(next, to, seen))));
  return Object.keys(values).filter((name) => reaches(name, name, new Set()));
}

/** The expansion of `source` (parsed as `ast`) through the written-out values, or undefined when it reads none. Pure. */
export function expandValues(source: string, ast: ASTNode, written: WrittenValues): Expansion | undefined {
  if (written.size === 0) return undefined;
  const out = writeOut(source, ast, written);
  return out.edits.length === 0 ? undefined : out;
}

type Edit = WriteOutEdit;

function writeOut(source: string, ast: ASTNode, written: WrittenValues): Expansion & { edits: Edit[] } {
  const reads = collectRefs(ast).filter((r) => written.has(r.root) && source.startsWith(r.root, r.start));
  const edits: Edit[] = [];
  let out = "";
  let last = 0;
  for (const read of reads) {
    const text = `(${written.get(read.root)!})`;
    out += source.slice(last, read.start);
    edits.push({ at: read.start, from: out.length, to: out.length + text.length, written: read.root, text });
    out += text;
    last = read.start + read.root.length;
  }
  out += source.slice(last);
  return {
    source: out,
    edits,
    back: (offset) => offsetAsWritten(edits, offset),
    // Longest first, so a value whose expression holds another's is named, not half-replaced.
    words: (message) => [...edits].sort((a, b) => b.text.length - a.text.length).reduce((said, edit) => said.split(edit.text).join(edit.written), message),
  };
}
