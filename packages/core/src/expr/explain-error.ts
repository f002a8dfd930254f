/**
 * CEL parse and type errors → one sentence for people, the kind of problem, and where it is. Pure.
 */
import type { ExprErrorKind } from "./types.js";

interface CelError {
  name?: string;
  code?: string;
  summary?: string;
  message?: string;
  range?: { start: number; end: number };
  node?: { op?: string; args?: unknown; start: number; end: number };
}

export interface ExplainedError {
  message: string;
  kind: ExprErrorKind;
  offset?: number;
  /** A property was read of a value that has none (`nights.name`): that value, as written (`nights`). */
  noPropertiesOn?: string;
}

const COMPARISONS = new Set(["<", "<=", ">", ">=", "==", "!="]);

/** Explains an error thrown or returned by cel-js for `source`. */
export function explainCelError(error: unknown, source: string): ExplainedError {
  const e = (typeof error === "object" && error !== null ? error : {}) as CelError;
  const summary = firstLine(e.summary ?? e.message ?? String(error));
  const offset = e.range?.start ?? e.node?.start;
  if (e.name === "ParseError") return explained("syntax", syntaxMessage(e.code, summary), offset);
  switch (e.code) {
    case "unknown_variable":
      return explained("unknown", `\`${summary.replace(/^Unknown variable: /, "")}\` is not a field, a tool or a loop variable`, offset);
    case "no_such_key":
      return explained("unknown", noSuchKey(e, summary, source), offset);
    case "no_such_overload":
      return overload(e, summary, source);
    case "cannot_index_type":
      return noProperties(e, summary, source) ?? explained("type", summary, offset);
    default:
      return explained("type", summary, offset);
  }
}

/** An explained error, with `offset` only when it is known. */
function explained(kind: ExprErrorKind, message: string, offset: number | undefined): ExplainedError {
  return { kind, message, ...(offset !== undefined ? { offset } : {}) };
}

function firstLine(text: string): string {
  return text.split("\n")[0]!; // split returns at least one piece
}

function syntaxMessage(code: string | undefined, summary: string): string {
  if (code === "unexpected_token" && /EOF$/.test(summary)) return "the expression ends where more was expected";
  return summary.charAt(0).toLowerCase() + summary.slice(1);
}

function noSuchKey(e: CelError, summary: string, source: string): string {
  const key = summary.replace(/^No such key: /, "");
  const object = e.node?.op === "." ? (e.node.args as Array<{ start: number; end: number }>)[0] : undefined;
  if (!object) return `there is no property \`${key}\``;
  return `\`${source.slice(object.start, object.end)}\` has no property \`${key}\``;
}

/** "Cannot index type 'int'" on `nights.name` → "`nights` is a whole number (int), which has no property `name`". */
function noProperties(e: CelError, summary: string, source: string): ExplainedError | undefined {
  const type = /^Cannot index type '(.+)'$/.exec(summary)?.[1];
  const [object, key] = e.node?.op === "." && Array.isArray(e.node.args) ? (e.node.args as [{ start: number; end: number }, unknown]) : [];
  if (type === undefined || !object || typeof key !== "string") return undefined;
  const value = source.slice(object.start, object.end);
  return { kind: "type", message: `\`${value}\` is ${describeCelType(type)}, which has no property \`${key}\``, offset: object.end, noPropertiesOn: value };
}

/** "no such overload: string > int" → "`>` cannot compare text (string) with a whole number (int)". */
function overload(e: CelError, summary: string, source: string): ExplainedError {
  const [, left, op, right] = /^no such overload: (\S+) (\S+) (\S+)$/.exec(summary) ?? [];
  if (left === undefined || op === undefined || right === undefined) return explained("type", summary, e.range?.start);
  const message = COMPARISONS.has(op)
    ? `\`${op}\` cannot compare ${describeCelType(left)} with ${describeCelType(right)}`
    : `\`${op}\` does not apply to ${describeCelType(left)} and ${describeCelType(right)}`;
  return explained("type", message, operatorOffset(e, op, source));
}

function operatorOffset(e: CelError, op: string, source: string): number | undefined {
  const operands = Array.isArray(e.node?.args) ? (e.node.args as Array<{ end?: number }>) : [];
  const from = operands[0]?.end ?? e.range?.start ?? 0;
  const at = source.indexOf(op, from);
  return at >= 0 ? at : e.range?.start;
}

/** A CEL type in words, with its CEL name: "a whole number (int)". */
export function describeCelType(name: string): string {
  if (name.startsWith("list<")) return `a list (${readableName(name)})`;
  switch (name) {
    case "string": return "text (string)";
    case "int": return "a whole number (int)";
    case "double": return "a number (double)";
    case "bool": return "a yes/no value (bool)";
    case "null_type": return "null";
    case "dyn": return "a value of unknown type";
  }
  return name.startsWith("$") ? `an object (${readableName(name)})` : name;
}

/** `$search_flights.flights.item` → `search_flights.flights[]`; list<…> kept. */
export function readableName(name: string): string {
  return name.replace(/\$([\w.]+?)((?:\.item)*)(~\d+)?(?=[>,]|$)/g, (_, path: string, items: string) => path + "[]".repeat(items.length / 5));
}
