/**
 * A field's `default:`: ill-typed-default (its expression does not type-check, or its type does not fit
 * the field's shape: text for text-like shapes, a whole number for `number:`, a number for `decimal:`,
 * yes/no for `yes_no:`), and secret-default (it reads a secret field or the output of a tool that took
 * a secret, which would put a secret's value, or what was derived from it, in a field the person did not
 * give and that may be shown). Syntax and unknown names are reported where the default is read, at each
 * ask of the field, by the rules every expression goes through. Pure.
 */
import { secretDerivedTools } from "../compile/compile-skill.js";
import { describeCelType } from "../expr/explain-error.js";
import { fieldValueType } from "../expr/field-type.js";
import { inFileOf } from "../format/in-file-of.js";
import type { FieldDecl } from "../format/ir.js";
import type { CheckContext } from "./context.js";
import { ownValue } from "../own-value.js";

/** The CEL types a default of each field value type may have (`dyn`: decided when it is taken). */
const FITS: Record<string, readonly string[]> = {
  string: ["string", "dyn"],
  int: ["int", "dyn"],
  double: ["double", "int", "dyn"],
  bool: ["bool", "dyn"],
};

export function checkDefaults(ctx: CheckContext): void {
  for (const field of Object.values(ctx.skill.fields)) {
    if (!field.default) continue;
    if (readsSecret(ctx, field)) continue;
    checkType(ctx, field);
  }
}

function checkType(ctx: CheckContext, field: FieldDecl): void {
  const expr = field.default!;
  const result = ctx.exprs.typeCheck(expr);
  if (!result.ok) {
    if (result.kind !== "type") return; // syntax and unknown names: at the ask, like any expression
    const at = inFileOf(expr.pos, { line: result.line ?? expr.pos.line, column: result.column ?? expr.pos.column });
    ctx.report("ill-typed-default", at, `The default of \`${field.name}\`, \`${expr.source}\`, does not type-check: ${result.message}.`, "Write an expression over fields, tool outputs and values, like `get_order_details.address.city`.");
    return;
  }
  const want = fieldValueType(field);
  const fits = FITS[want.t] ?? ["dyn"];
  if (fits.includes(result.type)) return;
  ctx.report(
    "ill-typed-default", expr.pos,
    `The default of \`${field.name}\`, \`${expr.source}\`, is ${describeCelType(result.type)}, but \`${field.name}\` holds ${describeCelType(want.t)}.`,
    want.t === "string" ? `Read a text value, or write \`string(${expr.source})\`.` : `Read a value of that kind, like a property of a tool's output that is ${describeCelType(want.t)}.`,
  );
}

function readsSecret(ctx: CheckContext, field: FieldDecl): boolean {
  const derived = secretDerivedTools(ctx.skill);
  const read = ctx.exprs.refs(field.default!).find((r) => ownValue(ctx.skill.fields, r.root)?.secret || derived.has(r.root));
  if (!read) return false;
  const what = ownValue(ctx.skill.fields, read.root)?.secret ? `the secret \`${read.root}\`` : `\`${read.root}\`, the output of a tool that took a secret`;
  ctx.report("secret-default", field.default!.pos, `The default of \`${field.name}\` reads ${what}, so a secret, or what was derived from it, would stand in \`${field.name}\` without the person giving it.`, `Remove \`default:\` from \`${field.name}\`, or read something that is not secret.`);
  return true;
}
