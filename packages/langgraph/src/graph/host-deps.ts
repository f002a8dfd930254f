/**
 * What the graph's nodes are built with: the loaded skill, its tools, the model port, and the host's
 * settings (limits, tool timeout, clock, injected failures, deployment key). Fixed for the life of a compiled graph.
 * A flow hosting several skills lists them all in `hosted` (`skill`/`tools` are then the first); the
 * nodes run the active one (`activeSkill`).
 */
import type { Skill, StepOptions } from "@skillflow/core";
import type { ModelPort } from "../model-port.js";
import type { HostTool, InjectedFailure } from "../run-tool.js";

/** One hosted skill with its tools. */
export interface HostedSkill {
  skill: Skill;
  tools: Record<string, HostTool>;
}

export interface HostDeps {
  skill: Skill;
  tools: Record<string, HostTool>;
  /** Present when the flow hosts several skills (two or more, unique names), in the order given. */
  hosted?: HostedSkill[];
  model: ModelPort;
  /** What `step` is given: the limits, and the digest key derived from the deployment key. */
  runtime: StepOptions;
  /** Milliseconds a tool may take before it is aborted and counted as failed. */
  toolTimeoutMs: number;
  /** The clock handed to tools, ISO 8601 (frozen in proofs). */
  now: () => string;
  /** Injected failures (proofs): how this run of the tool fails, or false. */
  shouldFail?: (tool: string) => InjectedFailure | false;
  /** The deployment key (>= 32 bytes), for keyed digests; the store's, configured, or random per process. */
  deploymentKey: Uint8Array;
}

/** Default per-tool timeout. */
export const DEFAULT_TOOL_TIMEOUT_MS = 30_000;

/** The skill (and its tools) the nodes run: the active one by name, else the only one. */
export function activeSkill(deps: HostDeps, active: string | null | undefined): HostedSkill {
  if (!deps.hosted || active === undefined) return { skill: deps.skill, tools: deps.tools };
  const found = deps.hosted.find((h) => h.skill.name === active);
  if (!found) throw new Error(`No hosted skill is named ${active ?? "(none)"}.`);
  return found;
}
