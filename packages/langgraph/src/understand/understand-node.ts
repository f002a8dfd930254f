/**
 * The understand node: the one model call of a free-text message. Only free text reaches this node
 * (typed events go straight to the replay: `admit-event.ts`), and it reaches the model only when no
 * secret is the pending question — the text is then handed to the runtime as typed. The same call fills
 * fields and, when the flow chooses between skills, says which skill the message is about and whether
 * it switches or cancels (`decide-route.ts`); with one skill there is nothing to decide. The decision is
 * carried out (`settle-route.ts`), then the understood event goes to the skill now in progress.
 * While a secret is the pending question of a flow hosting several skills, a bare cancel phrase
 * ("cancel", "never mind") cancels the skill; anything else is taken as typed.
 * A message to a finished flow of one skill makes no model call (what it would fill could not be used).
 * The model call is the only I/O here; it changes nothing outside the returned state.
 */
import type { LangGraphRunnableConfig } from "@langchain/langgraph";
import type { FlowEvent } from "@skillflow/core";
import { extendTurn, threadIdOf, type FlowGraphUpdate, type FlowGraphValues } from "../graph/flow-graph-state.js";
import { choosesSkills, findSkill, type HostDeps } from "../graph/host-deps.js";
import { isCancelPhrase } from "../models/offline/read-intent.js";
import { decideRoute, type RouteDecision } from "../routing/decide-route.js";
import { isFinished } from "../routing/routing-state.js";
import { whereNow, type Routed } from "../routing/where-now.js";
import { allFields } from "./build-extraction-schema.js";
import { buildExtractRequest } from "./build-extract-request.js";
import { addUsage, countUsage, modelTrace } from "./count-model-call.js";
import type { ExtractResult } from "./model-port.js";
import { hideAllSecrets } from "./offer-secrets.js";
import { settleRoute } from "./settle-route.js";
import { tracedExtract } from "../telemetry/trace-model-call.js";
import { stopForBudget } from "../budget/stop-for-budget.js";

export function understandNode(deps: HostDeps) {
  return async (state: FlowGraphValues, config: LangGraphRunnableConfig): Promise<FlowGraphUpdate> => {
    const input = state.input;
    if (input?.type !== "text") throw new Error("The understand node needs a free-text message.");
    const threadId = threadIdOf(config);
    const here = whereNow(deps, state, threadId);
    const secret = here.flow?.pending?.kind === "ask" && here.flow.pending.secret;
    if (secret && choosesSkills(deps) && isCancelPhrase(input.text)) {
      const cancel: RouteDecision = { close: { skill: here.routing.active!, how: "cancel" }, dropped: [] };
      return settleRoute(deps, state.out, threadId, here, cancel, input);
    }
    // A secret typed before it is asked, for any hosted skill, never reaches the model; nor does a
    // message to a finished flow of one skill: nothing more runs in it, so the runtime answers alone.
    const over = !choosesSkills(deps) && isFinished(here.flow);
    const request = secret || over ? null : buildExtractRequest(deps, here, hideAllSecrets(deps, here, input.text));
    if (!request) return { ...here, event: { type: "text", text: input.text }, input: null };
    const stopped = stopForBudget(deps, state.out, here, request);
    if (stopped) return stopped;
    const result = await tracedExtract(deps.model, request);
    const event: FlowEvent & { type: "text" } = { type: "text", text: input.text, extraction: result.extraction };
    const trace = modelTrace([...new Set(allFields(request).map((f) => f.name))], result);
    const out = extendTurn(state.out, { trace, usage: addUsage(state.out.usage, result) });
    return settleRoute(deps, out, threadId, countUsage(here, result), routeOf(deps, here, result), event);
  };
}

/** What the model's `skill` and `intent` do to the conversation; nothing when there is no choice. Pure. */
function routeOf(deps: HostDeps, here: Routed, result: ExtractResult): RouteDecision {
  if (!choosesSkills(deps)) return { dropped: [] };
  const skill = result.skill !== undefined && findSkill(deps, result.skill) ? result.skill : undefined;
  const decision = decideRoute({ active: here.routing.active, finished: isFinished(here.flow), skill, intent: result.intent });
  if (result.skill !== undefined && !skill) decision.dropped.push({ field: "skill", reason: `no hosted skill is named ${result.skill}` });
  return decision;
}
