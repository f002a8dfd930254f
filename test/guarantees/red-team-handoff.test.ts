/**
 * Red team of the hand-off on the hosted runtime (issue 23), through `createFlow` only: a write of another
 * skill waiting on hold with its card shown when the conversation is handed over, then pressed with that
 * card's digest, opened again from the menu, or asked for in words; another skill opened while the
 * transfer is in doubt (it may have gone through); a crash after the hand-off tool ran
 * and before its result was stored; a transfer that times out twice; a LangChain tool marked both `handoff`
 * and `readOnly`. The oracle: the
 * retail database is unchanged after the hand-off, no model is called, and the transfer is sent with one
 * idempotency key. (The pure runtime's attacks: packages/core/test/runtime/handoff-attacks.test.ts.)
 */
import { beforeAll, describe, expect, test } from "vitest";
import { MemorySaver } from "@langchain/langgraph";
import { tool } from "@langchain/core/tools";
import { z } from "zod";
import { describeTool, handoff, parseSkill, type Skill, type ToolDefinition } from "@skillflow/core";
import { createFlow, ScriptedChatModel, type ModelPort } from "@skillflow/langgraph";
import { createRetailStore, retailTools } from "../../skills/retail/tools.js";
import { digestOf } from "../../skills/retail/store/canonical.js";
import { CANCEL, CANCEL_MODEL, loadHandoffSkills, TOLD, toolsLoggingTransfers, WITH_AGENT } from "../retail/handoff-fixture.js";

let skills: Skill[] = [];

beforeAll(async () => void (skills = await loadHandoffSkills()), 30_000);

/** A retail flow on `store` and `saver`; the transfer records each idempotency key it is sent in `keys`. */
async function open(saver = new MemorySaver(), store = createRetailStore(), keys: string[] = []) {
  const tools = toolsLoggingTransfers(store, keys);
  const model = new ScriptedChatModel();
  const flow = await createFlow({ skills, tools, model, store: saver });
  return { store, keys, model, flow, saver };
}

describe("the hand-off, attacked on a hosted flow", () => {
  test("a cancel on hold with its card shown: pressed with the card's digest, opened, or asked for after the hand-off, it writes nothing", async () => {
    const { store, keys, model, flow } = await open();
    model.script(CANCEL_MODEL);
    const card = (await flow.send("t", { text: CANCEL })).cards[0]!;
    expect(card.writes.map((w) => w.tool)).toEqual(["cancel_pending_order"]);
    const before = digestOf(store.db);
    expect((await flow.send("t", { open: "human-agent" })).reply).toContain("Cancel a pending order is on hold.");
    model.script({ summary: "The user wants to speak to a person." });
    expect((await flow.send("t", { text: "Let me talk to a person" })).reply).toEqual([TOLD]);
    model.script(CANCEL_MODEL);
    const late = [{ press: "cancel", yes: true, card: card.digest }, { open: "cancel-order" }, { press: "cancel", yes: true, card: card.digest }, { text: "yes, cancel it" }, { preset: { order_id: "#W2564042" } }];
    for (const event of late) {
      const turn = await flow.send("t", event);
      expect(turn.reply, JSON.stringify(event)).toEqual([WITH_AGENT]);
      expect(turn.tools).toEqual([]);
      expect(turn.usage.modelCalls).toBe(0);
    }
    expect(await flow.resume("t")).toBeUndefined();
    expect(model.pending, "no model call after the hand-off").toBe(1);
    expect(digestOf(store.db)).toBe(before);
    expect(keys).toHaveLength(1);
  });

  test("a transfer in doubt (it may have gone through) is never followed by another skill's write: opening or asking for one re-sends the transfer", async () => {
    const store = createRetailStore();
    const keys: string[] = [];
    let fails = 2;
    const tools = retailTools(store).map((t): ToolDefinition => t.name !== "transfer_to_human_agents" ? t
      : { ...t, run: (input, context) => {
        keys.push(context.idempotencyKey);
        if (fails-- > 0) throw new Error("the queue did not answer");
        return t.run(input, context);
      } });
    const model = new ScriptedChatModel();
    const flow = await createFlow({ skills, tools, model });
    model.script({ skill: "human-agent", summary: "wants a person" });
    const doubt = await flow.send("d", { text: "I want a person" });
    expect(doubt.reply.join(" ")).toContain("so it may or may not have gone through; the conversation was not handed over");
    const before = digestOf(store.db);
    model.script(CANCEL_MODEL);
    const opened = await flow.send("d", { open: "cancel-order" });
    const asked = await flow.send("d", { text: CANCEL });
    const pressed = await flow.send("d", { press: "cancel", yes: true });
    for (const turn of [opened, asked, pressed]) expect(turn.tools.map((t) => t.tool)).not.toContain("cancel_pending_order");
    expect(digestOf(store.db)).toBe(before);
    // Opening the cancel re-sent the transfer (in doubt again); the message re-sent it once more, with no
    // model call, and it went through: the press after it is answered that the person is with an agent.
    expect(opened.skill).toBe("human-agent");
    expect(opened.reply.join(" ")).toContain("so it may or may not have gone through");
    expect(asked.reply).toEqual([TOLD]);
    expect(pressed.reply).toEqual([WITH_AGENT]);
    expect(keys).toEqual([keys[0], keys[0], keys[0]]);
    expect(model.pending, "the cancel's extraction was never asked for").toBe(1);
    expect((await flow.state("d"))?.handedOff?.tool).toBe("transfer_to_human_agents");
  });

  test("a crash after the transfer ran and before its result was stored: the next message re-sends it with the same key, and it ends there", async () => {
    const saver = new MemorySaver();
    const keys: string[] = [];
    const store = createRetailStore();
    // The process "dies" right after the transfer ran: every checkpoint from then on is lost, and a new
    // flow (a restarted process) opens the same store.
    let dead = false;
    const put = saver.put.bind(saver);
    const putWrites = saver.putWrites.bind(saver);
    saver.put = (...args) => (dead ? Promise.reject(new Error("the process died")) : put(...args));
    saver.putWrites = (...args) => (dead ? Promise.reject(new Error("the process died")) : putWrites(...args));
    const first = await open(saver, store, keys);
    const record = keys.push.bind(keys);
    keys.push = (...sent: string[]) => ((dead = true), record(...sent));
    first.model.script({ skill: "human-agent", summary: "wants a person" });
    await expect(first.flow.send("c", { text: "I want a person" })).rejects.toThrow("the process died");
    keys.push = record;
    dead = false;
    expect(keys).toHaveLength(1);
    const again = await open(saver, store, keys);
    const next = await again.flow.send("c", { text: CANCEL });
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    expect(next.reply).toEqual([TOLD, WITH_AGENT]);
    expect(again.model.pending).toBe(0);
    const after = await again.flow.send("c", { text: "hello?" });
    expect(after.reply).toEqual([WITH_AGENT]);
    expect(keys).toHaveLength(2);
  });

  test("a transfer that times out is said, not ended, and re-sent with the same key on each next message until it returns", async () => {
    const keys: string[] = [];
    let slow = 2;
    const transfer = handoff({ name: "transfer", input: z.object({ summary: z.string() }), output: z.object({ queued: z.boolean() }) }, async (_input, { idempotencyKey }) => {
      keys.push(idempotencyKey);
      // The queue ignores the abort and answers late: the runtime cannot know whether it took the transfer.
      if (slow-- > 0) await new Promise((resolve) => setTimeout(resolve, 300));
      return { queued: true };
    });
    const { skill: parsed } = parseSkill(`---
name: slow-transfer
description: Pass the person to a human agent through a slow queue.
---

## Fields

\`\`\`yaml
summary: { text: true }
\`\`\`

## Steps

\`\`\`yaml
- ask: { summary: "What do you need?" }
- handoff: transfer
  tell: "A person will take it from here."
\`\`\`
`, "slow-transfer/SKILL.md");
    const skill = { ...parsed!, tools: { transfer: describeTool(transfer) } };
    const values = [{ summary: "a person" }];
    const model: ModelPort = { id: "scripted", extract: async () => ({ extraction: { ok: true, values: values.shift() ?? {} }, usage: { inputTokens: 0, outputTokens: 0, totalTokens: 0 } }) };
    const flow = await createFlow({ skill, tools: [transfer], model, limits: { toolTimeoutMs: 50 } });
    const doubt = /^transfer did not answer within 50 ms, so it may or may not have gone through; the conversation was not handed over\. Send any message to try again\.$/;
    const first = await flow.send("t", { text: "a person please" });
    expect(first.reply.join(" ")).toMatch(doubt);
    expect(first.handedOff).toBeUndefined();
    const second = await flow.send("t", { text: "hello?" });
    expect(second.reply.join(" ")).toMatch(doubt);
    const third = await flow.send("t", { text: "still there?" });
    expect(third.reply).toEqual(["A person will take it from here."]);
    expect(third.handedOff).toEqual({ tool: "transfer" });
    expect(keys).toEqual([keys[0], keys[0], keys[0]]);
    expect((await flow.send("t", { text: "hi" })).reply).toEqual([WITH_AGENT]);
    expect(keys).toHaveLength(3);
  });

  test("a LangChain tool marked both handoff and readOnly is a hand-off tool, never a lookup", () => {
    const both = tool(async () => "queued", { name: "transfer", description: "Transfer to a person.", schema: z.object({ summary: z.string() }), metadata: { handoff: true, readOnly: true } });
    expect(describeTool(both).kind).toBe("handoff");
  });
});
