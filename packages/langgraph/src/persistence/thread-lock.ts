/**
 * `ThreadLock`: serializes the turns of one conversation (one LangGraph thread).
 * A turn — load the checkpoint, run the graph, write the ledger, prune — runs inside `run`, so two
 * events of the same conversation never interleave, whether they arrive in one process or in several
 * (the SQLite and PostgreSQL locks). Different threads never wait for each other.
 */
import { AsyncLocalStorage } from "node:async_hooks";

export interface ThreadLock {
  /** Run `fn` while holding the lock of `threadId`; waits for the holder to finish first. */
  run<T>(threadId: string, fn: () => Promise<T>): Promise<T>;
}

/**
 * The in-process lock: a per-thread promise chain (an async mutex per thread id).
 * Waiters run in arrival order. Enough for MemorySaver, and the first stage of the shared-store locks
 * (so a process queues its own turns before it asks the database).
 */
export function createMemoryLock(): ThreadLock {
  const tails = new Map<string, Promise<void>>();
  return {
    async run<T>(threadId: string, fn: () => Promise<T>): Promise<T> {
      const previous = tails.get(threadId) ?? Promise.resolve();
      let release!: () => void;
      const mine = new Promise<void>((resolve) => (release = resolve));
      const tail = previous.then(() => mine);
      tails.set(threadId, tail);
      await previous;
      try {
        return await fn();
      } finally {
        release();
        if (tails.get(threadId) === tail) tails.delete(threadId);
      }
    },
  };
}

const savedLocks = new WeakMap<object, ThreadLock>();

/**
 * The in-process lock of one saver: the same lock for every store made over that saver object, so two
 * flows given the same bare saver (or `openMemory({ saver })` twice) still serialize a thread's turns.
 */
export function memoryLockOf(saver: object): ThreadLock {
  let lock = savedLocks.get(saver);
  if (!lock) savedLocks.set(saver, (lock = reentrant(createMemoryLock())));
  return lock;
}

/** A lock that first queues in-process, then takes `outer` (the database lock) for the same thread. */
export function layerLocks(inner: ThreadLock, outer: ThreadLock): ThreadLock {
  return {
    run: (threadId, fn) => inner.run(threadId, () => outer.run(threadId, fn)),
  };
}

/** One run of a re-entrant lock still going, as the code inside it sees it. */
interface Holding {
  readonly lock: object;
  readonly threadId: string;
  live: boolean;
  /** Serializes the holder's own calls that re-enter at this level (two at once wait for each other). */
  readonly inner: ThreadLock;
  /** Those calls still running: the lock is released only after them. */
  readonly inside: Set<Promise<unknown>>;
}

const holdings = new AsyncLocalStorage<readonly Holding[]>();

/**
 * `lock`, re-entered by its holder: `run(threadId, fn)` called from inside a still-running
 * `run(threadId, …)` of the same lock (directly, or through the calls it awaits) runs `fn` without asking
 * for the lock again, which would wait for itself. So code can hold a conversation across its own
 * records and the flow's turns with one lock: `flow serve` reads the thread's record, sends the events
 * and records what it showed under one lock, and each `send` inside takes no second one (on PostgreSQL:
 * no second connection, no second lock and unlock). The holder's calls that re-enter at once still run
 * one after the other, and the lock is released only when they have all ended; work the holder leaves
 * for later (a timer) finds the holding over and waits for the lock like anyone else.
 */
export function reentrant(lock: ThreadLock): ThreadLock {
  const key = {};
  const enter = async <T>(held: readonly Holding[], threadId: string, fn: () => Promise<T>): Promise<T> => {
    const mine: Holding = { lock: key, threadId, live: true, inner: createMemoryLock(), inside: new Set() };
    try {
      return await holdings.run([...held, mine], fn);
    } finally {
      mine.live = false;
      while (mine.inside.size) await Promise.allSettled([...mine.inside]);
    }
  };
  return {
    run<T>(threadId: string, fn: () => Promise<T>): Promise<T> {
      const held = holdings.getStore() ?? [];
      const holding = held.findLast((h) => h.lock === key && h.threadId === threadId && h.live);
      if (!holding) return lock.run(threadId, () => enter(held, threadId, fn));
      const running = holding.inner.run(threadId, () => enter(held, threadId, fn));
      holding.inside.add(running);
      const done = () => void holding.inside.delete(running);
      running.then(done, done);
      return running;
    },
  };
}

/** Whether the code running holds a re-entrant lock (of any store, for any thread). */
export function holdingALock(): boolean {
  return (holdings.getStore() ?? []).some((h) => h.live);
}

/** Run `fn` as code that holds no re-entrant lock: what it locks, it waits for like anyone else. */
export function outsideLocks<T>(fn: () => T): T {
  return holdings.exit(fn);
}
