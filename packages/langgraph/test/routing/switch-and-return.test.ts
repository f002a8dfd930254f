/**
 * Several skills in one conversation, through `createFlow`: a switched skill's writes never run without
 * a new yes, its answers come back with it, and a message that starts or switches costs one model call.
 */
import { describe, expect, it } from "vitest";
import { createFlow } from "../../src/create-flow.js";
import { ScriptedChatModel } from "../../src/scripted-chat-model.js";
import { hostTripAndRefund, TRIP, TRIP_WRITES, tripToCard } from "./hosted.js";

const SWITCH_TO_REFUND = { intent: "switch", skill: "order-refund", email: "maria@example.com" };

describe("routing: a switched skill's writes", () => {
  it("do not run when its button is pressed after the switch, nor on the way back", async () => {
    const h = await hostTripAndRefund();
    await tripToCard(h);
    await h.say("Forget it, I want a refund instead", SWITCH_TO_REFUND);
    const stray = await h.send({ press: "pay" });
    expect(stray.trace).toContainEqual(expect.objectContaining({ type: "dropped", field: "pay" }));
    const back = await h.say("Back to my trip", { intent: "switch", skill: "conference-trip" });
    expect(h.writes()).toEqual([]);
    expect(back.pending).toMatchObject({ kind: "confirm", confirm: "pay" });
    await h.send({ press: "pay" });
    expect(h.writes()).toEqual(TRIP_WRITES);
  });

  it("lose a yes given before the switch: the rest runs only after a new yes", async () => {
    // Three calls per event: Pay runs three bookings, then stops with the yes still standing.
    const h = await hostTripAndRefund({ limits: { maxCallsPerEvent: 3 } });
    await tripToCard(h);
    await h.send({ press: "pay" });
    expect(h.writes()).toEqual(TRIP_WRITES.slice(0, 3));
    expect((await h.flow.state("t"))?.confirmations.pay?.answer).toBe("yes");

    const away = await h.say("Forget it, I want a refund instead", SWITCH_TO_REFUND);
    const back = await h.say("Back to my trip", { intent: "switch", skill: "conference-trip" });
    expect(h.writes()).toEqual(TRIP_WRITES.slice(0, 3));
    expect(back.cards.map((c) => c.confirm)).toEqual(["pay"]);
    expect(away.route).toMatchObject({ held: "conference-trip", started: "order-refund", voided: ["pay"] });

    const pay = await h.send({ press: "pay" });
    expect(pay.tools.map((t) => t.tool)).toEqual(["take_payment"]);
    expect(h.writes()).toEqual(TRIP_WRITES);
  });

  it("keep distinct idempotency keys per skill and per run", async () => {
    const h = await hostTripAndRefund();
    await tripToCard(h);
    await h.say("Forget it, I want a refund instead", SWITCH_TO_REFUND);
    const conversation = await h.flow.conversation("t");
    expect(conversation?.active).toBe("order-refund");
    expect(conversation?.skills["conference-trip"]?.flowId).toBe("t:conference-trip");
    expect(conversation?.skills["order-refund"]?.flowId).toBe("t:order-refund");

    await h.say("never mind", { intent: "cancel" });
    await h.say("I want a refund", { skill: "order-refund" });
    expect((await h.flow.state("t"))?.flowId).toBe("t:order-refund#2");
  });
});

describe("routing: coming back", () => {
  it("resumes the skill with every answer it had, at the question it stopped at", async () => {
    const h = await hostTripAndRefund();
    await h.say("Lisbon AI Summit, 3 nights", { skill: "conference-trip", conference: "Lisbon AI Summit", nights: 3 });
    await h.send({ pick: { flight_id: "TP1350" } });
    const before = (await h.flow.state("t"))!.answers;
    expect(Object.keys(before).sort()).toEqual(["conference", "flight_id", "nights"]);

    await h.say("Actually I need a refund first", SWITCH_TO_REFUND);
    await h.say("cancel", { intent: "cancel" });
    const back = await h.say("back to the trip", { skill: "conference-trip" });

    expect(back.route).toEqual({ resumed: "conference-trip" });
    expect((await h.flow.state("t"))!.answers).toEqual(before);
    expect(back.pending).toMatchObject({ kind: "ask", field: "hotel_id" });
    expect(back.reply).toContain("Back to Conference trip.");
  });

  it("applies the values of the message that comes back to the skill it comes back to", async () => {
    const h = await hostTripAndRefund();
    await h.say("Lisbon AI Summit, 3 nights", { skill: "conference-trip", conference: "Lisbon AI Summit", nights: 3 });
    await h.say("Actually I need a refund first", SWITCH_TO_REFUND);
    await h.say("back to the trip, make it 4 nights", { intent: "switch", skill: "conference-trip", nights: 4 });
    const answers = (await h.flow.state("t"))!.answers;
    expect(answers.nights?.value).toBe(4);
    expect(answers.conference?.value).toBe("Lisbon AI Summit");
  });
});

describe("routing: one model call per message", () => {
  it("picks the skill, fills its fields and switches in the same call", async () => {
    const h = await hostTripAndRefund();
    const first = await h.say("Lisbon AI Summit, 3 nights", { skill: "conference-trip", conference: "Lisbon AI Summit", nights: 3 });
    expect(first.usage.modelCalls).toBe(1);
    expect(h.model.prompts).toHaveLength(1);
    expect(first.pending).toMatchObject({ kind: "ask", field: "flight_id" });

    const switched = await h.say("Forget it, I want a refund instead", SWITCH_TO_REFUND);
    expect(switched.usage.modelCalls).toBe(1);
    expect(h.model.prompts).toHaveLength(2);
    expect(switched.skill).toBe("order-refund");
    expect((await h.flow.state("t"))!.answers.email?.value).toBe("maria@example.com");
    expect((await h.flow.conversation("t"))!.usage.modelCalls).toBe(2);
  });

  it("offers the other skills' fields in the one prompt, and the skill in progress's as its own", async () => {
    const h = await hostTripAndRefund();
    await h.say("Lisbon AI Summit", { skill: "conference-trip", conference: "Lisbon AI Summit" });
    await h.say("3 nights", { nights: 3 });
    const system = h.model.prompts[1]!.messages[0]!.content;
    expect(system).toContain('You fill in fields for the skill "conference-trip"');
    expect(system).toMatch(/Other skills:\n- order-refund: .*\nTheir other fields:\n- email: /);
    expect(system).toContain("intent");
    const opening = h.model.prompts[0]!.messages[0]!.content;
    expect(opening).toMatch(/^No skill is in progress/);
    expect(opening).toMatch(/- conference-trip: .*\n[^]*Their fields:\n- conference: /);
  });

  it("does not switch when the model names another skill without saying the person switches", async () => {
    const h = await hostTripAndRefund();
    await h.say("Lisbon AI Summit", { skill: "conference-trip", conference: "Lisbon AI Summit" });
    const turn = await h.say("3 nights, is the refund policy generous?", { skill: "order-refund", nights: 3 });
    expect(turn.skill).toBe("conference-trip");
    expect(turn.trace).toContainEqual(expect.objectContaining({ type: "dropped", field: "skill" }));
    expect((await h.flow.state("t"))!.answers.nights?.value).toBe(3);
  });
});

describe("routing: one skill", () => {
  it("keeps a one-skill flow as it was: no skills offered, the thread id as the flow id", async () => {
    const model = new ScriptedChatModel([{ conference: "Lisbon AI Summit", nights: 3 }]);
    const flow = await createFlow({ skill: TRIP, model, now: "2027-03-01T09:00:00Z" });
    const turn = await flow.send("solo", { text: "Lisbon, 3 nights" });
    expect(turn.skill).toBeUndefined();
    expect(model.prompts[0]!.messages[0]!.content).not.toContain("Other skills");
    expect(model.prompts[0]!.tools).toEqual(["extract"]);
    expect((await flow.state("solo"))?.flowId).toBe("solo");
    expect(flow.skills.map((s) => s.name)).toEqual(["conference-trip"]);
    expect(await flow.conversation("solo")).toMatchObject({ active: "conference-trip", usage: { modelCalls: 1 } });
  });

  it("refuses both `skill` and `skills`, and a repeated skill", async () => {
    const model = new ScriptedChatModel();
    await expect(createFlow({ skill: TRIP, skills: [TRIP], model })).rejects.toThrow(/not both/);
    await expect(createFlow({ skills: [TRIP, TRIP], model })).rejects.toThrow(/two skills are named conference-trip/);
  });
});
