/**
 * A hand-off over AG-UI, on a real server: the run that hands the conversation over says `tell:` as a
 * text line, its state snapshot and its RUN_FINISHED result say `handedOff` (so an embedding backend can
 * route the thread to a person), and the hand-off tool ran once. Every later run says only that the
 * person is with a human agent, runs nothing, and still reports the hand-off.
 */
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AguiDriver, type RunOutput } from "./helpers/agui-driver.js";
import { newToken, startServe, type ServeFixture } from "./helpers/serve-fixture.js";

const HAND_OFF = fileURLToPath(new URL("../../../test/fixtures/serve/hand-off", import.meta.url));
const handed = () => ((globalThis as Record<string, unknown>).__handedOff ?? []) as Array<{ summary: string; key: string }>;
const finished = (run: RunOutput) => run.events.find((e) => e.type === "RUN_FINISHED") as unknown as { result?: Record<string, unknown> };

let serve: ServeFixture;
beforeAll(async () => void (serve = await startServe({ skills: [HAND_OFF] })));
afterAll(() => serve.close());

describe("AG-UI: a hand-off", () => {
  it("reports the hand-off at the end of the run and ends the conversation", async () => {
    const chat = new AguiDriver(serve.url, await newToken(serve.url), "handoff-1");
    await chat.look();
    const before = handed().length;
    const run = await chat.say("My parcel arrived broken and I want to talk to a person");
    expect(run.text).toContain("A human agent will take it from here. Please hold on.");
    expect(finished(run).result).toEqual({ done: true, handedOff: { tool: "pass_to_agent" } });
    expect(run.state!.handedOff).toEqual({ tool: "pass_to_agent" });
    expect(run.interrupt).toBeUndefined();
    expect(handed().slice(before)).toHaveLength(1);

    const later = await chat.say("Hello? Can you refund my order instead?");
    expect(later.text).toEqual(["You are with a human agent now: this conversation was handed over to them, so nothing more is done here."]);
    expect(finished(later).result).toEqual({ done: true, handedOff: { tool: "pass_to_agent" } });
    expect(later.state!.usage.modelCalls).toBe(1);
    expect(handed().slice(before)).toHaveLength(1);
  });
});
