/**
 * `ThreadLock`: serializes the turns of one conversation (one LangGraph thread).
 * A turn — load the checkpoint, run the graph, write the ledger, prune — runs inside `run`, so two
 * events of the same conversation never interleave, whether they arrive in one process or in several
 * (the SQLite and PostgreSQL locks). Different threads never wait for each other.
 */
export interface ThreadLock {
  /**
   * Run `fn` while holding the lock of `threadId`; waits for the holder to finish first. A re-entrant
   * lock (`reentrant`) hands `fn` its hold: given back as `hold` while it is still going, `run` runs
   * inside it instead of waiting for itself. Other locks ignore `hold`.
   */
  run<T>(threadId: string, fn: (hold?: LockHold) => Promise<T>, hold?: LockHold): Promise<T>;
}

/** A hold of a re-entrant lock, as its holder is handed it. Opaque: only the lock that made it reads it. */
export interface LockHold {
  readonly threadId: string;
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

/** One run of a re-entrant lock still going. */
class Hold implements LockHold {
  live = true;
  /** Serializes the holder's calls that re-enter it at once (two at once wait for each other). */
  readonly inner = createMemoryLock();
  /** Those calls still running: the lock is released only after them. */
  readonly inside = new Set<Promise<unknown>>();
  constructor(readonly lock: object, readonly threadId: string) {}
}

/**
 * `lock`, re-entered by its holder, explicitly: `fn` is handed its hold, and `run(threadId, fn2, hold)`
 * with that hold, while it is still going, runs `fn2` inside it instead of waiting for itself. So code
 * can hold a conversation across its own records and the flow's turns with one lock: `flow serve` reads
 * the thread's record, sends the events with `{ hold }` and records what it showed under one lock, and
 * each `send` takes no second one (on PostgreSQL: no second connection, no second lock and unlock).
 * Nothing else gets in: a call without the hold — from anywhere, even code the holder called — waits
 * for the whole hold, and so does one with a hold that ended, of another thread or of another lock.
 * The holder's calls that re-enter at once run one after the other, and the lock is released only when
 * they have all ended.
 */
export function reentrant(lock: ThreadLock): ThreadLock {
  const key = {};
  const enter = async <T>(threadId: string, fn: (hold?: LockHold) => Promise<T>): Promise<T> => {
    const mine = new Hold(key, threadId);
    try {
      return await fn(mine);
    } finally {
      mine.live = false;
      while (mine.inside.size) await Promise.allSettled([...mine.inside]);
    }
  };
  return {
    run<T>(threadId: string, fn: (hold?: LockHold) => Promise<T>, hold?: LockHold): Promise<T> {
      const within = hold instanceof Hold && hold.lock === key && hold.threadId === threadId && hold.live ? hold : undefined;
      if (!within) return lock.run(threadId, () => enter(threadId, fn));
      const running = within.inner.run(threadId, () => enter(threadId, fn));
      within.inside.add(running);
      const done = () => void within.inside.delete(running);
      running.then(done, done);
      return running;
    },
  };
}
