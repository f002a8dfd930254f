/**
 * With several skills hosted, a conversation whose skill reached an `end` has ended as a handed-off one
 * has: a later message — even one asking for another hosted skill — gets the one sentence, with no
 * model call, no routing and nothing run.
 */
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { createFlow } from "../../src/create-flow.js";
import { ScriptedChatModel } from "../../src/scripted-chat-model.js";
import { REFUND } from "./hosted.js";

const LOAN = fileURLToPath(new URL("../../../../test/fixtures/endings/library-loan", import.meta.url));
const ENDED = "This conversation has ended, so nothing more is done in it. Start a new conversation for anything else.";

describe("an ended conversation among several skills", () => {
  it("is not routed to another skill, and reads no message", async () => {
    const model = new ScriptedChatModel();
    const flow = await createFlow({ skills: [LOAN, REFUND], model, now: "2027-03-01T09:00:00Z" });
    model.script({ skill: "library-loan", card: "C9999" });
    const ended = await flow.send("t", { text: "Borrow a book on card C9999" });
    expect(ended.ended).toEqual({ outcome: "card_invalid", status: "failed" });
    expect(ended.skill).toBe("library-loan");
    const later = await flow.send("t", { text: "Then I want a refund for my order" });
    expect(later.reply).toEqual([ENDED]);
    expect(later.skill).toBe("library-loan");
    expect(later.tools).toEqual([]);
    expect(model.prompts).toHaveLength(1);
  });
});
