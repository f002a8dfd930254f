/**
 * The expression layer's public types: what `createExpressions(skill)` offers to the checks, the runtime
 * and the procedure export. Expressions are CEL; values crossing this boundary are plain JS.
 */
import type { Expr, Template } from "../format/ir.js";
import type { ValueType } from "../tools/value-type.js";

/** A variable an expression reads: `quote_trip.total` is `{ root: "quote_trip", path: ["total"] }`. */
export interface ExprRef {
  /** A field name, a tool name or a loop variable. */
  root: string;
  /** Property names read below the root, outermost first; stops at the first index or call. */
  path: string[];
  /** Offsets of the reference in the expression source (0-based, end exclusive). */
  start: number;
  end: number;
}

/** What is in scope beyond fields and tool outputs: the loop variables of enclosing `repeat`s. */
export interface Scope {
  loopVars?: Record<string, ValueType>;
}

/** Why an expression does not type-check. */
export type ExprErrorKind = "syntax" | "unknown" | "type";

export type TypeCheckResult =
  | { ok: true; type: string }
  | {
      ok: false;
      /** One sentence for people (no source excerpt). */
      message: string;
      kind: ExprErrorKind;
      /** Offset in the expression source where the problem is (0-based). */
      offset?: number;
      /** A property was read of a value that has none (`nights.name`): that value, as written. */
      noPropertiesOn?: string;
      /** Where that is in SKILL.md (1-based), when the expression carries a position. */
      line?: number;
      column?: number;
    };

export type EvaluateResult = { ok: true; value: unknown } | { ok: false; error: string };
export type RenderResult = { ok: true; text: string } | { ok: false; error: string };

/** Values by root name: fields by name, tool outputs by tool name, loop variables by name. */
export type Values = Record<string, unknown>;

export interface SkillExpressions {
  /** The variables an expression reads (from the CEL AST; macro variables excluded). Empty if unparsable. */
  refs(expr: Expr | string): ExprRef[];
  /** Type-checks against field shapes, tool outputs and the scope's loop variables. */
  typeCheck(expr: Expr | string, scope?: Scope): TypeCheckResult;
  /** The value type of an expression (e.g. the element type of a `repeat` list), if it type-checks. */
  valueType(expr: Expr | string, scope?: Scope): ValueType | undefined;
  /** Evaluates with plain JS values; ints become BigInt on the way in and numbers on the way out. */
  evaluate(expr: Expr | string, values: Values, scope?: Scope): EvaluateResult;
  /** Fills a template's `{expr}` holes: numbers plainly (1240, 12.5), lists joined with ", ". */
  render(template: Template, values: Values, scope?: Scope): RenderResult;
  /** The type of a repeat's gathered answers (`as: name`): a list of records; undefined for other names. */
  gatheredType(name: string): ValueType | undefined;
}
