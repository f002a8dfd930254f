/** Waiting for a promise with a time limit (the edge: it uses a timer). */

export const TIMED_OUT: unique symbol = Symbol("timed out");

/** `promise`'s value, or TIMED_OUT after `ms`. The timer keeps the process alive while it waits, and is cleared. */
export async function settleWithin<T>(promise: Promise<T>, ms: number): Promise<T | typeof TIMED_OUT> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<typeof TIMED_OUT>((done) => (timer = setTimeout(() => done(TIMED_OUT), ms)));
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
