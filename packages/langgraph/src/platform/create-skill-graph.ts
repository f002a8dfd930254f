/**
 * `createSkillGraph`: a skill (or several) as a graph LangGraph's own server hosts as it is — the value a
 * `langgraph.json` names (`export const graph = createSkillGraph({ skill: "…" })`; the server awaits a
 * promised graph). The model is the environment's (`SKILLFLOW_MODEL`: a `resolveModel` spec such as
 * `gemini:gemini-2.5-flash`), the offline extractor when it is unset; the deployment key is
 * `SKILLFLOW_DEPLOYMENT_KEY` (set it wherever more than one process serves the graph: card digests and
 * approval tokens are keyed by it), else random per process. The checkpointer is the server's.
 * See docs/langgraph-platform.md.
 */
import type { BaseChatModel } from "@langchain/core/language_models/chat_models";
import type { BaseCheckpointSaver } from "@langchain/langgraph";
import type { Skill } from "@skillflow/core";
import type { FlowLimits } from "../flow-options.js";
import type { FlowTool } from "../load-flow-skill.js";
import type { ModelPrices } from "../budget/model-prices.js";
import { resolveModel } from "../models/resolve-model.js";
import type { Env } from "../models/model-providers.js";
import { configuredKey, processDeploymentKey, type DeploymentKeyInput } from "../persistence/deployment-key.js";
import { resolveHostDeps } from "../resolve-host-deps.js";
import type { FlowSkillSource } from "../routing/load-hosted-skills.js";
import type { ModelPort } from "../understand/model-port.js";
import { buildPlatformGraph, type PlatformGraph } from "./build-platform-graph.js";

/** The environment variable naming the model (a `resolveModel` spec); unset: the offline extractor. */
export const MODEL_ENV = "SKILLFLOW_MODEL";

export interface SkillGraphOptions {
  /** A loaded skill, or the path of a skill folder or SKILL.md (resolved from the working directory). */
  skill?: Skill | string | undefined;
  /** Several skills in one conversation, chosen by the message (instead of `skill`). */
  skills?: FlowSkillSource[] | undefined;
  /** Tools by name (or a list), added to or replacing those of the skill's tools.ts. */
  tools?: Record<string, FlowTool> | FlowTool[] | undefined;
  /** A model port, a chat model, or a `resolveModel` spec. Default: `SKILLFLOW_MODEL`, else `offline`. */
  model?: ModelPort | BaseChatModel | string | undefined;
  /** Default: `SKILLFLOW_DEPLOYMENT_KEY`, else random per process. */
  deploymentKey?: DeploymentKeyInput | undefined;
  limits?: Partial<FlowLimits> | undefined;
  prices?: ModelPrices | undefined;
  now?: string | (() => string) | undefined;
  /** Where `SKILLFLOW_MODEL`, `SKILLFLOW_DEPLOYMENT_KEY` and the providers' keys are read (default `process.env`). */
  env?: Env | undefined;
  /** A checkpointer for running the graph outside the server (tests); the server always sets its own. */
  checkpointer?: BaseCheckpointSaver | undefined;
}

export type SkillGraph = PlatformGraph;

/** Load the skills and build the graph. Throws what `createFlow` throws for a skill that does not load. */
export async function createSkillGraph(options: SkillGraphOptions): Promise<SkillGraph> {
  const env = options.env ?? process.env;
  const model = typeof options.model === "object" ? options.model : await resolveModel(options.model ?? env[MODEL_ENV] ?? "offline", env);
  const deploymentKey = configuredKey(options.deploymentKey, env as NodeJS.ProcessEnv)?.key ?? processDeploymentKey();
  const { checkpointer, env: _env, ...flowOptions } = options;
  const deps = await resolveHostDeps({ ...flowOptions, model }, deploymentKey);
  return buildPlatformGraph(deps, checkpointer);
}
