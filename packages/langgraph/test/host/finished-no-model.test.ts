/**
 * A message to a finished flow makes no model call (issue 36 §5): with one skill there is nothing left
 * for the model to fill — nothing more runs in it — so the message is answered by the runtime alone
 * ("This conversation is finished; …"), whatever it says, a correction included. With several skills a
 * message after one finished is still read by the model: it may start another (routing tests).
 */
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { createFlow } from "../../src/create-flow.js";
import { ScriptedChatModel } from "../../src/scripted-chat-model.js";

const TRIP = fileURLToPath(new URL("../../../../skills/conference-trip", import.meta.url));
const FINISHED = "This conversation is finished; nothing more will run in it. Start a new conversation for anything else.";

describe("a message to a finished flow", () => {
  it.each(["book another one", "actually make it 5 nights"])("%j: no model call, the finished sentence, nothing runs", async (text) => {
    const model = new ScriptedChatModel();
    const flow = await createFlow({ skill: TRIP, model, now: "2027-03-01T09:00:00Z" });
    model.script({ conference: "Lisbon AI Summit", nights: 3 });
    await flow.send("t", { text: "Lisbon AI Summit, 3 nights" });
    await flow.send("t", { pick: { flight_id: "TP1350" } });
    const card = await flow.send("t", { pick: { hotel_id: "H-BAIXA" } });
    const paid = await flow.send("t", { press: "pay", card: card.cards[0]!.digest });
    expect(paid.done).toBe(true);
    const calls = model.prompts.length;
    // Were the model asked, this reply would be used: it must not be.
    model.script({ nights: 5 });
    const after = await flow.send("t", { text });
    expect(model.prompts.length).toBe(calls);
    expect(model.unscripted).toBe(0);
    expect(after.reply).toEqual([FINISHED]);
    expect(after.trace.filter((t) => t.type === "tool_called")).toEqual([]);
    expect(after.usage.modelCalls).toBe(paid.usage.modelCalls);
  });
});
