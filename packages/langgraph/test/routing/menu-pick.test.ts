/**
 * Issue 22: the menu of skills is numbered, so a number typed at it opens that skill — in the flow, for
 * every host (the chat page sent "2" as text and got the menu again; `flow chat` did this on its own).
 * A skill's name or title typed alone opens it too; a number off the menu says which numbers there
 * are. None of this calls the model, and once a skill is in progress a number is an answer like any.
 */
import { describe, expect, it } from "vitest";
import { hostTripAndRefund } from "./hosted.js";

const MENU = [
  "What would you like to do? I can help with:",
  "1. Conference trip: Book a conference trip (flight, hotel, airport cabs) within the company travel policy and budget.",
  "2. Order refund: Return items from a shop order and refund them, to the card or as store credit.",
];

describe("a pick from the menu of skills, typed", () => {
  it("a number on the menu opens that skill with no model call", async () => {
    const h = await hostTripAndRefund();
    const turn = await h.say("2");
    expect(turn).toMatchObject({ skill: "order-refund", route: { started: "order-refund" }, pending: { kind: "ask", field: "email" } });
    expect(turn.reply.at(-1)).toBe("What email address did you order with?");
    expect(h.model.prompts).toHaveLength(0);
  });

  it("a skill's title or name typed alone opens it; a number off the menu says which there are", async () => {
    const h = await hostTripAndRefund();
    const off = await h.say(" 7 ");
    expect(off.skill).toBeNull();
    expect(off.reply).toEqual(["There are 2 skills: type a number from 1 to 2.", ...MENU]);
    expect(off.trace).toContainEqual({ type: "refused", field: "skill", message: "There are 2 skills: type a number from 1 to 2." });
    expect((await h.say("Conference trip")).pending).toMatchObject({ kind: "ask", field: "conference" });
    const other = await hostTripAndRefund();
    expect((await other.say("order-refund")).skill).toBe("order-refund");
    expect(h.model.prompts.length + other.model.prompts.length).toBe(0);
  });

  it("once a skill is in progress, a number is free text for it (the model is asked)", async () => {
    const h = await hostTripAndRefund();
    await h.say("1");
    h.model.script({});
    const turn = await h.say("2");
    expect(turn.skill).toBe("conference-trip");
    expect(h.model.prompts).toHaveLength(1);
  });

  it("an empty preset at the menu (a host opening a conversation) shows the menu alone", async () => {
    const h = await hostTripAndRefund();
    expect((await h.send({ preset: {} })).reply).toEqual(MENU);
  });
});
