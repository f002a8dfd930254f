/**
 * `lookup(spec, fn)`, `action(spec, fn)` and `handoff(spec, fn)`: how a skill's tools.ts declares its tools.
 * The result is a plain object tagged with a global symbol, so a tool defined against one copy of
 * this package is recognised by another (tools.ts is loaded at run time, from the skill's folder).
 */
import type { z } from "zod";
import type { ToolKind } from "../format/ir.js";

export const TOOL_TAG = Symbol.for("skillflow.tool");

export interface ToolContext {
  /** Stable per write (or hand-off) and flow; a retry after a crash carries the same key. Empty for lookups. */
  idempotencyKey: string;
  /** The time, as an ISO 8601 string (`2027-03-01T09:00:00.000Z`), not a `Date`: `new Date(now)` to compute with it. Frozen in proofs. */
  now: string;
  /** Aborted when the runtime's per-tool timeout passes. */
  signal: AbortSignal;
}

export interface ToolSpec<I extends z.ZodObject = z.ZodObject, O extends z.ZodType = z.ZodType> {
  name: string;
  description?: string;
  /**
   * A write's card words: a sentence with `{input}` holes (CEL over its inputs only, like
   * `"Cancel order {order_id}"`), shown on every confirmation card that lists the write, in place of its
   * name and input keys. A `card:` on the skill's `do:` step replaces it there.
   */
  card?: string;
  input: I;
  output: O;
}

export interface ToolDefinition<I extends z.ZodObject = z.ZodObject, O extends z.ZodType = z.ZodType> {
  readonly [TOOL_TAG]: true;
  kind: ToolKind;
  name: string;
  description?: string;
  /** The card words (see `ToolSpec.card`). */
  card?: string;
  input: I;
  output: O;
  run: (input: z.infer<I>, context: ToolContext) => Promise<z.infer<O>> | z.infer<O>;
}

function define<I extends z.ZodObject, O extends z.ZodType>(
  kind: ToolKind,
  spec: ToolSpec<I, O>,
  run: ToolDefinition<I, O>["run"],
): ToolDefinition<I, O> {
  const description = spec.description !== undefined ? { description: spec.description } : {};
  const card = spec.card !== undefined ? { card: spec.card } : {};
  return { [TOOL_TAG]: true, kind, name: spec.name, ...description, ...card, input: spec.input, output: spec.output, run };
}

/** A read-only tool: runs when a step needs its result, again when an input changes. */
export function lookup<I extends z.ZodObject, O extends z.ZodType>(
  spec: ToolSpec<I, O>,
  run: ToolDefinition<I, O>["run"],
): ToolDefinition<I, O> {
  return define("lookup", spec, run);
}

/** A write: runs only after a matching confirmation, with the confirmed inputs, once per flow. */
export function action<I extends z.ZodObject, O extends z.ZodType>(
  spec: ToolSpec<I, O>,
  run: ToolDefinition<I, O>["run"],
): ToolDefinition<I, O> {
  return define("write", spec, run);
}

/**
 * A hand-off: passes the conversation to a person outside it (a human agent, a support queue). It changes
 * nothing the person owns, so it needs no confirm; it runs only from a `handoff:` step, at most once per
 * conversation, with an idempotency key like a write's, and the conversation ends after it.
 */
export function handoff<I extends z.ZodObject, O extends z.ZodType>(
  spec: ToolSpec<I, O>,
  run: ToolDefinition<I, O>["run"],
): ToolDefinition<I, O> {
  return define("handoff", spec, run);
}

export function isToolDefinition(value: unknown): value is ToolDefinition {
  return typeof value === "object" && value !== null && (value as Record<symbol, unknown>)[TOOL_TAG] === true;
}
