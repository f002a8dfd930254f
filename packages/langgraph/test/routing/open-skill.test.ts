/**
 * `{ open: skill }`: a pick from the menu of skills. It starts (or resumes from hold) the skill with no
 * model call, puts the one in progress on hold as a switch does, and a name the flow does not host
 * changes nothing and is traced as dropped.
 */
import { describe, expect, it } from "vitest";
import { createFlow } from "../../src/create-flow.js";
import { ScriptedChatModel } from "../../src/scripted-chat-model.js";
import { hostTripAndRefund, TRIP } from "./hosted.js";

describe("opening a hosted skill by name", () => {
  it("starts the skill at its first question, with no model call", async () => {
    const h = await hostTripAndRefund();
    const turn = await h.send({ open: "order-refund" });
    expect(turn).toMatchObject({ skill: "order-refund", route: { started: "order-refund" }, pending: { kind: "ask", field: "email" } });
    expect(turn.reply.at(-1)).toBe("What email address did you order with?");
    expect(turn.usage.modelCalls).toBe(0);
    expect(h.model.prompts).toHaveLength(0);
  });

  it("puts the skill in progress on hold, and opening it again resumes it with its answers", async () => {
    const h = await hostTripAndRefund();
    await h.say("Lisbon AI Summit, 3 nights", { skill: "conference-trip", conference: "Lisbon AI Summit", nights: 3 });
    const away = await h.send({ open: "order-refund" });
    expect(away).toMatchObject({ skill: "order-refund", route: { held: "conference-trip", started: "order-refund" } });
    const back = await h.send({ open: "conference-trip" });
    expect(back).toMatchObject({ skill: "conference-trip", route: { held: "order-refund", resumed: "conference-trip" } });
    expect(back.pending).toMatchObject({ kind: "ask", field: "flight_id" });
    expect(h.model.prompts).toHaveLength(1);
  });

  it("opening the skill in progress shows where it stands and changes nothing", async () => {
    const h = await hostTripAndRefund();
    await h.send({ open: "conference-trip" });
    const again = await h.send({ open: "conference-trip" });
    expect(again).toMatchObject({ skill: "conference-trip", pending: { kind: "ask", field: "conference" } });
    expect(again.route).toBeUndefined();
  });

  it("drops a name the flow does not host, and stays idle", async () => {
    const h = await hostTripAndRefund();
    const turn = await h.send({ open: "weather" });
    expect(turn.skill).toBeNull();
    expect(turn.trace).toContainEqual({ type: "dropped", field: "skill", reason: "no hosted skill is named weather" });
    expect(turn.reply[0]).toBe("What would you like to do? I can help with:");
    expect(turn.reply.slice(1)).toEqual([
      "1. Conference trip: Book a conference trip (flight, hotel, airport cabs) within the company travel policy and budget.",
      "2. Order refund: Return items from a shop order and refund them, to the card or as store credit.",
    ]);
  });

  it("in a one-skill flow, its own name shows its question; another is dropped", async () => {
    const flow = await createFlow({ skill: TRIP, model: new ScriptedChatModel([], { strict: true }) });
    const own = await flow.send("one", { open: "conference-trip" });
    expect(own.pending).toMatchObject({ kind: "ask", field: "conference" });
    const other = await flow.send("one", { open: "order-refund" });
    expect(other.trace).toContainEqual({ type: "dropped", field: "skill", reason: "this flow hosts only conference-trip, not order-refund" });
    expect(other.pending).toMatchObject({ kind: "ask", field: "conference" });
  });
});
