/**
 * One tool of an MCP server as an ordinary `lookup()`/`action()`/`handoff()` definition: its schemas as zod, its kind
 * decided by tools.ts's rules (decide-kind.ts), and a `run` that calls it over the shared connection.
 * A write's (or hand-off's) idempotency key travels in the request's `_meta` (`skillflow/idempotency-key`), and every
 * call carries the flow's clock (`skillflow/now`). The host's timeout and AbortSignal cancel the request;
 * a server that crashed is started again on the next call.
 */
import { action, handoff, lookup, type ToolDefinition } from "@skillflow/core";
import { CARD_META, IDEMPOTENCY_KEY_META, NOW_META } from "../meta-keys.js";
import { connectionFor } from "./connection-pool.js";
import { decideKind, type KindRules } from "./decide-kind.js";
import { describeServerError } from "./describe-server-error.js";
import { describeServer, type McpServerSpec } from "./mcp-tools-options.js";
import { readCallResult } from "./read-call-result.js";
import { inputSchemaOf, outputSchemaOf } from "./schema-from-json.js";

/** The parts of an MCP `Tool` listing used here. */
export interface McpToolListing {
  name: string;
  description?: string | undefined;
  inputSchema?: unknown;
  outputSchema?: unknown;
  annotations?: { readOnlyHint?: boolean | undefined } | undefined;
  /** `skillflow/card`: a write's card words, when the server is Skillflow's own (`serveToolsOverStdio`). */
  _meta?: Record<string, unknown> | undefined;
}

/** The host's per-tool timeout and AbortSignal decide when a call gives up, not the SDK's 60 s default. */
const NO_SDK_TIMEOUT = 2 ** 31 - 1;

export function toolFromMcp(listing: McpToolListing, spec: McpServerSpec, rules: KindRules, startTimeoutMs: number): ToolDefinition {
  const kind = decideKind(listing.name, listing.annotations, rules);
  const spec_ = {
    name: listing.name,
    ...(listing.description !== undefined && { description: listing.description }),
    ...(typeof listing._meta?.[CARD_META] === "string" && { card: listing._meta[CARD_META] as string }),
    input: inputSchemaOf(listing.inputSchema),
    output: outputSchemaOf(listing.outputSchema),
  };
  const server = describeServer(spec);
  const run: ToolDefinition["run"] = async (input, context) => {
    const _meta: Record<string, unknown> = { [NOW_META]: context.now };
    if (kind !== "lookup") _meta[IDEMPOTENCY_KEY_META] = context.idempotencyKey;
    let stderr: () => string | undefined = () => undefined;
    try {
      const connection = await connectionFor(spec, startTimeoutMs);
      stderr = connection.stderrTail;
      const result = await connection.client.callTool({ name: listing.name, arguments: input, _meta }, undefined, { signal: context.signal, timeout: NO_SDK_TIMEOUT });
      return readCallResult(listing.name, result);
    } catch (error) {
      if (error instanceof Error && error.message.startsWith(`${listing.name} failed`)) throw error;
      const why = describeServerError(error, { server, stderr: stderr(), timeoutMs: startTimeoutMs });
      throw new Error(`${listing.name} failed: ${why}.`);
    }
  };
  return kind === "lookup" ? lookup(spec_, run) : kind === "handoff" ? handoff(spec_, run) : action(spec_, run);
}
