/**
 * The plain-JSON fast path writes the same bytes as LangGraph's JsonPlusSerializer and reads back the
 * same values (undefined kept where it was), for generated plain values; values it does not cover (a
 * Set, a Map, bytes, a class instance, a cycle) take the general path, and each serializer reads what
 * the other wrote.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import fc from "fast-check";
import { JsonPlusSerializer } from "@langchain/langgraph-checkpoint";
import { PlainJsonSerializer } from "../../src/persistence/plain-json-serializer.js";

const general = new JsonPlusSerializer();
const fast = new PlainJsonSerializer();
const text = async (s: JsonPlusSerializer, v: unknown) => new TextDecoder().decode((await s.dumpsTyped(v))[1]);

/** Plain JSON with `undefined` anywhere (object properties, array items, the top). */
const plain = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: "small" },
    fc.constant(undefined), fc.constant(null), fc.boolean(), fc.double(), fc.integer(), fc.string(),
    fc.array(tie("value"), { maxLength: 5 }),
    fc.dictionary(fc.string({ maxLength: 6 }), tie("value"), { maxKeys: 5 }),
  ),
})).value;

/** Calls into the general path (JsonPlusSerializer's own `_dumps`/`_loads`) while `run` runs. */
async function generalCalls(run: () => Promise<unknown>): Promise<number> {
  const proto = JsonPlusSerializer.prototype as unknown as Record<"_dumps" | "_loads", (...a: unknown[]) => unknown>;
  const dumps = vi.spyOn(proto, "_dumps");
  const loads = vi.spyOn(proto, "_loads");
  await run();
  const n = dumps.mock.calls.length + loads.mock.calls.length;
  dumps.mockRestore();
  loads.mockRestore();
  return n;
}

afterEach(() => vi.restoreAllMocks());

describe("PlainJsonSerializer", () => {
  it("writes the general path's bytes and reads back the same value, undefined included", async () => {
    await fc.assert(fc.asyncProperty(plain, async (value) => {
      const expected = await text(general, value);
      const [type, bytes] = await fast.dumpsTyped(value);
      expect(new TextDecoder().decode(bytes)).toBe(expected);
      const back = await general.loadsTyped(type, bytes);
      // The fast path itself did the work: no call into the general one.
      expect(await generalCalls(async () => expect(await fast.loadsTyped(type, bytes)).toStrictEqual(back))).toBe(0);
      expect(await generalCalls(() => fast.dumpsTyped(value))).toBe(0);
    }), { numRuns: 300 });
  });

  it("leaves a value it does not cover to the general path, and reads what either wrote", async () => {
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic.self = cyclic;
    const values = [
      { tags: new Set(["a"]), at: undefined },
      { m: new Map([["k", 1]]) },
      { bytes: new Uint8Array([1, 2, 3]) },
      [new Date("2027-03-01T09:00:00Z"), undefined],
      cyclic,
      { lc: 2, type: "undefined", note: "user data shaped like a record" },
    ];
    for (const value of values) {
      expect(await text(fast, value)).toBe(await text(general, value));
      if (value !== values.at(-1)) expect(await generalCalls(() => fast.dumpsTyped(value))).toBe(1);
      for (const [writer, reader] of [[fast, general], [general, fast]] as const) {
        const [type, bytes] = await writer.dumpsTyped(value);
        expect(await reader.loadsTyped(type, bytes)).toStrictEqual(await general.loadsTyped(type, bytes));
      }
    }
  });

  it("reads unicode escapes and an escaped record key as the general path does", async () => {
    const data = '{"a":{"l\\u0063":2,"type":"undefined"},"b":"\\u00e9"}';
    expect(await fast.loadsTyped("json", data)).toStrictEqual(await general.loadsTyped("json", data));
  });
});
