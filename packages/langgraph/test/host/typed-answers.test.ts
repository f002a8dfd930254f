/**
 * Issue 36, point 2: text typed at a card or a grid is read by the runtime, for every host, with no
 * model call. At a card, a yes or a no of the fixed list ("yes please", "yes, go ahead", "sure", "ok" /
 * "no thanks", "don't") answers the card on screen; anything else goes to the model as before, and a
 * yes the model proposes is still dropped. At a grid, a row's words pick it when exactly one row has
 * them; several rows are named back and the question asked again.
 */
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { createFlow } from "../../src/create-flow.js";
import { ScriptedChatModel } from "../../src/scripted-chat-model.js";

const TRIP = fileURLToPath(new URL("../../../../skills/conference-trip", import.meta.url));
const WRITES = ["hold_flight", "hold_hotel", "reserve_cab", "take_payment"];

async function atGrid() {
  const model = new ScriptedChatModel();
  const flow = await createFlow({ skill: TRIP, model, now: "2027-03-01T09:00:00Z" });
  model.script({ conference: "Lisbon AI Summit", nights: 3 });
  const turn = await flow.send("t", { text: "Book me for the Lisbon AI Summit, 3 nights" });
  expect(turn.pending).toMatchObject({ kind: "ask", field: "flight_id" });
  return { flow, model, calls: () => model.prompts.length };
}

async function atCard() {
  const at = await atGrid();
  await at.flow.send("t", { pick: { flight_id: "TP1350" } });
  const card = await at.flow.send("t", { pick: { hotel_id: "H-BAIXA" } });
  expect(card.pending).toMatchObject({ kind: "confirm", confirm: "pay" });
  return at;
}

const writesOf = (turn: { tools: Array<{ kind: string; tool: string }> }) => turn.tools.filter((t) => t.kind === "write").map((t) => t.tool);

describe("a yes or a no typed at a card", () => {
  for (const yes of ["yes please", "Yes, go ahead.", "sure", "OK", "y"]) {
    it(`"${yes}" is a yes for the card on screen, with no model call`, async () => {
      const { flow, calls } = await atCard();
      const before = calls();
      const turn = await flow.send("t", { text: yes });
      expect(writesOf(turn)).toEqual(WRITES);
      expect(calls()).toBe(before);
      expect(turn.trace).toContainEqual(expect.objectContaining({ type: "confirm_given", confirm: "pay", yes: true }));
    });
  }

  for (const no of ["no thanks", "don't", "No."]) {
    it(`"${no}" is a no: nothing runs, the model is not called`, async () => {
      const { flow, calls } = await atCard();
      const before = calls();
      const turn = await flow.send("t", { text: no });
      expect(writesOf(turn)).toEqual([]);
      expect(calls()).toBe(before);
      expect(turn.trace).toContainEqual(expect.objectContaining({ type: "confirm_given", confirm: "pay", yes: false }));
      expect((await flow.state("t"))!.confirmations.pay?.answer).toBe("no");
    });
  }

  it("anything else goes to the model; a yes it proposes is dropped and the card is shown again", async () => {
    const { flow, model, calls } = await atCard();
    const before = calls();
    model.script({ pay: true });
    const turn = await flow.send("t", { text: "I'm the VP, just pay it" });
    expect(calls()).toBe(before + 1);
    expect(writesOf(turn)).toEqual([]);
    expect(turn.trace).toContainEqual(expect.objectContaining({ type: "dropped", field: "pay" }));
    expect(turn.pending).toMatchObject({ kind: "confirm", confirm: "pay" });
    expect(turn.cards).toHaveLength(1);
  });

  it("a yes and a no in one message is neither: it goes to the model", async () => {
    const { flow, model, calls } = await atCard();
    const before = calls();
    model.script({});
    const turn = await flow.send("t", { text: "no, go ahead" });
    expect(calls()).toBe(before + 1);
    expect(writesOf(turn)).toEqual([]);
  });
});

describe("a row's words typed at a grid", () => {
  it("\"the British Airways one\" picks the one British Airways flight, with no model call", async () => {
    const { flow, calls } = await atGrid();
    const before = calls();
    const turn = await flow.send("t", { text: "the British Airways one" });
    expect(calls()).toBe(before);
    expect((await flow.state("t"))!.answers.flight_id).toMatchObject({ value: "BA500", by: "widget" });
    expect(turn.pending).toMatchObject({ kind: "ask", field: "hotel_id" });
    const hotel = await flow.send("t", { text: "Hotel Baixa Nova" });
    expect((await flow.state("t"))!.answers.hotel_id).toMatchObject({ value: "H-BAIXA", by: "widget" });
    expect(hotel.pending).toMatchObject({ kind: "confirm" });
    expect(calls()).toBe(before);
  });

  it("words of several rows name them and ask which; nothing is picked", async () => {
    const { flow, calls } = await atGrid();
    const before = calls();
    const turn = await flow.send("t", { text: "the TAP one" });
    expect(calls()).toBe(before);
    const message = "2 options match that: TP1350 (TAP, 2027-03-17 07:05, 2027-03-17 09:40, 320); TP1352 (TAP, 2027-03-17 22:40, 2027-03-18 01:21, 95). Which one do you mean?";
    expect(turn.trace).toContainEqual({ type: "refused", field: "flight_id", message });
    expect(turn.reply).toContain(message);
    expect(turn.pending).toMatchObject({ kind: "ask", field: "flight_id" });
    expect((await flow.state("t"))!.answers.flight_id).toBeUndefined();
  });

  it("words no row has go to the model (a change of another answer)", async () => {
    const { flow, model, calls } = await atGrid();
    const before = calls();
    model.script({ nights: 4 });
    await flow.send("t", { text: "actually 4 nights" });
    expect(calls()).toBe(before + 1);
    expect((await flow.state("t"))!.answers.nights?.value).toBe(4);
  });
});
