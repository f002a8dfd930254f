/**
 * What the graph's nodes are built with: the loaded skill, its tools, the model port, and the host's
 * settings (limits, tool timeout, clock, injected failures). Fixed for the life of a compiled graph.
 */
import type { RuntimeLimits, Skill } from "@skillflow/core";
import type { ModelPort } from "../model-port.js";
import type { HostTool } from "../run-tool.js";

export interface HostDeps {
  skill: Skill;
  tools: Record<string, HostTool>;
  model: ModelPort;
  limits?: Partial<RuntimeLimits>;
  /** Milliseconds a tool may take before it is aborted and counted as failed. */
  toolTimeoutMs: number;
  /** The clock handed to tools, ISO 8601 (frozen in proofs). */
  now: () => string;
  /** Injected failures (proofs): true makes this run of the tool throw. */
  shouldFail?: (tool: string) => boolean;
}

/** Default per-tool timeout. */
export const DEFAULT_TOOL_TIMEOUT_MS = 30_000;
