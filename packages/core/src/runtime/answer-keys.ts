/**
 * Answer keys and repeat scopes. Pure.
 * Inside a `repeat`, answers are keyed `field@scope`; a scope is `repeatStepId:rowKey`, nested with `/`
 * (`6:TP1/6.3:0`). The row key is the row's `id` when it has one, else its index.
 */
import type { FlowState } from "./types.js";

/**
 * A key of `answers`, `confirmations` or the ledger: a name (field, confirm id or step id), plus `@scope`
 * inside a repeat. Built by `answerKey`, read by `nameOfKey` and `scopeOfKey` — never split by hand.
 */
export type AnswerKey = string;

/** The name part of a key: the field, confirm id or write instance's step id. */
export function nameOfKey(key: AnswerKey): string {
  const at = key.indexOf("@");
  return at < 0 ? key : key.slice(0, at);
}

/** The key an answer to `field` is stored under in `scope` ("" outside any repeat). */
export function answerKey(field: string, scope: string): string {
  return scope ? `${field}@${scope}` : field;
}

/** The scope part of an answer key, confirm key or write instance ("" when there is none). */
export function scopeOfKey(key: string): string {
  const at = key.indexOf("@");
  return at < 0 ? "" : key.slice(at + 1);
}

/** The scope of one iteration of the repeat step `stepId` over `row` at position `index`. */
export function rowScope(parent: string, stepId: string, row: unknown, index: number): string {
  const segment = `${stepId}:${rowKeyOf(row, index)}`;
  return parent ? `${parent}/${segment}` : segment;
}

/** A row's key in its scope: its `id` when it has one, else its index. */
export function rowKeyOf(row: unknown, index: number): string {
  const id = typeof row === "object" && row !== null ? (row as Record<string, unknown>).id : undefined;
  return typeof id === "string" || typeof id === "number" ? String(id) : String(index);
}

/** The scope and its enclosing scopes, innermost first, ending with "" (top level). */
export function scopeChain(scope: string): string[] {
  const out: string[] = [];
  let s = scope;
  while (s) {
    out.push(s);
    const slash = s.lastIndexOf("/");
    s = slash < 0 ? "" : s.slice(0, slash);
  }
  out.push("");
  return out;
}

/** The key of the answer to `field` visible from `scope`: the innermost iteration's, else the top-level one. */
export function visibleAnswerKey(state: FlowState, field: string, scope: string): string | undefined {
  if (!scope) return Object.hasOwn(state.answers, field) ? field : undefined;
  for (const s of scopeChain(scope)) {
    const key = answerKey(field, s);
    if (Object.hasOwn(state.answers, key)) return key;
  }
  return undefined;
}

/**
 * The scope an ask inside the repeats `repeatIds` (outermost first) has when the flow is at `scope`,
 * or undefined when that ask is not in the current iteration.
 */
export function scopeForRepeats(repeatIds: readonly string[], scope: string): string | undefined {
  const segments = scope ? scope.split("/") : [];
  if (repeatIds.length > segments.length) return undefined;
  for (const [i, id] of repeatIds.entries()) {
    if (!segments[i]?.startsWith(`${id}:`)) return undefined;
  }
  return segments.slice(0, repeatIds.length).join("/");
}
