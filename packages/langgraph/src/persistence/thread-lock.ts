/**
 * `ThreadLock`: serializes the turns of one conversation (one LangGraph thread).
 * A turn — load the checkpoint, run the graph, write the ledger, prune — runs inside `run`, so two
 * events of the same conversation never interleave, whether they arrive in one process or in several
 * (the SQLite and PostgreSQL locks). Different threads never wait for each other.
 */
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
  if (!lock) savedLocks.set(saver, (lock = createMemoryLock()));
  return lock;
}

/** A lock that first queues in-process, then takes `outer` (the database lock) for the same thread. */
export function layerLocks(inner: ThreadLock, outer: ThreadLock): ThreadLock {
  return {
    run: (threadId, fn) => inner.run(threadId, () => outer.run(threadId, fn)),
  };
}
