/**
 * The replay node: a thin adapter over the pure `step`. A typed event is admitted first, here, with no
 * model call (`admit-event.ts`); free text arrives understood. The node applies the event to the skill
 * in progress, runs the lookups the replay asks for inside this same super-step (`advance-flow.ts`),
 * keeps what the turn shows, and stops at a person or at the first write. A write's `started` ledger
 * entry comes back in the state, so it is checkpointed at the end of this super-step, before the act
 * node runs the write. Text typed at the menu of skills that picks one (`read-menu-pick.ts`) comes here
 * without the model and is admitted as the `open` event it stands for, and so does a yes or no typed at
 * a card or a row's words at a grid, as the press or pick it stands for (`read-typed-text.ts`); an empty preset at the menu (a
 * host starting a conversation) shows just the menu. Once the conversation was handed to a person, every
 * input goes to the handed-off skill as typed (`handed-off.ts`), and its reply is one fixed sentence.
 */
import type { LangGraphRunnableConfig } from "@langchain/langgraph";
import type { Effect } from "@skillflow/core";
import { admitEvent } from "../understand/admit-event.js";
import { eventAfterHandoff, handedOffFlow } from "../routing/handed-off.js";
import { readMenuPick } from "../routing/read-menu-pick.js";
import { admitTypedText, readTypedText } from "../routing/read-typed-text.js";
import { routeNotes } from "../routing/route-notes.js";
import { whereNow, type Routed } from "../routing/where-now.js";
import type { HostEvent } from "../to-flow-event.js";
import { advanceFlow } from "./advance-flow.js";
import { extendTurn, threadIdOf, type FlowGraphUpdate, type FlowGraphValues } from "./flow-graph-state.js";
import { choosesSkills, skillInProgress, type HostDeps } from "./host-deps.js";

export function replayNode(deps: HostDeps) {
  return async (state: FlowGraphValues, config: LangGraphRunnableConfig): Promise<FlowGraphUpdate> => {
    const admitted = state.event ? {} : admit(deps, state, config);
    const values = { ...state, ...admitted };
    if (!values.event) return admitted;
    if (!values.flow || !values.routing) throw new Error("The replay node needs a skill in progress.");
    const { skill, tools } = skillInProgress(deps, values.routing);
    const advanced = await advanceFlow(deps, skill, tools, values.flow, values.event, values.out);
    return { ...admitted, ...advanced, event: null };
  };
}

function admit(deps: HostDeps, state: FlowGraphValues, config: LangGraphRunnableConfig): FlowGraphUpdate {
  if (!state.input) throw new Error("A turn needs an event.");
  const threadId = threadIdOf(config);
  const here = whereNow(deps, state, threadId);
  if (handedOffFlow(deps, state)) return { ...here, event: eventAfterHandoff(state.input), input: null };
  const pick = readMenuPick(deps, here.routing, state.input);
  if (pick && "refuse" in pick) {
    return menuOnly(deps, state, here, [{ type: "say", text: pick.refuse }], pick.refuse);
  }
  if (isEmptyPreset(state.input) && choosesSkills(deps) && !here.flow) return menuOnly(deps, state, here, []);
  const typed = pick ? undefined : readTypedText(deps, here, state.input);
  if (typed && state.input.type === "text") return admitTypedText(here, state.out, state.input.text, typed);
  const input: HostEvent = pick ? { type: "open", skill: pick.open } : state.input;
  return admitEvent(deps, state.out, threadId, here, input);
}

/**
 * The turn ends at the menu of skills, after `lines`; `refused` is the sentence said to a number off the
 * menu, traced as the refusal of the person's pick (said, so a host adds no note of its own). Pure.
 */
function menuOnly(deps: HostDeps, state: FlowGraphValues, here: Routed, lines: Effect[], refused?: string): FlowGraphUpdate {
  const trace = refused ? [{ type: "refused" as const, field: "skill", message: refused }] : [];
  const effects = [...lines, ...routeNotes(deps, here.routing, undefined)];
  return { ...here, event: null, input: null, out: extendTurn(state.out, { effects, trace }) };
}

function isEmptyPreset(input: HostEvent | null): boolean {
  return input?.type === "preset" && Object.keys(input.values).length === 0;
}
