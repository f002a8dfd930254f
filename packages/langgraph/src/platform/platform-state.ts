/**
 * The state of a skill hosted on LangGraph's own server: the flow graph's state (`FlowGraphState`,
 * unchanged: the runtime's state, the turn, the ledger) plus the two channels LangGraph's clients read —
 * `messages`, the conversation as human and AI messages (the convention of `useStream`, Agent Chat UI and
 * Studio), kept to the last `MESSAGES_KEPT` so a thread's state stays bounded — and `waiting`, what the
 * last interrupt asked the person for, so an interrupt raised again shows the same value.
 */
import { Annotation, messagesStateReducer, type Messages } from "@langchain/langgraph";
import type { BaseMessage } from "@langchain/core/messages";
import { FlowGraphState } from "../graph/flow-graph-state.js";
import type { WaitValue } from "./wait-value.js";

/** Messages a thread keeps: the state is checkpointed whole at every step, so a transcript must not grow. */
export const MESSAGES_KEPT = 40;

/** LangGraph's messages reducer (ids replace, `RemoveMessage` removes), keeping the newest `MESSAGES_KEPT`. Pure. */
export function keepRecentMessages(kept: BaseMessage[], added: Messages): BaseMessage[] {
  const merged = messagesStateReducer(kept, added);
  return merged.length > MESSAGES_KEPT ? merged.slice(-MESSAGES_KEPT) : merged;
}

export const PlatformGraphState = Annotation.Root({
  ...FlowGraphState.spec,
  messages: Annotation<BaseMessage[], Messages>({ reducer: keepRecentMessages, default: () => [] }),
  /** The value of the interrupt the thread waits at (or last waited at); null when it waits for nothing. */
  waiting: Annotation<WaitValue | null>(),
});

export type PlatformGraphValues = typeof PlatformGraphState.State;
export type PlatformGraphUpdate = typeof PlatformGraphState.Update;
