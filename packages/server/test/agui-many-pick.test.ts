/**
 * A pick of several rows (`many: true`, issue 23) over AG-UI, on a real server: the grid says it takes
 * several rows, the interrupt's response schema is a list of the row ids, and one resume with the list
 * picks them all. Attacks on the channel: an id that is not a row and a single id instead of a list are
 * refused by the server with one sentence (nothing applied); a row named twice and an empty list reach
 * the runtime, which refuses them in the person's words and shows the grid again; nothing is written.
 */
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AguiDriver } from "./helpers/agui-driver.js";
import { newToken, startServe, type ServeFixture } from "./helpers/serve-fixture.js";

const RETURN_LINES = fileURLToPath(new URL("../../../test/fixtures/serve/return_lines", import.meta.url));
const returned = () => ((globalThis as Record<string, unknown>).__returnLines ?? []) as Array<{ order_id: string; item_ids: string[] }>;

let serve: ServeFixture;
beforeAll(async () => void (serve = await startServe({ skills: [RETURN_LINES] })));
afterAll(() => serve.close());

async function toGrid(thread: string) {
  const chat = new AguiDriver(serve.url, await newToken(serve.url), thread);
  await chat.look();
  const grid = await chat.say("#W1");
  return { chat, grid };
}

describe("AG-UI: several rows picked from one grid", () => {
  it("offers a list of the row ids and takes the rows in one resume; the card lists both, one write on yes", async () => {
    const { chat, grid } = await toGrid("many-1");
    const activity = grid.activities.find((a) => a.activityType === "skillflow.grid")!;
    expect(activity.content).toMatchObject({ field: "item_ids", many: true, headers: ["Item", "Price"] });
    expect(grid.interrupt!.responseSchema!.properties.item_ids).toEqual({
      type: "array", items: { type: "string", enum: ["lamp", "chair", "mug"] }, minItems: 1, uniqueItems: true,
    });
    expect((grid.interrupt!.metadata as any).skillflow).toMatchObject({ kind: "ask", field: "item_ids", pick: true, many: true });

    const card = await chat.answer({ item_ids: ["lamp", "mug"] });
    expect(card.state!.answers.item_ids).toEqual({ value: ["lamp", "mug"], by: "widget" });
    const shown = card.activities.find((a) => a.activityType === "skillflow.card")!;
    expect(shown.content.question).toBe("Return Desk lamp, Coffee mug from order #W1?");
    expect(shown.content.writes[0].inputs).toEqual({ order_id: "#W1", item_ids: ["lamp", "mug"] });
    expect(card.state!.usage.modelCalls).toBe(1);

    const before = returned().length;
    const done = await chat.answer({ yes: true });
    expect(done.text).toContain("Returned 2 items from order #W1.");
    expect(returned().slice(before)).toEqual([{ order_id: "#W1", item_ids: ["lamp", "mug"] }]);
  });

  it("refuses an id that is not a row, or one id instead of a list, with one sentence and nothing applied", async () => {
    const { chat, grid } = await toGrid("many-2");
    const stranger = await chat.answer({ item_ids: ["lamp", "sofa"] });
    expect(stranger.types).toEqual(["RUN_STARTED", "RUN_ERROR"]);
    expect(stranger.error).toEqual({ code: "not_offered", message: "\"sofa\" is not one of the values offered for \"item_ids\" (lamp, chair, mug)." });
    const single = await chat.answer({ item_ids: "lamp" });
    expect(single.error).toEqual({ code: "not_offered", message: "The answer for \"item_ids\" is a list of the values offered (lamp, chair, mug), like [\"lamp\"]." });
    expect(chat.open!.id).toBe(grid.interrupt!.id);
    const still = await chat.look();
    expect(still.state!.answers.item_ids).toBeUndefined();
  });

  it("a row named twice, or none, is refused by the runtime in words and the grid is shown again; nothing is written", async () => {
    const { chat } = await toGrid("many-3");
    const before = returned().length;
    const twice = await chat.answer({ item_ids: ["lamp", "lamp"] });
    expect(twice.text).toContain("Please pick each of the listed options at most once.");
    expect(twice.activities.some((a) => a.activityType === "skillflow.grid" && a.content.many)).toBe(true);
    expect(twice.state!.answers.item_ids).toBeUndefined();
    const none = await chat.answer({ item_ids: [] });
    expect(none.text).toContain("Please pick one or more of the listed options.");
    expect(none.interrupt!.reason).toBe("input_required");
    expect(returned().length).toBe(before);
  });
});
