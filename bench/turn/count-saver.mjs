// bench/turn: counting what a checkpointer stores during one turn — `put()` calls (checkpoints),
// `putWrites()` calls (pending writes) and the bytes its serializer produced for them. The saver's
// serializer is wrapped in place (SQLite's still encrypts), and a Proxy counts the calls.

/** Wrap `saver`; `counts` is zeroed by `reset()` and read after a turn. */
export function countingSaver(saver) {
  const counts = { checkpoints: 0, writes: 0, bytes: 0 };
  const inner = saver.serde;
  const serde = Object.create(inner);
  serde.dumpsTyped = async (value) => {
    const out = await inner.dumpsTyped(value);
    counts.bytes += out[1]?.byteLength ?? out[1]?.length ?? 0;
    return out;
  };
  saver.serde = serde;
  const wrapped = new Proxy(saver, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver);
      if (prop === "put") return (...args) => ((counts.checkpoints += 1), target.put(...args));
      if (prop === "putWrites") return (...args) => ((counts.writes += 1), target.putWrites(...args));
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return { saver: wrapped, counts, reset: () => Object.assign(counts, { checkpoints: 0, writes: 0, bytes: 0 }) };
}
