/**
 * `createExpressions(skill)`: parse, type-check, evaluate and render the skill's CEL expressions.
 * Environments are built once per skill and once per scope (set of loop variables) and cached, as are
 * parses and type checks. No I/O; the caches are the only state. compileSkill keeps one per Skill (`expressionsFor`).
 * A named value (`## Values`) and a pick read with a property (`hotel_id.name`: the picked row's name) are
 * written out before CEL sees them (`write-out.ts`); refs, offsets and messages are given for the
 * expression as written, so every rule sees through a value to what it reads.
 */
import type { Expr, Skill, Template } from "../format/ir.js";
import type { ValueType } from "../tools/value-type.js";
import { buildSkillEnvironment, extendEnvironment, type SkillEnvironment } from "./build-environment.js";
import { collectRefs } from "./collect-refs.js";
import { fromCel, toCel, ValueShapeError } from "./convert-values.js";
import { explainCelError } from "./explain-error.js";
import { gatheredTypes } from "./gathered-types.js";
import { formatValue } from "./format-value.js";
import { locateInExpr } from "./locate.js";
import type { Expansion } from "./pick-rows.js";
import { writeOutFor } from "./write-out.js";
import type { EvaluateResult, ExprRef, RenderResult, Scope, SkillExpressions, TypeCheckResult, Values } from "./types.js";

type Parsed = ReturnType<SkillEnvironment["env"]["parse"]>;

interface ScopedEnvironment extends SkillEnvironment {
  parsed: Map<string, Parsed | { error: unknown }>;
  checked: Map<string, TypeCheckResult>;
  /** Per expression, its last evaluation with a primitive result and the values it read (see `evaluate`). */
  last: Map<string, { values: Values; result: EvaluateResult }>;
}

const sourceOf = (expr: Expr | string): string => (typeof expr === "string" ? expr : expr.source);

export function createExpressions(skill: Skill): SkillExpressions {
  const plain = expressionsWith(skill, new Map());
  // A repeat's gathered answers are typed by its list and body, which are typed without them first.
  const gathered = gatheredTypes(skill, (source, loopVars) => plain.valueType(source, { loopVars }));
  return gathered.size === 0 ? plain : expressionsWith(skill, gathered);
}

function expressionsWith(skill: Skill, gathered: ReadonlyMap<string, ValueType>): SkillExpressions {
  // A value that cannot be written out (write-out.ts) is declared as `dyn`, so what reads it is not also reported.
  const declared = new Map(gathered);
  for (const name of Object.keys(skill.values ?? {})) if (!declared.has(name)) declared.set(name, { t: "dyn" });
  const base = scoped(buildSkillEnvironment(skill, declared));
  const byScope = new Map<string, ScopedEnvironment>([["", base]]);
  const refCache = new Map<string, ExprRef[]>();
  const astOf = (source: string) => {
    const parsed = parseIn(base, source);
    return "error" in parsed ? undefined : parsed.ast;
  };
  const expansionOf = writeOutFor(skill, astOf, (source) => checkIn(base, source).ok);
  const celSource = (source: string) => expansionOf(source)?.source ?? source;

  // The runtime passes the same loop-variable object for every expression of a frame: skip the key.
  const byObject = new WeakMap<Record<string, ValueType>, ScopedEnvironment>();

  function envFor(scope?: Scope): ScopedEnvironment {
    const loopVars = scope?.loopVars;
    if (!loopVars) return base;
    let found = byObject.get(loopVars);
    if (found) return found;
    const key = scopeKey(loopVars);
    found = byScope.get(key);
    if (!found) byScope.set(key, (found = scoped(extendEnvironment(base, loopVars))));
    byObject.set(loopVars, found);
    return found;
  }

  function refs(expr: Expr | string): ExprRef[] {
    const source = sourceOf(expr);
    let found = refCache.get(source);
    if (!found) {
      const expansion = expansionOf(source);
      const parsed = parseIn(base, expansion?.source ?? source);
      found = "error" in parsed ? [] : collectRefs(parsed.ast);
      if (expansion) found = found.map((r) => ({ ...r, start: expansion.back(r.start), end: expansion.back(r.end) }));
      refCache.set(source, found);
    }
    return found;
  }

  function typeCheck(expr: Expr | string, scope?: Scope): TypeCheckResult {
    const senv = envFor(scope);
    const source = sourceOf(expr);
    let result = senv.checked.get(source);
    if (!result) senv.checked.set(source, (result = inWords(expansionOf(source), checkIn(senv, celSource(source)))));
    if (result.ok || result.offset === undefined || typeof expr === "string") return result;
    return { ...result, ...locateInExpr(expr, result.offset) };
  }

  function valueType(expr: Expr | string, scope?: Scope): ValueType | undefined {
    const result = typeCheck(expr, scope);
    return result.ok ? envFor(scope).table.valueType(result.type) : undefined;
  }

  /**
   * Evaluates in the scope's environment. A replay evaluates the same conditions and holes with the same
   * values again: when every root the expression reads holds the identical value (`Object.is`; records
   * are replaced, never edited, so an identical object is an unchanged one) as at its last evaluation,
   * and that gave a primitive, the result is reused. Evaluation is pure, so this changes no result.
   */
  function evaluate(expr: Expr | string, values: Values, scope?: Scope): EvaluateResult {
    const senv = envFor(scope);
    const source = sourceOf(expr);
    const roots = refs(source);
    const last = senv.last.get(source);
    if (last && roots.every(({ root }) => Object.is(values[root], last.values[root]))) return last.result;
    const result = evaluateNow(senv, celSource(source), roots, values);
    const expansion = expansionOf(source);
    if (!result.ok && expansion) result.error = expansion.words(result.error);
    if (!result.ok || result.value === null || typeof result.value !== "object") {
      const read: Values = Object.create(null) as Values;
      for (const { root } of roots) read[root] = values[root];
      senv.last.set(source, { values: read, result });
    }
    return result;
  }

  function render(template: Template, values: Values, scope?: Scope): RenderResult {
    let text = "";
    for (const part of template.parts) {
      if (typeof part === "string") {
        text += part;
        continue;
      }
      const result = evaluate(part, values, scope);
      if (!result.ok) return { ok: false, error: `{${part.source}}: ${result.error}` };
      text += formatValue(result.value);
    }
    return { ok: true, text };
  }

  const gatheredType = (name: string) => gathered.get(name);
  return { refs, typeCheck, valueType, evaluate, render, gatheredType };
}

/** A type check of an expansion, told for the expression as written. */
function inWords(expansion: Expansion | null, result: TypeCheckResult): TypeCheckResult {
  if (!expansion || result.ok) return result;
  const offset = result.offset === undefined ? {} : { offset: expansion.back(result.offset) };
  return { ...result, message: expansion.words(result.message), ...offset };
}

function scoped(env: SkillEnvironment): ScopedEnvironment {
  return { ...env, parsed: new Map(), checked: new Map(), last: new Map() };
}

function evaluateNow(senv: ScopedEnvironment, source: string, roots: ExprRef[], values: Values): EvaluateResult {
  const parsed = parseIn(senv, source);
  if ("error" in parsed) return { ok: false, error: explainCelError(parsed.error, source).message };
  try {
    return { ok: true, value: fromCel(parsed(contextFor(senv, roots, values))) };
  } catch (error) {
    const message = error instanceof ValueShapeError ? error.message : explainCelError(error, source).message;
    return { ok: false, error: message };
  }
}

function scopeKey(loopVars: Record<string, ValueType>): string {
  const names = Object.keys(loopVars).sort();
  return names.length === 0 ? "" : JSON.stringify(names.map((n) => [n, loopVars[n]]));
}

function parseIn(senv: ScopedEnvironment, source: string): Parsed | { error: unknown } {
  let found = senv.parsed.get(source);
  if (!found) {
    try {
      found = senv.env.parse(source);
    } catch (error) {
      found = { error };
    }
    senv.parsed.set(source, found);
  }
  return found;
}

function checkIn(senv: ScopedEnvironment, source: string): TypeCheckResult {
  const parsed = parseIn(senv, source);
  const result: { valid: boolean; type?: string; error?: unknown } =
    "error" in parsed ? { valid: false, error: parsed.error } : parsed.check();
  if (result.valid) return { ok: true, type: result.type ?? "dyn" };
  return { ok: false, ...explainCelError(result.error, source) };
}

/** The evaluation context: each root the expression reads, converted to its declared type. */
function contextFor(senv: ScopedEnvironment, refs: ExprRef[], values: Values): Record<string, unknown> {
  const ctx: Record<string, unknown> = {};
  for (const { root } of refs) {
    if (Object.hasOwn(ctx, root)) continue;
    if (!Object.hasOwn(values, root) || values[root] === undefined) {
      throw new ValueShapeError(`\`${root}\` has no value yet`);
    }
    const vt = senv.vars.get(root);
    ctx[root] = vt ? toCel(values[root], vt, senv.table, root) : values[root];
  }
  return ctx;
}
