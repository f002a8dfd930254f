/**
 * The embedding API's types: what `createFlow` takes (`CreateFlowOptions`) and what it returns (`Flow`).
 */
import type { BaseChatModel } from "@langchain/core/language_models/chat_models";
import type { BaseCheckpointSaver } from "@langchain/langgraph";
import type { FlowState, RuntimeLimits, Skill } from "@skillflow/core";
import type { FlowGraph } from "./graph/build-flow-graph.js";
import type { FlowTool } from "./load-flow-skill.js";
import type { UsageLimits } from "./budget/budget-limits.js";
import type { ModelPrices } from "./budget/model-prices.js";
import type { DeploymentKeyInput } from "./persistence/deployment-key.js";
import type { Persistence } from "./persistence/persistence.js";
import type { LockHold, ThreadLock } from "./persistence/thread-lock.js";
import type { ConversationView } from "./render/flow-views.js";
import type { TurnResult } from "./render/render-turn.js";
import type { FlowSkillSource } from "./routing/load-hosted-skills.js";
import type { FlowInput } from "./to-flow-event.js";
import type { ModelPort } from "./understand/model-port.js";

export interface FlowLimits extends RuntimeLimits {
  /** Milliseconds a tool may take before it is aborted and counted as failed (default 30 s). */
  toolTimeoutMs: number;
  /** Model calls, tokens and estimated cost one turn may use (default: no limit). See docs/embedding.md. */
  turn: UsageLimits;
  /** Model calls, tokens and estimated cost a whole conversation may use (default: no limit). */
  conversation: UsageLimits;
}

export interface CreateFlowOptions {
  /** A loaded skill, or the path of a skill folder or SKILL.md (loaded with its tools.ts). */
  skill?: Skill | string | undefined;
  /**
   * Several skills in one conversation (instead of `skill`): each message that starts something new
   * selects one by its description, in the same model call that fills its fields. See docs/embedding.md.
   */
  skills?: FlowSkillSource[] | undefined;
  /** Tools by name (or a list); added to, or replacing, those loaded from the skill's tools.ts. */
  tools?: Record<string, FlowTool> | FlowTool[] | undefined;
  /** A model port, or any LangChain chat model (wrapped with `chatModelPort`). */
  model: ModelPort | BaseChatModel;
  /**
   * Where conversations are kept: an opened store (`openCheckpointer(url)`: its saver, its
   * cross-process lock, its key and retention), or a bare LangGraph saver (wrapped: a MemorySaver or a
   * SQLite saver is pruned like a store, any other is kept as it is). Each thread is pruned to its
   * latest `keepCheckpoints` checkpoints after every turn. Default: an in-memory store.
   */
  store?: Persistence | BaseCheckpointSaver | undefined;
  /** Serializes the turns of one thread; default the store's lock. */
  lock?: ThreadLock | undefined;
  /** Checkpoints kept per thread by the store's pruning (default 3). */
  keepCheckpoints?: number | undefined;
  limits?: Partial<FlowLimits> | undefined;
  /**
   * Prices per million input and output tokens by model id (`gemini:gemini-2.5-flash`, or `ollama:*`),
   * added to and overriding `DEFAULT_PRICES`; read for a `cost` limit.
   */
  prices?: ModelPrices | undefined;
  /**
   * The clock handed to tools: a fixed ISO time (proofs) or a function. Default: the real clock. A port
   * with `withClock` (the offline extractor) reads relative dates ("tomorrow") by it too.
   */
  now?: string | (() => string) | undefined;
  /**
   * The deployment key (hex or base64 text of at least 32 bytes, or bytes). Default: the store's
   * (`openCheckpointer(url, { deploymentKey })`), else SKILLFLOW_DEPLOYMENT_KEY, else random per
   * process. Given with an opened store, it must be the store's. See docs/operations.md.
   */
  deploymentKey?: DeploymentKeyInput | undefined;
  /**
   * When checkpoints are written. Default "sync": a turn is stored once where it first stops (at a
   * person, or before its first write with that write's `started` entry), then once per write, each
   * `started` entry stored before the write runs. "async" and "exit" are LangGraph's own, for the whole
   * turn, and trade that guarantee for speed.
   */
  durability?: "sync" | "async" | "exit" | undefined;
}

export interface SendOptions {
  /** Identifies the event across retries (the same id for the same event, whichever process sends it). */
  eventId?: string | undefined;
  /**
   * Also return the conversation's state as the turn left it (`SentTurn.state`, what `state()` would
   * answer right after): read inside the turn, so it costs no read of the store.
   */
  withState?: boolean | undefined;
  /**
   * The hold of this conversation's lock the caller is in (`store.lock.run(threadId, (hold) => …)` on the
   * flow's store): the turn runs inside it instead of waiting for it. A hold that ended, or of another
   * conversation or store, is waited for like any other holder.
   */
  hold?: LockHold | undefined;
}

/** What `send` returns: the turn, and whether its event had been taken already. */
export type SentTurn = TurnResult & {
  /**
   * `send` with an `eventId` the conversation already took: nothing was applied again, and this is the
   * last turn as it stands (the turn that event made, when it was the last one sent).
   */
  repeated?: true;
  /** With `withState`: the conversation's state as this turn left it, secrets redacted, as `state()` gives it. */
  state?: FlowState | undefined;
};

export interface Flow {
  /** The skill (the first one when several are hosted). */
  readonly skill: Skill;
  /** Every hosted skill, in the order given. */
  readonly skills: Skill[];
  readonly model: ModelPort;
  /** The compiled LangGraph graph (can be hosted by LangGraph's own server). */
  readonly graph: FlowGraph;
  /**
   * Run one turn of conversation `threadId`. With `eventId`, an event whose id the conversation already
   * took (one of its last 8) is not applied again: what a crash left is finished, and the last turn is
   * returned with `repeated: true`. A client's retry of an event therefore takes effect once.
   */
  send(threadId: string, input: FlowInput, options?: SendOptions): Promise<SentTurn>;
  /**
   * Finish a turn a crash interrupted (between any two checkpoints, even when LangGraph's `next` is
   * empty): a write left `started` is re-sent with its idempotency key. Undefined when nothing was left.
   * `send` does the same before it applies its event.
   */
  resume(threadId: string): Promise<TurnResult | undefined>;
  /**
   * The last turn of `threadId` as it was shown (reply, widgets, cards, pending question), rebuilt
   * from the store without sending anything; undefined before its first event.
   */
  lastTurn(threadId: string): Promise<TurnResult | undefined>;
  /**
   * The conversation's state with secrets redacted; undefined before its first event. With several
   * skills: the state of the skill in progress (undefined when none is), its `usage` the conversation's.
   */
  state(threadId: string): Promise<FlowState | undefined>;
  /** Every skill's state (the one in progress and those on hold) and the conversation's usage. */
  conversation(threadId: string): Promise<ConversationView | undefined>;
}
