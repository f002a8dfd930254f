/**
 * The value type of a field, from its shape. Pure.
 * Integer fields (`number:`) are `int`; `decimal:` is `double`; every other shape holds text,
 * except `yes_no` (bool). A pick holds a row `id` (with `many: true` a list of row ids), a lookup field
 * the text the lookup recognised.
 */
import type { FieldDecl, Shape } from "../format/ir.js";
import type { ValueType } from "../tools/value-type.js";

export function shapeValueType(shape: Shape): ValueType {
  switch (shape.kind) {
    case "number":
      return { t: "int" };
    case "decimal":
      return { t: "double" };
    case "yes_no":
      return { t: "bool" };
    case "pick":
      return shape.many ? { t: "list", of: { t: "string" } } : { t: "string" };
    case "choices": case "pattern": case "text": case "date": case "lookup":
      return { t: "string" };
  }
}

export function fieldValueType(field: FieldDecl): ValueType {
  return shapeValueType(field.shape);
}
