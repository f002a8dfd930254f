/**
 * A limit on how many tasks run at once: `limitConcurrency(n)` returns a wrapper that starts a task
 * when fewer than `n` are running and queues it otherwise (first come, first served; a finished task
 * hands its slot straight to the next one waiting).
 */
export function limitConcurrency(n: number): <T>(task: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: Array<() => void> = [];
  const acquire = (): Promise<void> | void => {
    if (running < n) {
      running += 1;
      return;
    }
    return new Promise<void>((resolve) => waiting.push(resolve));
  };
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  };
  return async (task) => {
    await acquire();
    try {
      return await task();
    } finally {
      release();
    }
  };
}
