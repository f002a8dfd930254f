/**
 * What the graph's nodes are built with, from `createFlow`'s options: the hosted skills (loaded when
 * given as paths; one skill is a list of one), the model port, the limits and budget, the clock, the keyed
 * digests and the failures a test injects.
 */
import type { BaseChatModel } from "@langchain/core/language_models/chat_models";
import { resolveBudget } from "./budget/budget-limits.js";
import { skillBudgets } from "./budget/skill-budgets.js";
import type { CreateFlowOptions } from "./flow-options.js";
import { DEFAULT_TOOL_TIMEOUT_MS, type HostDeps, type HostedSkill } from "./graph/host-deps.js";
import { loadFlowSkill } from "./load-flow-skill.js";
import { withFlowClock } from "./models/clocked-port.js";
import { deriveKey } from "./persistence/deployment-key.js";
import { loadHostedSkills } from "./routing/load-hosted-skills.js";
import { failureInjector } from "./run-tool.js";
import { chatModelPort } from "./understand/chat-model-port.js";
import type { ModelPort } from "./understand/model-port.js";

/** Injected failures (tests and proofs only: `createTestFlow`, `flow prove`). */
export interface FlowHooks {
  /** `{ tool: n }`: the tool throws on its first n runs (a write is then in doubt). */
  failures?: Record<string, number> | undefined;
  /** `{ tool: n }`: the tool throws `ToolRejected` on its first n runs (nothing was done). */
  rejections?: Record<string, number> | undefined;
}

export const DEFAULT_MAX_CALLS = 50;

export async function resolveHostDeps(options: CreateFlowOptions, deploymentKey: Uint8Array, hooks: FlowHooks = {}): Promise<HostDeps> {
  const now = toClock(options.now);
  const deps: HostDeps = {
    skills: await hostedSkills(options),
    // A port that reads relative dates ("tomorrow") reads them by the clock the tools are given.
    model: withFlowClock(toModelPort(options.model), now),
    runtime: {
      maxCallsPerEvent: options.limits?.maxCallsPerEvent ?? DEFAULT_MAX_CALLS,
      // Every digest that leaves the runtime is keyed, so a short secret cannot be computed back from it.
      digestKey: deriveKey(deploymentKey, "digests"),
    },
    toolTimeoutMs: options.limits?.toolTimeoutMs ?? DEFAULT_TOOL_TIMEOUT_MS,
    now,
    deploymentKey,
  };
  const budget = resolveBudget(options.limits, deps.model.id, options.prices);
  if (budget) deps.budget = budget;
  const own = skillBudgets(deps.skills, options.limits, deps.model.id, options.prices);
  if (Object.keys(own).length > 0) deps.skillBudgets = own;
  if (hooks.failures || hooks.rejections) deps.shouldFail = failureInjector(hooks.failures, hooks.rejections);
  return deps;
}

/** The skills of the flow: `skill`, or every entry of `skills` (exactly one of the two). */
async function hostedSkills(options: CreateFlowOptions): Promise<HostedSkill[]> {
  if ((options.skill === undefined) === (options.skills === undefined)) {
    throw new Error("createFlow: give `skill` (one skill) or `skills` (a list), not both and not neither.");
  }
  if (options.skill !== undefined) return [await loadFlowSkill(options.skill, options.tools)];
  if (options.skills!.length === 0) throw new Error("createFlow: `skills` lists no skill.");
  return loadHostedSkills(options.skills!, options.tools);
}

/** A model port as is; a chat model wrapped. Duck-typed, so a second copy of LangChain still works. */
function toModelPort(model: ModelPort | BaseChatModel): ModelPort {
  if (typeof (model as ModelPort).extract === "function") return model as ModelPort;
  return chatModelPort(model as BaseChatModel);
}

function toClock(now: CreateFlowOptions["now"]): () => string {
  if (typeof now === "function") return now;
  if (typeof now === "string") return () => now;
  return () => new Date().toISOString();
}
