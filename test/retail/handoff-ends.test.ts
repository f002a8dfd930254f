/**
 * The hand-off ends a hosted retail conversation (issue 23): `human-agent` transfers with no card, the
 * policy's sentence is said, and then whatever the person asks — a cancel of their own pending order,
 * a skill opened from the menu — is answered that they are with a human agent, with no model call, no
 * routing and nothing written: the database stays as it was. The transfer runs once, also when the turn
 * is cut off right before it runs (its `started` entry checkpointed) and the person writes again.
 */
import { beforeAll, describe, expect, test } from "vitest";
import type { Skill } from "@skillflow/core";
import { createFlow, ScriptedChatModel } from "@skillflow/langgraph";
import { createRetailStore } from "../../skills/retail/tools.js";
import { digestOf } from "../../skills/retail/store/canonical.js";
import { CANCEL, CANCEL_MODEL, loadHandoffSkills, TOLD, toolsLoggingTransfers, WITH_AGENT } from "./handoff-fixture.js";

let skills: Skill[] = [];

beforeAll(async () => void (skills = await loadHandoffSkills()), 30_000);

/** A flow on a fresh store whose transfer tool records the idempotency key of every call. */
async function open() {
  const store = createRetailStore();
  const keys: string[] = [];
  const tools = toolsLoggingTransfers(store, keys);
  const model = new ScriptedChatModel();
  const flow = await createFlow({ skills, tools, model });
  return { store, keys, model, flow, before: digestOf(store.db) };
}

const HAND_OFF = { skill: "human-agent", summary: "The user wants a cancelled order reinstated and delivered quickly." };

describe("after the hand-off", () => {
  test("a cancel of the person's own pending order, and a skill opened from the menu, write nothing", async () => {
    const { store, keys, model, flow, before } = await open();
    model.script(HAND_OFF);
    const handed = await flow.send("t", { text: "Undo the cancellation of my old order and rush it to me" });
    expect(handed.reply).toContain(TOLD);
    expect(handed.handedOff).toEqual({ tool: "transfer_to_human_agents" });
    expect(handed.cards).toEqual([]);
    expect(keys).toHaveLength(1);
    model.script(CANCEL_MODEL);
    for (const event of [{ text: CANCEL }, { open: "cancel-order" }, { press: "cancel", yes: true }]) {
      const turn = await flow.send("t", event);
      expect(turn.reply).toEqual([WITH_AGENT]);
      expect(turn.tools).toEqual([]);
      expect(turn.usage.modelCalls).toBe(0);
      expect(turn.handedOff).toBeUndefined();
      expect(turn.skill).toBe("human-agent");
    }
    expect(model.pending, "the cancel's extraction was never asked for").toBe(1);
    expect(digestOf(store.db)).toBe(before);
    expect((await flow.state("t"))?.handedOff?.tool).toBe("transfer_to_human_agents");
  });

  test("a turn cut off right before the transfer runs: the next message finishes it once, then ends the conversation", async () => {
    const { keys, model, flow } = await open();
    model.script(HAND_OFF);
    const out = { effects: [], trace: [], tools: [], usage: { modelCalls: 0, inputTokens: 0, outputTokens: 0, totalTokens: 0 } };
    const config = { configurable: { thread_id: "cut" }, interruptBefore: ["act" as const] };
    await flow.graph.invoke({ input: { type: "text", text: "Undo the cancellation and rush it" }, event: null, call: null, out }, config);
    const stored = await flow.graph.getState({ configurable: { thread_id: "cut" } });
    expect(Object.values(stored.values.flow!.ledger).map((e) => [e.tool, e.status])).toEqual([["transfer_to_human_agents", "started"]]);
    expect(keys).toEqual([]);
    const next = await flow.send("cut", { text: CANCEL });
    expect(next.reply).toEqual([TOLD, WITH_AGENT]);
    expect(await flow.resume("cut")).toBeUndefined();
    expect(keys).toHaveLength(1);
    expect(model.pending, "no model call after the hand-off").toBe(0);
  });
});
