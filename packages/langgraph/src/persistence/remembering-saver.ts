/**
 * A flow's saver: the store's own, which remembers each thread's latest checkpoint as this flow last
 * stored or read it, and answers the graph's reads of that checkpoint without the store while it is
 * sure the store holds exactly that. A turn read the checkpoint its previous turn had just written — a
 * statement, then decrypting, inflating and parsing what this process had in hand a moment before —
 * and a turn with a write read again the checkpoint its first invoke had just stored.
 *
 * Sure means, for one thread, inside the thread's lock (so no other turn, here or in another process,
 * writes it meanwhile):
 *
 *   - between `enter` and `leave` (the flow's turn), after a checkpoint this saver stored, or the latest
 *     it read from the store, with no write stored since and none on its way;
 *   - across turns: `settle` keeps a deep copy of the checkpoint a turn ended on, and `enter` takes it
 *     again only when the store's head (one query, nothing decoded) is still that checkpoint with no
 *     pending writes. A crash, another process or flow, a direct graph call or retention moved or
 *     removed it, or left writes against it: then the store is read, as before.
 *
 * Only the turn's own reads are answered from memory: they carry the turn's key in their `configurable`
 * (`enter` returns it). Anyone else's read — a view's `graph.getState` while the turn runs, a direct
 * graph call between turns — goes to the store and gets its own objects, never the ones the running
 * turn holds. A task's writes (`putWrites`) forget the checkpoint they are written against until the next
 * checkpoint is stored. What is handed to the graph is a copy of the remembered checkpoint's structure
 * (LangGraph's loop edits the versions of the checkpoint it is given); the channel values themselves are
 * shared, as between LangGraph's channels and a stored checkpoint: nothing edits them in place (the
 * runtime's rule, docs/design.md). The copy kept across turns is deep, taken before the turn's result
 * reaches the caller, so nothing a caller does with a turn's result reaches the next turn.
 *
 * Only the latest checkpoint of the root namespace is remembered; a read naming a checkpoint id, or
 * another namespace, and `list` go to the store.
 */
import type { RunnableConfig } from "@langchain/core/runnables";
import {
  BaseCheckpointSaver, copyCheckpoint,
  type ChannelVersions, type Checkpoint, type CheckpointListOptions, type CheckpointMetadata, type CheckpointTuple, type PendingWrite,
} from "@langchain/langgraph-checkpoint";
import type { ThreadHead } from "./persistence.js";

/** The `configurable` key a turn's own reads carry. */
export const TURN_KEY = "__skillflow_turn";

/** What `enter` tells the flow. */
export interface TurnEntry {
  /** The turn began on the checkpoint the flow's last turn ended on: nothing ran since. */
  settled: boolean;
  /** Put into the `configurable` of the turn's own graph calls, so that their reads are answered from memory. */
  configurable: { [TURN_KEY]: string };
}

/** One thread inside a turn of this flow. */
interface Live {
  /** The turn's key. */
  turn: string;
  /** The latest checkpoint as stored or read (null: the thread has none); undefined: not known. */
  tuple: CheckpointTuple | null | undefined;
  /** Stores begun (checkpoints and writes): a read that saw any begin while it ran is not remembered. */
  stores: number;
  /** Stores begun and not finished. */
  storing: number;
  /** Checkpoints that writes were stored against this turn. */
  written: Set<string>;
}

/** The thread of a config in the root namespace (undefined: another namespace, or no thread). */
function rootThread(config: RunnableConfig): string | undefined {
  const c = config.configurable;
  const thread = c?.thread_id;
  return typeof thread === "string" && (c?.checkpoint_ns ?? "") === "" ? thread : undefined;
}

/** The thread whose latest root checkpoint `config` asks for (undefined: it names a checkpoint, or another namespace). */
function asksLatest(config: RunnableConfig): string | undefined {
  return config.configurable?.checkpoint_id === undefined ? rootThread(config) : undefined;
}

/** What the graph gets: its own copy of everything LangGraph edits, the values shared. */
function served(tuple: CheckpointTuple): CheckpointTuple {
  return {
    config: { configurable: { ...tuple.config.configurable } },
    checkpoint: copyCheckpoint(tuple.checkpoint),
    ...(tuple.metadata ? { metadata: structuredClone(tuple.metadata) } : {}),
    ...(tuple.parentConfig ? { parentConfig: { configurable: { ...tuple.parentConfig.configurable } } } : {}),
    pendingWrites: tuple.pendingWrites ? [...tuple.pendingWrites] : [],
  };
}

export class RememberingSaver extends BaseCheckpointSaver {
  private readonly live = new Map<string, Live>();
  /** Deep copies of the checkpoint each thread's last turn ended on, the most recently settled last. */
  private readonly kept = new Map<string, CheckpointTuple>();
  private turns = 0;

  constructor(
    private readonly inner: BaseCheckpointSaver,
    /** Asks the store where a thread stands; undefined: the store cannot say, nothing is kept. */
    private readonly head: ((threadId: string) => Promise<ThreadHead>) | undefined,
    /** Threads whose last checkpoint is kept (about 22 KB each). */
    private readonly keep: number,
  ) {
    super(inner.serde);
  }

  /**
   * A turn of `threadId` begins (inside its lock). Settled when the checkpoint the last turn here ended
   * on is still the store's head: then it answers the turn's reads, and `values` returns it.
   */
  async enter(threadId: string): Promise<TurnEntry> {
    const live: Live = { turn: `${(this.turns += 1)}`, tuple: undefined, stores: 0, storing: 0, written: new Set() };
    this.live.set(threadId, live);
    const entry = (settled: boolean): TurnEntry => ({ settled, configurable: { [TURN_KEY]: live.turn } });
    const kept = this.kept.get(threadId);
    if (!kept || !this.head) return entry(false);
    if (!(await this.stillHead(threadId, kept))) {
      this.kept.delete(threadId);
      return entry(false);
    }
    if (live.stores === 0) live.tuple = kept;
    return entry(live.tuple === kept);
  }

  /**
   * A run of the turn ended and the store's latest checkpoint is `latest` (as the prune read it). Keeps a
   * deep copy of it when it is the one remembered, else forgets the thread.
   */
  settle(threadId: string, latest: string | undefined): void {
    const tuple = this.live.get(threadId)?.tuple;
    this.kept.delete(threadId);
    if (!tuple || latest === undefined || tuple.config.configurable?.checkpoint_id !== latest || !this.head) return;
    let copy: CheckpointTuple;
    try {
      copy = structuredClone(tuple);
    } catch {
      return;
    }
    if (this.kept.size >= this.keep) this.kept.delete(this.kept.keys().next().value!);
    this.kept.set(threadId, copy);
    this.live.get(threadId)!.tuple = copy;
  }

  /** The turn ended (inside the lock still): nothing more is answered from memory until the next `enter`. */
  leave(threadId: string): void {
    this.live.delete(threadId);
  }

  /**
   * The channel values of the checkpoint the thread's last turn here ended on, when the store's head is
   * still that checkpoint with no writes pending (a query); else undefined. Shared: the caller copies.
   */
  async values(threadId: string): Promise<Record<string, unknown> | undefined> {
    const live = this.live.get(threadId);
    if (live?.tuple && live.storing === 0 && live.tuple === this.kept.get(threadId)) return live.tuple.checkpoint.channel_values;
    const kept = this.kept.get(threadId);
    if (!kept || !(await this.stillHead(threadId, kept))) return undefined;
    return kept.checkpoint.channel_values;
  }

  /** Whether the store's head is still `kept` with no writes pending (a query; false when it cannot say). */
  private async stillHead(threadId: string, kept: CheckpointTuple): Promise<boolean> {
    const head = await this.head?.(threadId).catch(() => undefined);
    return head !== undefined && head.checkpoint === kept.config.configurable?.checkpoint_id && !head.pendingWrites;
  }

  override async getTuple(config: RunnableConfig): Promise<CheckpointTuple | undefined> {
    const thread = asksLatest(config);
    const live = thread === undefined ? undefined : this.live.get(thread);
    if (!live || config.configurable?.[TURN_KEY] !== live.turn) return this.inner.getTuple(config);
    if (live.tuple !== undefined && live.storing === 0) return live.tuple ? served(live.tuple) : undefined;
    const stores = live.stores;
    const read = await this.inner.getTuple(config);
    // Remembered only when nothing was stored while it read (it could be older than what was).
    if (this.live.get(thread!) === live && live.stores === stores && live.storing === 0) live.tuple = read ?? null;
    return read && (live.tuple === read ? served(read) : read);
  }

  override async put(config: RunnableConfig, checkpoint: Checkpoint, metadata: CheckpointMetadata, newVersions: ChannelVersions): Promise<RunnableConfig> {
    const thread = rootThread(config);
    const live = thread === undefined ? undefined : this.live.get(thread);
    if (!live) return this.inner.put(config, checkpoint, metadata, newVersions);
    live.stores += 1;
    live.storing += 1;
    live.tuple = undefined;
    const stores = live.stores;
    let meta: CheckpointMetadata | undefined;
    try {
      meta = structuredClone(metadata);
    } catch {
      // Not plain data (a saver's caller's own metadata): not remembered; the next read goes to the store.
    }
    const parent = config.configurable?.checkpoint_id as string | undefined;
    try {
      const stored = await this.inner.put(config, checkpoint, metadata, newVersions);
      // Remembered when nothing else began meanwhile and no writes were stored against it.
      if (meta && live.stores === stores && !live.written.has(checkpoint.id)) {
        live.tuple = {
          config: { configurable: { ...stored.configurable } },
          checkpoint,
          metadata: meta,
          ...(parent ? { parentConfig: { configurable: { thread_id: thread, checkpoint_ns: "", checkpoint_id: parent } } } : {}),
          pendingWrites: [],
        };
      }
      return stored;
    } finally {
      live.storing -= 1;
    }
  }

  override async putWrites(config: RunnableConfig, writes: PendingWrite[], taskId: string): Promise<void> {
    const thread = config.configurable?.thread_id;
    const live = typeof thread === "string" ? this.live.get(thread) : undefined;
    if (live) {
      live.stores += 1;
      live.storing += 1;
      live.tuple = undefined;
      live.written.add(config.configurable?.checkpoint_id as string);
    }
    try {
      await this.inner.putWrites(config, writes, taskId);
    } finally {
      if (live) live.storing -= 1;
    }
  }

  override list(config: RunnableConfig, options?: CheckpointListOptions): AsyncGenerator<CheckpointTuple> {
    return this.inner.list(config, options);
  }

  override async deleteThread(threadId: string): Promise<void> {
    this.kept.delete(threadId);
    const live = this.live.get(threadId);
    if (live) {
      live.stores += 1;
      live.tuple = undefined;
    }
    await this.inner.deleteThread(threadId);
  }

  override getDeltaChannelHistory(options: Parameters<BaseCheckpointSaver["getDeltaChannelHistory"]>[0]): ReturnType<BaseCheckpointSaver["getDeltaChannelHistory"]> {
    return this.inner.getDeltaChannelHistory(options);
  }

  // The store's own versions (PostgreSQL's are strings, whatever the base class's type says).
  override getNextVersion(current: number | undefined): number {
    return this.inner.getNextVersion(current);
  }
}
