/**
 * The three nodes a hosted skill adds around the flow graph's own (understand, replay, act — reused as
 * they are, with their ledger):
 *
 * - `receive` starts a run that brings a human message: the message becomes the turn's text event. A
 *   message whose id the thread already took (a run retried with the same input) is not applied again;
 *   a write a cut-short run left started is finished (`act`) first, in either case.
 * - `reply` appends the turn's reply as one AI message (masking, in the person's last message, any
 *   secret the runtime now knows) and works out what the person is waited for.
 * - `wait` is the `interrupt()`: its value is that wait (`wait-value.ts`), its resume the person's answer
 *   (`read-resume.ts`), applied as the next event — typed events straight to the replay, never through
 *   the model. A refused answer changes nothing and raises the same interrupt again.
 */
import { AIMessage, HumanMessage, type BaseMessage } from "@langchain/core/messages";
import { END, interrupt } from "@langchain/langgraph";
import { maskKnownSecrets, secretValuesOf, type Skill } from "@skillflow/core";
import { routeAtStart } from "../graph/build-flow-graph.js";
import { emptyTurn, type FlowGraphValues } from "../graph/flow-graph-state.js";
import type { HostDeps } from "../graph/host-deps.js";
import { renderFlowTurn } from "../render/flow-views.js";
import { routingOf } from "../routing/where-now.js";
import type { HostEvent } from "../to-flow-event.js";
import type { PlatformGraphUpdate, PlatformGraphValues } from "./platform-state.js";
import { readResume } from "./read-resume.js";
import { waitValueOf } from "./wait-value.js";

/** Shown in `messages` instead of a secret typed by the person. */
export const SECRET_SHOWN = "•••";

export type Next = "understand" | "replay" | "act" | "reply" | "wait" | typeof END;
export interface Routed { update: PlatformGraphUpdate; goto: Next }

export function receiveNode(deps: HostDeps) {
  return (state: PlatformGraphValues): Routed => {
    const human = lastHuman(state.messages);
    if (!human?.id || state.eventIds?.includes(human.id)) return { update: {}, goto: state.call ? "act" : "wait" };
    const input: HostEvent = { type: "text", text: textOf(human) };
    const secret = state.waiting?.kind === "ask" && state.waiting.secret;
    const update: PlatformGraphUpdate = {
      input, out: emptyTurn(), event: null, eventIds: [human.id],
      ...(secret && { messages: [new HumanMessage({ id: human.id, content: SECRET_SHOWN })] }),
    };
    return { update, goto: state.call ? "act" : routeAtStart(deps, { ...state, ...update } as FlowGraphValues) };
  };
}

export function replyNode(deps: HostDeps) {
  return (state: PlatformGraphValues): Routed => {
    const turn = renderFlowTurn(deps, state as FlowGraphValues);
    const active = routingOf(deps, state as FlowGraphValues)?.active ?? null;
    const skill = active ? deps.skills.find((h) => h.skill.name === active)?.skill ?? null : null;
    const waiting = waitValueOf(turn, skill, deps.skills.map((h) => h.skill), state.waiting);
    const text = turn.reply.join("\n\n");
    const messages = [...maskedHuman(state, skill), ...(text ? [new AIMessage(text)] : [])];
    return { update: { waiting, ...(messages.length && { messages }) }, goto: "wait" };
  };
}

export function waitNode(deps: HostDeps) {
  return (state: PlatformGraphValues): Routed => {
    if (!state.waiting) return { update: {}, goto: END };
    const read = readResume(interrupt(state.waiting), deps.deploymentKey);
    if ("refuse" in read) return { update: { messages: [new AIMessage(read.refuse)] }, goto: "wait" };
    const input = read.event;
    const secret = state.waiting.kind === "ask" && state.waiting.secret;
    const said = input.type === "text" ? [new HumanMessage(secret ? SECRET_SHOWN : input.text)] : [];
    const update: PlatformGraphUpdate = { input, out: emptyTurn(), event: null, ...(said.length && { messages: said }) };
    return { update, goto: routeAtStart(deps, { ...state, ...update } as FlowGraphValues) };
  };
}

/**
 * After understand, replay or act: the write to run, the understood event, the message a cut-short run
 * kept waiting, or the reply. Pure.
 */
export function routeAfterStep(deps: HostDeps, state: PlatformGraphValues): Next {
  if (state.call) return "act";
  if (state.event) return "replay";
  if (state.input) return routeAtStart(deps, state as FlowGraphValues);
  return "reply";
}

/**
 * The person's last message again, with every secret the runtime now knows masked, when it held one (a
 * code typed before it was asked, say): same id, so it replaces the message. Pure.
 */
function maskedHuman(state: PlatformGraphValues, skill: Skill | null): BaseMessage[] {
  const human = lastHuman(state.messages);
  if (!human?.id || !skill || !state.flow) return [];
  const text = textOf(human);
  const masked = maskKnownSecrets(text, secretValuesOf(skill, state.flow));
  return masked === text ? [] : [new HumanMessage({ id: human.id, content: masked })];
}

function lastHuman(messages: BaseMessage[]): BaseMessage | undefined {
  for (let i = messages.length - 1; i >= 0; i -= 1) if (messages[i]!.getType() === "human") return messages[i];
  return undefined;
}

/** The text of a message (its text blocks joined, when its content is a list). Pure. */
function textOf(message: BaseMessage): string {
  if (typeof message.content === "string") return message.content;
  return message.content.map((block) => (block.type === "text" && typeof block.text === "string" ? block.text : "")).join("");
}
