/**
 * Whether a value's type fits a tool input's type, and a type in words — shared by the rules that bind
 * a write's inputs (input-type-mismatch for inputs bound by name, ill-typed-input for `with:`). Numbers
 * widen (a whole number fits a number); an untyped side (`dyn`) fits anything; an object must have every
 * property the input requires, each fitting. Pure.
 */
import type { ValueType } from "../tools/value-type.js";
import { ownValue } from "../own-value.js";

/** Does a value of type `value` fit an input of type `input`? */
export function fits(value: ValueType, input: ValueType): boolean {
  if (value.t === "dyn" || input.t === "dyn") return true;
  if (value.t === "int" && input.t === "double") return true;
  if (value.t === "list" || input.t === "list") return value.t === "list" && input.t === "list" && fits(value.of, input.of);
  if (value.t === "object" && input.t === "object") {
    const optional = new Set(input.optional ?? []);
    return Object.entries(input.fields).every(([key, type]) => {
      const own = ownValue(value.fields, key);
      return own === undefined ? optional.has(key) : fits(own, type);
    });
  }
  return value.t === input.t;
}

/** A value type in words: "text", "a whole number", "a list of text", "an object (id, name)". */
export function typeWords(type: ValueType): string {
  switch (type.t) {
    case "string": return "text";
    case "int": return "a whole number";
    case "double": return "a number";
    case "bool": return "yes or no";
    case "null": return "nothing";
    case "list": return `a list of ${pluralWords(type.of)}`;
    case "object": return `an object (${Object.keys(type.fields).join(", ")})`;
    case "dyn": return "any value";
  }
}

function pluralWords(type: ValueType): string {
  switch (type.t) {
    case "string": return "text";
    case "int": return "whole numbers";
    case "double": return "numbers";
    case "bool": return "yes/no values";
    case "list": return "lists";
    case "object": return "objects";
    default: return "values";
  }
}
