/**
 * unknown-reference: a condition, check, list or template hole that names something that does not
 * exist — a field, tool or loop variable, or a property a tool's output does not have. Pure.
 */
import type { Expr, Skill } from "../format/ir.js";
import { fieldValueType } from "../expr/field-type.js";
import { locateInExpr } from "../expr/locate.js";
import type { ExprRef, Scope } from "../expr/types.js";
import type { ValueType } from "../tools/value-type.js";
import type { CheckContext } from "./context.js";
import { findMissingProperty, propertyOffset } from "./resolve-path.js";
import { walkExpressions } from "./walk-steps.js";
import { didYouMeanPrefix, knownRoots } from "./words.js";
import { ownValue } from "../own-value.js";
import { inFileOf } from "../format/in-file-of.js";

const DYN: ValueType = { t: "dyn" };

export function checkUnknownReferences(ctx: CheckContext): void {
  walkExpressions(ctx, ({ expr, place }) => {
    let found = false;
    for (const ref of ctx.exprs.refs(expr)) found = checkRef(ctx, expr, ref, place.scope) || found;
    if (found) return;
    const result = ctx.exprs.typeCheck(expr, place.scope);
    if (result.ok || result.kind !== "unknown") return;
    ctx.report(
      "unknown-reference", inFileOf(expr.pos, { line: result.line ?? expr.pos.line, column: result.column ?? expr.pos.column }),
      `In \`${expr.source}\`, ${result.message}.`,
      "Use a property the tool's output schema declares.",
    );
  });
}

/** Reports a problem with one reference; true if there was one. */
function checkRef(ctx: CheckContext, expr: Expr, ref: ExprRef, scope: Scope): boolean {
  // A value read here is written out (expand-values.ts); one that could not be is reported where it is declared.
  const rootType = typeOfRoot(ctx.skill, scope, ref.root) ?? ctx.exprs.gatheredType(ref.root) ?? (ownValue(ctx.skill.values, ref.root) ? DYN : undefined);
  if (!rootType) {
    ctx.report(
      "unknown-reference", locateInExpr(expr, ref.start),
      `\`${ref.root}\` is not a field, a tool${ctx.skill.values ? ", a value" : ""} or a loop variable.`,
      `${didYouMeanPrefix(ref.root, knownRoots(ctx.skill, scope))}Declare it under Fields, or define a tool of that name in tools.ts.`,
    );
    return true;
  }
  const missing = findMissingProperty(rootType, ref.path);
  if (!missing) return false;
  const owner = [ref.root, ...ref.path.slice(0, missing.index)].join(".");
  const { name } = missing;
  ctx.report(
    "unknown-reference", locateInExpr(expr, ref.start + propertyOffset(ref.root, ref.path, missing.index)),
    `\`${owner}\` has no property \`${name}\`.`,
    `${didYouMeanPrefix(name, missing.known)}Use one of its properties: ${missing.known.map((k) => `\`${k}\``).join(", ") || "(none)"}.`,
  );
  return true;
}

function typeOfRoot(skill: Skill, scope: Scope, root: string): ValueType | undefined {
  const loop = ownValue(scope.loopVars, root);
  if (loop) return loop;
  const field = ownValue(skill.fields, root);
  if (field) return fieldValueType(field);
  return ownValue(skill.tools, root)?.output;
}
