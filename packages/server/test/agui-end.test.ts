/**
 * An `end` over AG-UI, on a real server: the run that reaches it says `tell:` as a text line, and its
 * state snapshot and RUN_FINISHED result name the outcome and its status (so an embedding backend can
 * show how the conversation ended). Every later run says only that the conversation has ended, runs
 * nothing, calls no model, and still reports the outcome.
 */
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AguiDriver, type RunOutput } from "./helpers/agui-driver.js";
import { newToken, startServe, type ServeFixture } from "./helpers/serve-fixture.js";

const LOAN = fileURLToPath(new URL("../../../test/fixtures/endings/library-loan", import.meta.url));
const finished = (run: RunOutput) => run.events.find((e) => e.type === "RUN_FINISHED") as unknown as { result?: Record<string, unknown> };

let serve: ServeFixture;
beforeAll(async () => void (serve = await startServe({ skills: [LOAN] })));
afterAll(() => serve.close());

describe("AG-UI: an end", () => {
  it("reports the outcome at the end of the run, and of every later run, which runs nothing", async () => {
    const chat = new AguiDriver(serve.url, await newToken(serve.url), "end-1");
    await chat.look();
    const run = await chat.say("My card is C9999");
    expect(run.text).toContain("Card C9999 cannot borrow books (it has expired), so nothing was lent.");
    expect(finished(run).result).toEqual({ done: true, ended: { outcome: "card_invalid", status: "failed" } });
    expect(run.state!.ended).toEqual({ outcome: "card_invalid", status: "failed" });

    const later = await chat.say("Then use card C1234");
    expect(later.text).toEqual(["This conversation has ended, so nothing more is done in it. Start a new conversation for anything else."]);
    expect(finished(later).result).toEqual({ done: true, ended: { outcome: "card_invalid", status: "failed" } });
    expect(later.state!.usage.modelCalls).toBe(run.state!.usage.modelCalls);
  });
});
