/**
 * What the graph's nodes are built with: the hosted skills with their tools (one skill is a list of
 * one), the model port, and the host's settings (limits, budget, tool timeout, clock, injected failures,
 * deployment key). Fixed for the life of a compiled graph. The nodes run the skill in progress
 * (`skillInProgress`): the one named by the conversation's routing state.
 */
import type { Skill, StepOptions } from "@skillflow/core";
import type { Budget } from "../budget/budget-limits.js";
import type { ModelPort } from "../understand/model-port.js";
import type { HostTool, InjectedFailure } from "../run-tool.js";
import type { RoutingState } from "../routing/routing-state.js";

/** One hosted skill with its tools. */
export interface HostedSkill {
  skill: Skill;
  tools: Record<string, HostTool>;
}

export interface HostDeps {
  /** The hosted skills, one or more with unique names, in the order given. */
  skills: HostedSkill[];
  model: ModelPort;
  /** What `step` is given: the limits, and the digest key derived from the deployment key. */
  runtime: StepOptions;
  /** Milliseconds a tool may take before it is aborted and counted as failed. */
  toolTimeoutMs: number;
  /** The clock handed to tools, ISO 8601 (frozen in proofs). */
  now: () => string;
  /** Injected failures (tests and proofs): how this run of the tool fails, or false. */
  shouldFail?: (tool: string) => InjectedFailure | false;
  /** The deployment key (>= 32 bytes), for keyed digests; the store's, configured, or random per process. */
  deploymentKey: Uint8Array;
  /** The host's model-call budget of a turn and of a conversation; absent: no limit. */
  budget?: Budget;
  /** The budget of each hosted skill that declares `## Limits`, capped by the host's (budget/skill-budgets.ts). */
  skillBudgets?: Record<string, Budget>;
}

/** Default per-tool timeout. */
export const DEFAULT_TOOL_TIMEOUT_MS = 30_000;

/** Whether the flow chooses between skills (more than one is hosted): routing has something to decide. */
export function choosesSkills(deps: HostDeps): boolean {
  return deps.skills.length > 1;
}

/** The hosted skill of this name, or undefined. */
export function findSkill(deps: HostDeps, name: string): HostedSkill | undefined {
  return deps.skills.find((h) => h.skill.name === name);
}

/** The hosted skill of this name; a name no skill has is a broken invariant (a state from another flow). */
export function skillNamed(deps: HostDeps, name: string): HostedSkill {
  const found = findSkill(deps, name);
  if (!found) throw new Error(`No hosted skill is named ${name}.`);
  return found;
}

/** The skill the nodes step: the one in progress in `routing`. */
export function skillInProgress(deps: HostDeps, routing: RoutingState): HostedSkill {
  if (!routing.active) throw new Error("No skill is in progress.");
  return skillNamed(deps, routing.active);
}
