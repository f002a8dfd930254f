/**
 * The tracer every Skillflow span is started on, and the names of the attributes it sets. Spans go
 * through `@opentelemetry/api` only: until the embedding application registers an SDK (a tracer
 * provider with a context manager, as `NodeTracerProvider.register()` or the `NodeSDK` do), every span
 * is a no-op and costs next to nothing. Model and tool spans follow the GenAI semantic conventions
 * (`gen_ai.*`, development status, pinned by the package version); the rest are Skillflow's own
 * (`skillflow.*`). No attribute or event holds a value a person gave, a tool's inputs or outputs, a
 * message text or an error message: only names, kinds, counts, outcomes and keyed digests.
 */
import { SpanStatusCode, trace, type Span, type SpanOptions, type Tracer } from "@opentelemetry/api";
import {
  ATTR_GEN_AI_CONVERSATION_ID, ATTR_GEN_AI_OPERATION_NAME, ATTR_GEN_AI_PROVIDER_NAME, ATTR_GEN_AI_REQUEST_MODEL,
  ATTR_GEN_AI_TOOL_NAME, ATTR_GEN_AI_TOOL_TYPE, ATTR_GEN_AI_USAGE_INPUT_TOKENS, ATTR_GEN_AI_USAGE_OUTPUT_TOKENS,
} from "@opentelemetry/semantic-conventions/incubating";

/** The instrumentation scope of every span. */
export const TRACER_NAME = "@skillflow/langgraph";

/** The tracer of the globally registered provider (a no-op one when none is registered). */
export function flowTracer(): Tracer {
  return trace.getTracer(TRACER_NAME);
}

/**
 * Run `body` inside an active span named `name`, and end the span however it goes. A throw marks the
 * span ERROR with the error's class only (`error.type`; its message may quote a request) and goes on.
 */
export function inSpan<T>(name: string, options: SpanOptions, body: (span: Span) => Promise<T>): Promise<T> {
  return flowTracer().startActiveSpan(name, options, async (span) => {
    try {
      return await body(span);
    } catch (error) {
      span.setAttribute(ERROR_TYPE, errorType(error));
      span.setStatus({ code: SpanStatusCode.ERROR });
      throw error;
    } finally {
      span.end();
    }
  });
}

/** The class of a failure, for `error.type`: its name, never its message (it may quote a request). */
export function errorType(error: unknown): string {
  return error instanceof Error && error.name ? error.name : "Error";
}

export const GEN_AI = {
  conversationId: ATTR_GEN_AI_CONVERSATION_ID,
  operation: ATTR_GEN_AI_OPERATION_NAME,
  provider: ATTR_GEN_AI_PROVIDER_NAME,
  requestModel: ATTR_GEN_AI_REQUEST_MODEL,
  inputTokens: ATTR_GEN_AI_USAGE_INPUT_TOKENS,
  outputTokens: ATTR_GEN_AI_USAGE_OUTPUT_TOKENS,
  toolName: ATTR_GEN_AI_TOOL_NAME,
  toolType: ATTR_GEN_AI_TOOL_TYPE,
} as const;

/** `error.type`: the class of a failure (never its message). */
export const ERROR_TYPE = "error.type";

export const SKILLFLOW = {
  skill: "skillflow.skill",
  eventKind: "skillflow.event.kind",
  waitsFor: "skillflow.turn.waits_for",
  lockWaitMs: "skillflow.turn.lock_wait_ms",
  modelCalls: "skillflow.turn.model_calls",
  toolRuns: "skillflow.turn.tool_runs",
  endOutcome: "skillflow.turn.outcome",
  endStatus: "skillflow.turn.outcome_status",
  toolKind: "skillflow.tool.kind",
  keyDigest: "skillflow.tool.idempotency_key_digest",
  outcome: "skillflow.tool.outcome",
  confirm: "skillflow.confirm",
  role: "skillflow.approval.role",
  request: "skillflow.approval.request",
  yes: "skillflow.approval.yes",
  limit: "skillflow.limit",
  limitUsed: "skillflow.limit.used",
  limitMax: "skillflow.limit.max",
} as const;
