/**
 * Running one `call` effect: look the tool up by name, hand it a `ToolContext` (the write's idempotency
 * key, the clock, an AbortSignal), enforce the per-tool timeout, apply injected failures (proofs), and
 * answer with the `tool_result` event the runtime expects. Never throws: a missing tool, a throw or a
 * timeout is a failed result with a sentence saying what happened.
 */
import { isToolRejected, ownValue, ToolRejected, type Effect, type FlowEvent, type ToolContext, type ToolKind } from "@skillflow/core";

/** What the host needs of a tool: the loader's RunnableTool and core's ToolDefinition both fit. */
export interface HostTool {
  name: string;
  kind: ToolKind;
  run(input: Record<string, unknown>, context: ToolContext): unknown;
}

export type CallEffect = Extract<Effect, { type: "call" }>;
export type ToolResultEvent = Extract<FlowEvent, { type: "tool_result" }>;

export interface ToolRunOptions {
  /** Milliseconds before a tool is aborted and counted as failed. */
  timeoutMs: number;
  /** The clock handed to tools, ISO 8601. */
  now: () => string;
  /**
   * Called before each run (injected failures for proofs): "doubt" makes this run throw an error (the
   * write is in doubt), "reject" throws `ToolRejected` (nothing was done), false runs the tool.
   */
  shouldFail?: (tool: string) => InjectedFailure | false;
}

/** Run the tool a call effect names and describe the outcome as a `tool_result` event. */
export async function runToolCall(
  call: CallEffect,
  tools: Record<string, HostTool>,
  options: ToolRunOptions,
): Promise<ToolResultEvent> {
  const started = performance.now();
  const base = { type: "tool_result" as const, tool: call.tool, key: call.key };
  const elapsed = () => Math.round((performance.now() - started) * 1000) / 1000;
  const tool = ownValue(tools, call.tool);
  if (!tool) return { ...base, ok: false, error: `No tool named ${call.tool} is loaded.`, durationMs: 0 };
  // Whatever the IR says a tool is, a function defined as a write (`action()`) never runs as a lookup.
  if (call.kind === "lookup" && tool.kind !== "lookup") {
    return { ...base, ok: false, rejected: true, error: `${call.tool} was not run: it is a write, and a write runs only as a \`do:\` step after a confirm, never as a lookup.`, durationMs: 0 };
  }
  // A hand-off function runs only as a hand-off, and a hand-off call runs only a hand-off function.
  if ((call.kind === "handoff") !== (tool.kind === "handoff")) {
    return { ...base, ok: false, rejected: true, error: `${call.tool} was not run: it is a ${tool.kind}, and this call was for a ${call.kind}.`, durationMs: 0 };
  }
  try {
    const injected = options.shouldFail?.(call.tool);
    if (injected === "reject") throw new ToolRejected(`${call.tool} refused the request (injected by the proof's fixtures)`);
    if (injected === "doubt") throw new Error(`${call.tool} failed (injected by the proof's fixtures)`);
    const context = { idempotencyKey: call.kind !== "lookup" ? call.key : "", now: options.now() };
    // Copies both ways: a tool that keeps and later changes its input or its output (a shared object it
    // returns again) never changes what the flow recorded, the card it showed or a write's inputs.
    const output = await withTimeout(call.tool, options.timeoutMs, (signal) => tool.run(ownCopy(call.inputs), { ...context, signal }));
    return { ...base, ok: true, output: ownCopy(output), durationMs: elapsed() };
  } catch (error) {
    const rejected = isToolRejected(error) ? { rejected: true } : {};
    return { ...base, ok: false, ...rejected, error: describeError(call.tool, error), durationMs: elapsed() };
  }
}

/**
 * A deep copy of a tool's input or output. One that structuredClone refuses (a function inside) is
 * copied as JSON, the form a checkpoint keeps of it anyway; only a value JSON cannot copy either is kept
 * as given.
 */
function ownCopy<T>(value: T): T {
  try {
    return structuredClone(value);
  } catch {
    try {
      return JSON.parse(JSON.stringify(value)) as T;
    } catch {
      return value;
    }
  }
}

class ToolTimeout extends Error {}

async function withTimeout(tool: string, ms: number, run: (signal: AbortSignal) => unknown): Promise<unknown> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new ToolTimeout(timeoutSentence(tool, ms)));
    }, ms);
  });
  try {
    return await Promise.race([Promise.resolve().then(() => run(controller.signal)), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Said to the person as the cause of the failure (so it is a sentence of the runtime's, listed in docs/skill-format.md). */
function timeoutSentence(tool: string, ms: number): string {
  return `${tool} did not answer within ${ms} ms.`;
}

function describeError(tool: string, error: unknown): string {
  if (error instanceof ToolTimeout) return error.message;
  const message = error instanceof Error ? error.message : String(error);
  return message.startsWith(tool) ? message : `${tool} failed: ${message}`;
}

export type InjectedFailure = "doubt" | "reject";

/**
 * Injected failures: `failures: { tool: n }` makes that tool throw on its first n runs (in doubt);
 * `rejections: { tool: n }` makes it throw `ToolRejected` (nothing done). Stateful per instance.
 */
export function failureInjector(
  failures: Record<string, number> = {}, rejections: Record<string, number> = {},
): (tool: string) => InjectedFailure | false {
  const left = new Map<string, Array<InjectedFailure>>();
  for (const [tool, n] of Object.entries(rejections)) left.set(tool, Array<InjectedFailure>(n).fill("reject"));
  for (const [tool, n] of Object.entries(failures)) left.set(tool, [...(left.get(tool) ?? []), ...Array<InjectedFailure>(n).fill("doubt")]);
  return (tool) => left.get(tool)?.shift() ?? false;
}
