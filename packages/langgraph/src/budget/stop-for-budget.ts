/**
 * The budget hook of the understand node: before the model call (against the budget of the skill in
 * progress, its own limits capped by the host's, or the host's alone), count the prompt's tokens when a token
 * or cost limit is set, and when a limit would be passed, end the turn there — the sentence said, a
 * `limit` trace event carrying which limit, what it allows and what was used — instead of calling the
 * model. Nothing of the message is applied: no field is set and nothing runs.
 */
import type { FlowGraphUpdate, TurnOutput } from "../graph/flow-graph-state.js";
import { extendTurn } from "../graph/flow-graph-state.js";
import type { HostDeps } from "../graph/host-deps.js";
import { countTokens } from "../models/count-tokens.js";
import type { Routed } from "../routing/where-now.js";
import { buildExtractPrompt } from "../understand/build-extract-prompt.js";
import type { ExtractRequest } from "../understand/model-port.js";
import { budgetReached, countsTokens } from "./check-budget.js";
import { budgetFor } from "./skill-budgets.js";

/** The update that ends the turn at a limit, or undefined when the call fits the budget. */
export function stopForBudget(deps: HostDeps, out: TurnOutput, here: Routed, request: ExtractRequest): FlowGraphUpdate | undefined {
  const limits = budgetFor(deps, here.routing.active);
  if (!limits) return undefined;
  const prompt = countsTokens(limits) ? buildExtractPrompt(request) : undefined;
  const promptTokens = prompt ? countTokens(`${prompt.system}\n${prompt.user}`) : 0;
  const reached = budgetReached(limits, out.usage, here.routing.usage, promptTokens);
  if (!reached) return undefined;
  const { message, ...budget } = reached;
  const more = extendTurn(out, { effects: [{ type: "say", text: message }], trace: [{ type: "limit", message, budget }] });
  return { ...here, event: null, input: null, out: more };
}
