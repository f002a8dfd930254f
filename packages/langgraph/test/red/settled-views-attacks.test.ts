/**
 * Attacks on the settled mark and the last turn's values (create-flow.ts, flow-store.ts): a view or a
 * skipped finish must never stand for a thread that moved on — another flow's turn that failed midway,
 * a thread deleted by retention behind the flow's back.
 */
import { describe, expect, it } from "vitest";
import { MemorySaver } from "@langchain/langgraph-checkpoint";
import { createFlow } from "../../src/create-flow.js";
import { openMemory } from "../../src/persistence/open-checkpointer.js";
import { ScriptedChatModel } from "../../src/scripted-chat-model.js";
import { FailingOnceSaver, SHOP, recordingWrites, statusOf, toCard } from "../helpers/mini-shop.js";


describe("two flows on one store, the other's turn failing between writes", () => {
  it("shows the stored state (not its own last turn's) and finishes the other's run before its own event", async () => {
    const saver = new FailingOnceSaver();
    const store = openMemory({ saver });
    const model = new ScriptedChatModel();
    const { runs, tools } = recordingWrites();
    const a = await createFlow({ skill: SHOP, tools, model, store });
    const b = await createFlow({ skill: SHOP, tools, model, store });
    await toCard(a, model, "t");
    expect((await a.state("t"))?.pending).toMatchObject({ kind: "confirm" });

    saver.failWhen = (ledger) => statusOf(ledger, "charge_card") === "done";
    await expect(b.send("t", { press: "buy" })).rejects.toThrow("disk full");
    expect(runs).toEqual(["charge_card"]);
    // a's last turn ended at the card, with no ledger entry; the thread has moved on since (charge_card
    // ran, its writes saved with the checkpoint before the one that failed).
    const seen = await a.state("t");
    expect(statusOf(seen!.ledger, "charge_card")).toBe("done");

    const turn = await a.send("t", { press: "buy", yes: false });
    expect(runs).toEqual(["charge_card", "ship_order"]);
    expect(turn.reply).toContain("Done. Your order MUG-2 is on its way.");
    const state = await b.state("t");
    expect([statusOf(state!.ledger, "charge_card"), statusOf(state!.ledger, "ship_order")]).toEqual(["done", "done"]);
  });

  it("does not take a failed turn of its own for settled: the next send finishes it", async () => {
    const saver = new FailingOnceSaver();
    const model = new ScriptedChatModel();
    const { runs, tools } = recordingWrites();
    const flow = await createFlow({ skill: SHOP, tools, model, store: openMemory({ saver }) });
    await toCard(flow, model, "t");
    saver.failWhen = (ledger) => statusOf(ledger, "charge_card") === "started";
    await expect(flow.send("t", { press: "buy" })).rejects.toThrow("disk full");
    // The checkpoint holding charge_card started was never stored: nothing ran, nothing to finish.
    expect(runs).toEqual([]);
    expect((await flow.state("t"))?.pending).toMatchObject({ kind: "confirm" });
    await flow.send("t", { press: "buy" });
    expect(runs).toEqual(["charge_card", "ship_order"]);
  });
});

describe("a thread deleted behind the flow's back (retention of another store over the same saver)", () => {
  it("reads as gone, and the next send starts a new conversation rather than one from the last turn's values", async () => {
    const saver = new MemorySaver();
    const model = new ScriptedChatModel();
    const flow = await createFlow({ skill: SHOP, model, store: openMemory({ saver }) });
    model.script({ quantity: 2 });
    await flow.send("gone", { text: "Two mugs please" });
    expect((await flow.state("gone"))?.answers.quantity?.value).toBe(2);

    const sweeper = openMemory({ saver, retention: 1 });
    const swept = await sweeper.deleteIdle(1, Date.now() + 60_000);
    expect(swept.deleted).toEqual(["gone"]);
    expect(await flow.state("gone")).toBeUndefined();
    expect(await flow.lastTurn("gone")).toBeUndefined();

    const turn = await flow.send("gone", { pick: { item_id: "MUG" } });
    expect(turn.pending).toMatchObject({ kind: "ask", field: "quantity" });
    expect((await flow.state("gone"))?.answers.quantity).toBeUndefined();
  });
});
