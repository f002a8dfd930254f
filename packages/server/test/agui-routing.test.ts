/**
 * Several skills behind one AG-UI endpoint: with nothing in progress a run lists what the flow can do
 * and ends as a success (nothing to answer), the message that picks a skill ends with its question,
 * and a cancel ends with nothing in progress again — the state snapshot names the skill in progress.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AguiDriver } from "./helpers/agui-driver.js";
import { newToken, skillPath, startServe, type ServeFixture } from "./helpers/serve-fixture.js";

let serve: ServeFixture;
beforeAll(async () => void (serve = await startServe({ skills: [skillPath("conference-trip"), skillPath("order-refund")] })));
afterAll(() => serve.close());

describe("AG-UI with several skills", () => {
  it("routes, asks, and cancels; the interrupt and the snapshot follow the skill in progress", async () => {
    const chat = new AguiDriver(serve.url, await newToken(serve.url), "route-1");
    const first = await chat.look();
    expect(first.outcome).toBe("success");
    expect(first.text).toContain("What would you like to do? I can help with:");
    expect(first.state).toMatchObject({ skill: null, pending: null });

    const trip = await chat.say("I need a conference trip");
    expect(trip.interrupt).toMatchObject({ reason: "input_required", message: "Which conference are you going to?" });
    expect(trip.state!.skill).toBe("conference-trip");

    const cancelled = await chat.say("never mind");
    expect(cancelled.text[0]).toMatch(/^Cancelled: Conference trip\./);
    expect(cancelled.outcome).toBe("success");
    expect(cancelled.state).toMatchObject({ skill: null });
  });
});
