/**
 * The encrypting serializer seals each value object once and cuts IVs from a pool: the same object
 * (a task's write, then the blob of the channel it wrote) gives the same text without a second
 * encryption; equal objects that are not the same one, and every primitive but null, get a fresh IV; no IV
 * repeats across pool refills; every text still opens to its value.
 */
import { describe, expect, it } from "vitest";
import { EncryptedSerializer } from "../../src/persistence/encrypted-serializer.js";

const KEY = new Uint8Array(32).fill(9);
const ivOf = (bytes: Uint8Array) => Buffer.from(Buffer.from(bytes).toString("latin1"), "base64").subarray(0, 12).toString("hex");

describe("EncryptedSerializer sealing", () => {
  it("seals the same object once, and an equal copy afresh", async () => {
    const serde = new EncryptedSerializer(KEY);
    const state = { answers: { city: "Lisbon" }, said: ["Hello"], skipped: undefined };
    const [type, first] = await serde.dumpsTyped(state);
    const [, again] = await serde.dumpsTyped(state);
    const [, copy] = await serde.dumpsTyped(structuredClone(state));
    expect(Buffer.from(again).equals(Buffer.from(first))).toBe(true);
    expect(Buffer.from(copy).equals(Buffer.from(first))).toBe(false);
    expect(ivOf(copy)).not.toBe(ivOf(first));
    expect(await serde.loadsTyped(type, first)).toEqual(state);
    expect(await serde.loadsTyped(type, copy)).toEqual(state);
  });

  it("seals null once: a cleared channel, told apart by its length anyway", async () => {
    const serde = new EncryptedSerializer(KEY);
    const [type, first] = await serde.dumpsTyped(null);
    const [, again] = await serde.dumpsTyped(null);
    expect(again).toBe(first);
    expect(await serde.loadsTyped(type, first)).toBeNull();
  });

  it("gives every other primitive its own IV, never reusing one across pool refills", async () => {
    const serde = new EncryptedSerializer(KEY);
    const ivs = new Set<string>();
    const values: unknown[] = [undefined, "act", 42, true];
    for (let i = 0; i < 1200; i += 1) {
      const value = values[i % values.length];
      const [type, bytes] = await serde.dumpsTyped(value);
      ivs.add(ivOf(bytes));
      if (i % 97 === 0) expect(await serde.loadsTyped(type, bytes)).toEqual(value);
    }
    expect(ivs.size).toBe(1200);
  });

  it("does not keep a text for a value another serializer sealed, nor open it with another key", async () => {
    const a = new EncryptedSerializer(KEY);
    const b = new EncryptedSerializer(new Uint8Array(32).fill(3));
    const state = { n: 1 };
    const [type, fromA] = await a.dumpsTyped(state);
    const [, fromB] = await b.dumpsTyped(state);
    expect(Buffer.from(fromB).equals(Buffer.from(fromA))).toBe(false);
    await expect(b.loadsTyped(type, fromA)).rejects.toThrow(/cannot be decrypted/);
  });
});
