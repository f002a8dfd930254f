/**
 * Issue 9, point 4: approval request ids are unique per conversation and run. Before, two conversations
 * showing the same card filed requests with the same id, and an approval naming conversation A's request
 * released conversation B's refund. Now each filing has its own id (the flow id and the turn are part of
 * it), and an approval naming a request that is not the one waiting in this thread is refused.
 */
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { createFlow } from "../../src/create-flow.js";
import { ScriptedChatModel } from "../../src/scripted-chat-model.js";

const REFUND = fileURLToPath(new URL("../../../../test/fixtures/confirms/refund_supervisor_first", import.meta.url));

const requestOf = (turn: { pending?: { kind: string; requestId?: string } }) => (turn.pending?.kind === "approval" ? turn.pending.requestId! : "");

describe("approval request ids", () => {
  it("differ between conversations with the same card; another thread's request is refused and releases nothing", async () => {
    const flow = await createFlow({ skill: REFUND, model: new ScriptedChatModel() });
    const a = requestOf(await flow.send("A", { pick: { item_id: "BLENDER" } }));
    const b = requestOf(await flow.send("B", { pick: { item_id: "BLENDER" } }));
    expect(a).not.toBe("");
    expect(b).not.toBe("");
    expect(a).not.toBe(b);
    const forged = await flow.send("B", { approve: "supervisor_ok", by: "supervisor", request: a });
    expect(forged.trace).toContainEqual(expect.objectContaining({ type: "approval_stale", request: a, current: b }));
    expect(forged.pending).toMatchObject({ kind: "approval", requestId: b });
    expect((await flow.state("B"))!.confirmations.supervisor_ok).toBeUndefined();
    const approved = await flow.send("B", { approve: "supervisor_ok", by: "supervisor", request: b });
    expect(approved.reply.join(" ")).toContain("Refund 240 EUR for the blender?");
    const paid = await flow.send("B", { press: "refund", card: approved.cards[0]!.digest });
    expect(paid.tools.map((t) => t.tool)).toEqual(["issue_refund"]);
    // Thread A still waits for its own approval.
    expect((await flow.state("A"))!.pending).toMatchObject({ kind: "approval", requestId: a });
  });

  it("a new filing for the same card after its approval was voided gets a new id", async () => {
    const flow = await createFlow({ skill: REFUND, model: new ScriptedChatModel() });
    const first = requestOf(await flow.send("T", { pick: { item_id: "BLENDER" } }));
    await flow.send("T", { approve: "supervisor_ok", by: "supervisor", request: first });
    await flow.send("T", { pick: { item_id: "ESPRESSO" } });
    const back = await flow.send("T", { pick: { item_id: "BLENDER" } });
    const again = requestOf(back);
    expect(again).not.toBe("");
    expect(again).not.toBe(first);
    const stale = await flow.send("T", { approve: "supervisor_ok", by: "supervisor", request: first });
    expect(stale.trace).toContainEqual(expect.objectContaining({ type: "approval_stale" }));
  });
});
