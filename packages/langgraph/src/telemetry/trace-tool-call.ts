/**
 * The span of one tool run, by the GenAI semantic conventions for tool execution: named
 * `execute_tool {tool}`, with `gen_ai.operation.name`, `gen_ai.tool.name` and `gen_ai.tool.type`, plus
 * Skillflow's own: lookup or write, how it ended (`ok`; `rejected`: the tool said nothing was done;
 * `failed`: a write is then in doubt), and for a write a digest of its idempotency key — keyed with a
 * key derived from the deployment key, so it matches across retries and processes of one deployment
 * but cannot be computed back to the key or to the inputs it was made from. No input, output or error
 * message is recorded.
 */
import { createHmac } from "node:crypto";
import { SpanKind, SpanStatusCode } from "@opentelemetry/api";
import { deriveKey } from "../persistence/deployment-key.js";
import { runToolCall, type CallEffect, type HostTool, type ToolResultEvent, type ToolRunOptions } from "../run-tool.js";
import { ERROR_TYPE, flowTracer, GEN_AI, SKILLFLOW } from "./flow-tracer.js";

const keys = new WeakMap<Uint8Array, Buffer>();

/** The digest of an idempotency key shown in traces: HMAC-SHA-256 under a key of its own, 32 hex characters. */
export function keyDigest(deploymentKey: Uint8Array, idempotencyKey: string): string {
  let key = keys.get(deploymentKey);
  if (!key) keys.set(deploymentKey, (key = Buffer.from(deriveKey(deploymentKey, "telemetry"))));
  return createHmac("sha256", key).update(idempotencyKey).digest("hex").slice(0, 32);
}

/** How a run ended, as the span says it. Pure. */
export function outcomeOf(result: ToolResultEvent): "ok" | "rejected" | "failed" {
  return result.ok ? "ok" : result.rejected ? "rejected" : "failed";
}

/** `runToolCall` inside its span (a child of the active turn span). */
export function runTracedToolCall(
  call: CallEffect, tools: Record<string, HostTool>, options: ToolRunOptions, deploymentKey: Uint8Array,
): Promise<ToolResultEvent> {
  const attributes: Record<string, string> = {
    [GEN_AI.operation]: "execute_tool",
    [GEN_AI.toolName]: call.tool,
    [GEN_AI.toolType]: "function",
    [SKILLFLOW.toolKind]: call.kind,
  };
  if (call.kind !== "lookup") attributes[SKILLFLOW.keyDigest] = keyDigest(deploymentKey, call.key);
  return flowTracer().startActiveSpan(`execute_tool ${call.tool}`, { kind: SpanKind.INTERNAL, attributes }, async (span) => {
    try {
      const result = await runToolCall(call, tools, options);
      const outcome = outcomeOf(result);
      span.setAttribute(SKILLFLOW.outcome, outcome);
      if (outcome !== "ok") {
        span.setAttribute(ERROR_TYPE, outcome === "rejected" ? "tool_rejected" : "tool_failed");
        span.setStatus({ code: SpanStatusCode.ERROR });
      }
      return result;
    } finally {
      span.end();
    }
  });
}
