/** The offline extractor with several skills: its switch and cancel rules, and a whole conversation. */
import { describe, expect, it } from "vitest";
import { createFlow } from "../../src/create-flow.js";
import { offlineModel } from "../../src/models/offline-model.js";
import { hasSwitchCue, isCancelPhrase, readIntent } from "../../src/models/offline/read-intent.js";
import { REFUND, TRIP } from "./hosted.js";

describe("offline intent rules", () => {
  it.each(["cancel", "Cancel.", "never mind", "Nevermind!", "forget it", "OK, cancel the trip", "no, cancel that please", "stop", "Actually, forget about it"])(
    "%j is a cancel",
    (text) => expect(isCancelPhrase(text)).toBe(true),
  );

  it.each(["no", "Never mind, make it 4 nights", "cancel the trip and book me a hotel in Paris", "non-stop flights only", "keep it", "I changed my mind"])(
    "%j is not a cancel",
    (text) => expect(isCancelPhrase(text)).toBe(false),
  );

  it("switches only to another skill, and only with a cue", () => {
    expect(readIntent("forget it, I want a refund instead", "trip", "refund")).toBe("switch");
    expect(readIntent("back to my trip", "refund", "trip")).toBe("switch");
    expect(readIntent("the refund for my trip", "trip", "refund")).toBeUndefined();
    expect(readIntent("I want a refund", "refund", "refund")).toBeUndefined();
    expect(readIntent("I want a refund", "", "refund")).toBeUndefined();
    expect(readIntent("cancel", "", undefined)).toBeUndefined();
    expect(hasSwitchCue("Let's do the refund")).toBe(true);
  });
});

describe("offline routing through createFlow", () => {
  it("starts, switches, comes back with the answers kept, and cancels — with no key", async () => {
    const flow = await createFlow({ skills: [TRIP, REFUND], model: offlineModel(), now: "2027-03-01T09:00:00Z" });
    const send = (text: string) => flow.send("o", { text });

    const start = await send("I need a conference trip, 3 nights");
    expect(start).toMatchObject({ skill: "conference-trip", pending: { kind: "ask", field: "conference" } });
    await send("Lisbon AI Summit");
    const trip = (await flow.state("o"))!.answers;
    expect(trip.nights?.value).toBe(3);
    expect(trip.conference?.value).toBe("Lisbon AI Summit");

    const away = await send("forget it, I want a refund instead");
    expect(away).toMatchObject({ skill: "order-refund", route: { held: "conference-trip", started: "order-refund" } });
    expect((await send("maria@example.com")).pending).toMatchObject({ kind: "ask", field: "order_id" });

    const back = await send("back to my trip");
    expect(back).toMatchObject({ skill: "conference-trip", route: { held: "order-refund", resumed: "conference-trip" } });
    expect((await flow.state("o"))!.answers).toEqual(trip);
    expect(back.pending).toMatchObject({ kind: "ask", field: "flight_id" });

    const cancel = await send("cancel");
    expect(cancel).toMatchObject({ skill: null, route: { cancelled: "conference-trip" } });
    expect((await flow.conversation("o"))!.skills).not.toHaveProperty("conference-trip");
    expect((await flow.conversation("o"))!.usage.modelCalls).toBe(6);
  });
});
