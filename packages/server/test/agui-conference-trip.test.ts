/**
 * The AG-UI mapping, driven by `@ag-ui/client`'s HttpAgent (event-order verification on) against a
 * real server on node:http: the conference trip from the first question to the payment, with the late
 * flight refused and the grid shown again, a forged row key, a pick for a field not being asked, an
 * interrupt that is not open, and a stale card — each refused with one sentence, changing nothing; and
 * a row's words and a yes in words typed as messages, answered with no model call.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AguiDriver } from "./helpers/agui-driver.js";
import { newToken, startServe, type ServeFixture } from "./helpers/serve-fixture.js";

let serve: ServeFixture;
beforeAll(async () => void (serve = await startServe()));
afterAll(() => serve.close());

describe("AG-UI: the conference trip", () => {
  it("asks, shows grids and the checkout as activities, ends each run with an interrupt, and books once on yes", async () => {
    const chat = new AguiDriver(serve.url, await newToken(serve.url), "trip-1");

    const first = await chat.look();
    expect(first.types[0]).toBe("RUN_STARTED");
    expect(first.types.slice(-2)).toEqual(["STATE_SNAPSHOT", "RUN_FINISHED"]);
    expect(first.text).toEqual(["Which conference are you going to?"]);
    expect(first.activities.map((a) => a.activityType)).toEqual(["skillflow.form"]);
    expect(first.interrupt).toMatchObject({ reason: "input_required", message: "Which conference are you going to?" });
    expect(first.interrupt!.responseSchema).toEqual({
      type: "object", properties: { conference: { type: "string", minLength: 1 } }, required: ["conference"], additionalProperties: false,
    });

    const flights = await chat.say("Lisbon AI Summit, 3 nights");
    expect(flights.text[0]).toContain("Let's get you to Lisbon AI Summit in Lisbon");
    const grid = flights.activities.find((a) => a.activityType === "skillflow.grid")!;
    expect(grid.content.field).toBe("flight_id");
    expect(grid.content.rows.map((r: { id: string }) => r.id)).toEqual(["TP1350", "BA500", "FR8342", "TP1352"]);
    expect(grid.content.interruptId).toBe(flights.interrupt!.id);
    // The response schema lists exactly the row keys on offer.
    expect(flights.interrupt!.responseSchema!.properties.flight_id).toEqual({ type: "string", enum: ["TP1350", "BA500", "FR8342", "TP1352"] });
    expect(flights.state!.answers).toMatchObject({ conference: { value: "Lisbon AI Summit", by: "model" }, nights: { value: 3 } });

    // The late flight: refused by the policy check, the grid back, a new interrupt; no model call.
    const late = await chat.answer({ flight_id: "TP1352" });
    expect(late.text.some((t) => t.includes("must land by 8 pm"))).toBe(true);
    const refusal = late.events.find((e) => e.type === "TEXT_MESSAGE_START" && (e.metadata as any)?.skillflow?.refusal);
    expect(refusal).toBeDefined();
    expect(late.activities.some((a) => a.activityType === "skillflow.grid" && a.content.field === "flight_id")).toBe(true);
    expect(late.interrupt!.id).not.toBe(flights.interrupt!.id);
    expect(late.state!.usage.modelCalls).toBe(1);
    expect(late.state!.answers.flight_id).toBeUndefined();

    const hotels = await chat.answer({ flight_id: "TP1350" });
    expect(hotels.state!.answers.flight_id).toEqual({ value: "TP1350", by: "widget" });
    expect(hotels.interrupt!.responseSchema!.properties.hotel_id.enum).toEqual(["H-BAIXA", "H-ALFAMA", "H-TOWER"]);

    const checkout = await chat.answer({ hotel_id: "H-BAIXA" });
    const card = checkout.activities.find((a) => a.activityType === "skillflow.checkout")!;
    expect(card.content.question).toBe("Pay 1,020.00 EUR for flight TP1350 and 3 nights at Hotel Baixa Nova?");
    expect(card.content.writes.map((w: { tool: string }) => w.tool)).toEqual(["hold_flight", "hold_hotel", "reserve_cab", "take_payment"]);
    expect(card.content.writes[1].inputs).toEqual({ hotel_id: "H-BAIXA", nights: 3, conference: "Lisbon AI Summit" });
    expect(checkout.interrupt).toMatchObject({ reason: "confirmation", message: card.content.question });
    expect((checkout.interrupt!.metadata as any).skillflow.card.writes).toEqual(card.content.writes);
    expect(checkout.interrupt!.responseSchema).toEqual({ type: "object", properties: { yes: { type: "boolean" } }, required: ["yes"], additionalProperties: false });

    const paid = await chat.answer({ yes: true });
    expect(paid.text.at(-1)).toMatch(/^Booked\. Your reference is TRIP-/);
    expect(paid.outcome).toBe("success");
    expect(paid.interrupt).toBeUndefined();
    expect(paid.state!.writes.map((w: { tool: string; status: string }) => `${w.tool}:${w.status}`))
      .toEqual(["hold_flight:done", "hold_hotel:done", "reserve_cab:done", "take_payment:done"]);
    expect(paid.state!.done).toBe(true);
  });

  it("takes a row's words at a grid and \"yes please\" at the checkout as typed answers, with no model call (issue 36)", async () => {
    const chat = new AguiDriver(serve.url, await newToken(serve.url), "trip-words");
    await chat.look();
    await chat.say("Lisbon AI Summit, 3 nights");
    const hotels = await chat.say("the British Airways one");
    expect(hotels.state!.answers.flight_id).toEqual({ value: "BA500", by: "widget" });
    const checkout = await chat.say("Hotel Baixa Nova");
    expect(checkout.interrupt).toMatchObject({ reason: "confirmation", message: "Pay 1,065.00 EUR for flight BA500 and 3 nights at Hotel Baixa Nova?" });
    const paid = await chat.say("yes please");
    expect(paid.text.at(-1)).toMatch(/^Booked\. Your reference is TRIP-/);
    expect(paid.state!.writes.map((w: { tool: string }) => w.tool)).toEqual(["hold_flight", "hold_hotel", "reserve_cab", "take_payment"]);
    expect(paid.state!.usage.modelCalls).toBe(1);
  });

  it("refuses a forged row key, a pick for another field and an interrupt that is not open, changing nothing", async () => {
    const chat = new AguiDriver(serve.url, await newToken(serve.url), "trip-2");
    await chat.look();
    const flights = await chat.say("Lisbon AI Summit, 3 nights");
    const before = flights.state;

    const forged = await chat.answer({ flight_id: "XX0001" });
    expect(forged.types).toEqual(["RUN_STARTED", "RUN_ERROR"]);
    expect(chat.open!.id).toBe(flights.interrupt!.id);
    expect(forged.error).toEqual({ code: "not_offered", message: "\"XX0001\" is not one of the values offered for \"flight_id\" (TP1350, BA500, FR8342, TP1352)." });

    const other = await chat.answer({ hotel_id: "H-BAIXA" });
    expect(other.error).toMatchObject({ code: "wrong_field", message: `Interrupt ${flights.interrupt!.id} asks for "flight_id" only, and the answer gave "hotel_id".` });

    // A client without HttpAgent's coverage check names an interrupt that is not open.
    const closed = await chat.raw({ resume: [{ interruptId: "i_not-open", status: "resolved", payload: { flight_id: "TP1350" } }] });
    expect(closed.events.map((e) => e.type)).toEqual(["RUN_STARTED", "RUN_ERROR"]);
    expect(closed.events[1]).toMatchObject({ code: "interrupt_not_open", message: `Interrupt i_not-open is not open (the open one is ${flights.interrupt!.id}); nothing was changed. Start a run without it to see where the conversation stands.` });
    const twice = await chat.raw({ resume: [1, 2].map(() => ({ interruptId: flights.interrupt!.id, status: "cancelled" })) });
    expect(twice.events[1]).toMatchObject({ code: "duplicate_resume" });

    const again = await chat.look();
    expect(again.state).toEqual(before);
    expect(again.interrupt!.id).toBe(flights.interrupt!.id);
    // The log has one line per turn: the two that ran, none for the refused runs.
    expect(serve.logs.filter((l) => JSON.parse(l).thread === "trip-2").map((l) => JSON.parse(l).event)).toEqual(["preset", "text"]);
  });

  it("a yes on a card that changed since it was shown answers nothing: the new card is shown", async () => {
    const chat = new AguiDriver(serve.url, await newToken(serve.url), "trip-3");
    await chat.look();
    await chat.say("Lisbon AI Summit, 3 nights");
    await chat.answer({ flight_id: "TP1350" });
    const card3 = await chat.answer({ hotel_id: "H-BAIXA" });
    const stale = card3.interrupt!;
    // Another tab changes the nights: the card now lists 4 nights (and a new digest).
    const other = new AguiDriver(serve.url, undefined, "trip-3");
    other.agent.headers = chat.agent.headers;
    const changed = await other.say("make it 2 nights");
    const card2 = changed.interrupt!;
    expect(card2.message).toBe("Pay 810.00 EUR for flight TP1350 and 2 nights at Hotel Baixa Nova?");
    expect((card2.metadata as any).skillflow.card.digest).not.toBe((stale.metadata as any).skillflow.card.digest);
    // The first tab still shows the 3-night card and presses yes on it: refused, nothing runs.
    const pressed = await chat.run({ resume: [{ interruptId: stale.id, status: "resolved", payload: { yes: true } }] });
    expect(pressed.error?.code).toBe("interrupt_not_open");
    const now = await other.look();
    expect(now.state!.writes).toEqual([]);
    expect(now.interrupt!.id).toBe(card2.id);
  });
});
