/**
 * What the conversation store holds, read from the saver itself rather than from the latest state:
 * with the default store (checkpoints pruned after every turn), no message of an earlier turn is kept
 * anywhere — no transcript builds up — and each turn's output (replies, widgets with tool rows, trace)
 * is replaced by the next turn's instead of piling up.
 */
import { describe, expect, it } from "vitest";
import { createFlow, ScriptedChatModel } from "@skillflow/langgraph";
import { openMemory } from "@skillflow/langgraph/persistence";
import { readProofFile } from "../../packages/langgraph/src/prove/parse-proof.js";
import type { ProofTurn } from "../../packages/langgraph/src/prove/proof-types.js";
import { ROOT, textOf } from "./drive-proof.js";

const decoder = new TextDecoder();

/** Everything the in-memory saver holds for `thread` (checkpoints, metadata, pending writes), as text. */
function storedText(store: ReturnType<typeof openMemory>, thread: string): { text: string; checkpoints: number } {
  const saver = store.saver as unknown as {
    storage: Record<string, Record<string, Record<string, [Uint8Array, Uint8Array, string?]>>>;
    writes: Record<string, Record<string, [string, string, Uint8Array]>>;
  };
  let text = "";
  let checkpoints = 0;
  for (const namespace of Object.values(saver.storage[thread] ?? {})) {
    for (const [checkpoint, metadata] of Object.values(namespace)) {
      checkpoints += 1;
      text += decoder.decode(checkpoint) + decoder.decode(metadata);
    }
  }
  for (const [key, writes] of Object.entries(saver.writes)) {
    if (JSON.parse(key)[0] !== thread) continue;
    for (const [, , value] of Object.values(writes)) text += decoder.decode(value);
  }
  return { text, checkpoints };
}

/** The account change proof's conversation on a fresh flow over an in-memory store (pruned as by default). */
async function changePlan() {
  const proof = await readProofFile(`${ROOT}proofs/account-change/change-plan.proof.yaml`, "change-plan");
  const store = openMemory();
  const model = new ScriptedChatModel();
  const flow = await createFlow({ skill: proof.skill, model, store, now: proof.fixtures.now });
  const send = async (thread: string, turn: ProofTurn) => {
    if (turn.script !== undefined) model.script(turn.script);
    return flow.send(thread, turn.input);
  };
  return { proof, store, flow, send };
}

describe("the default conversation store", () => {
  it("keeps no message of an earlier turn, and a bounded number of checkpoints", async () => {
    const { proof, store, send } = await changePlan();
    const said: string[] = [];
    for (const turn of proof.turns) {
      await send("store", turn);
      const stored = storedText(store, "store");
      expect(stored.checkpoints).toBeGreaterThan(0);
      expect(stored.checkpoints).toBeLessThanOrEqual(3);
      const earlier = said.filter((text) => text.length > 8 && stored.text.includes(text));
      expect(earlier, `after ${turn.label}`).toEqual([]);
      const text = textOf(turn.input);
      if (text !== undefined && !/^[0-9]+$/.test(text)) said.push(text);
    }
    expect(said.length).toBeGreaterThanOrEqual(5);
  });

  it("replaces each turn's output with the next one's: the plan grid shown mid-way is gone by the end", async () => {
    const { proof, flow, send } = await changePlan();
    const sizes: number[] = [];
    for (const turn of proof.turns) {
      await send("grid", turn);
      const { values } = await flow.graph.getState({ configurable: { thread_id: "grid" } });
      sizes.push(values.out.effects.length);
      expect([values.input, values.event, values.call]).toEqual([null, null, null]);
    }
    const { values } = await flow.graph.getState({ configurable: { thread_id: "grid" } });
    expect(JSON.stringify(values.out)).not.toContain("Unlimited");
    expect(Math.max(...sizes)).toBeLessThan(8);
  });
});
