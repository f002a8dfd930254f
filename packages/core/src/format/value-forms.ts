/**
 * What fits each leaf form of `definitions.ts`: the one place the parser decides whether a value has
 * the right form. `skill-schema.ts` says the same thing in JSON Schema. Pure.
 */
import { isScalar } from "yaml";
import type { LeafForm, NumberForm } from "./definitions.js";
import { isIdentifier, scalarText } from "./yaml-node.js";

const WIDGET_NAME = /^[A-Za-z_][\w-]*$/;

/** Does the YAML node `node` have the form `form`? */
export function fitsLeaf(form: LeafForm, node: unknown): boolean {
  switch (form) {
    case "text":
    case "expression":
    case "template":
      return Boolean(scalarText(node)?.trim());
    case "scalar":
      return scalarText(node) !== undefined;
    case "name":
      return nameOf(node) !== undefined;
    case "widget": {
      const text = stringOf(node)?.trim();
      return text !== undefined && WIDGET_NAME.test(text);
    }
    case "true":
      return isScalar(node) && (node.value === true || node.value === null);
    case "boolean":
      return isScalar(node) && typeof node.value === "boolean";
    case "regex": {
      const text = scalarText(node);
      return text !== undefined && regexProblem(text) === undefined;
    }
    case "bound":
      return isScalar(node) && typeof node.value === "number" && Number.isInteger(node.value) && node.value >= 1 && node.value <= 100;
  }
}

/** The plain name a node holds (a string that is an identifier), or undefined. */
export function nameOf(node: unknown): string | undefined {
  const text = stringOf(node);
  return text !== undefined && isIdentifier(text) ? text : undefined;
}

/** Does `n` fit the number form `form`? */
export function fitsNumber(form: NumberForm, n: unknown): n is number {
  if (typeof n !== "number" || !Number.isFinite(n)) return false;
  if (form === "number") return true;
  return Number.isInteger(n) && (form === "integer" || n >= 0);
}

/** "a whole number from 0", "a whole number", "a number": what `form` asks for, in words. */
export function numberFormWords(form: NumberForm): string {
  return form === "count" ? "a whole number from 0" : form === "integer" ? "a whole number" : "a number";
}

/** Why `pattern` is not a valid regular expression, or undefined when it is one. */
export function regexProblem(pattern: string): string | undefined {
  try {
    new RegExp(pattern);
    return undefined;
  } catch (error) {
    return (error as Error).message.replace(/^Invalid regular expression: /, "").replace(/\.$/, "");
  }
}

function stringOf(node: unknown): string | undefined {
  return isScalar(node) && typeof node.value === "string" ? node.value : undefined;
}
