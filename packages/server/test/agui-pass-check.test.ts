/**
 * A failing check across a loop's passes (issue 38 E) over AG-UI, on a real server: the pick of the
 * payment to change is a pick like any — a `skillflow.grid` of the loop's elements whose rows read in
 * words (each with the answer its pass gave), an interrupt whose response schema is the payments' ids —
 * and one resume with an id clears that payment alone, which is asked again. A payment the grid did not
 * offer is refused by the server with nothing applied, and no card is shown while the sum is wrong.
 */
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AguiDriver } from "./helpers/agui-driver.js";
import { newToken, startServe, type ServeFixture } from "./helpers/serve-fixture.js";

const SPLIT_PAYMENT = fileURLToPath(new URL("../../../test/fixtures/loops/split-payment", import.meta.url));

let serve: ServeFixture;
beforeAll(async () => void (serve = await startServe({ skills: [SPLIT_PAYMENT] })));
afterAll(() => serve.close());

async function toCheck(thread: string) {
  const chat = new AguiDriver(serve.url, await newToken(serve.url), thread);
  await chat.look();
  await chat.say("B1");
  await chat.answer({ method_ids: ["visa-4242", "gift-77"] });
  await chat.say("200");
  const check = await chat.say("50");
  return { chat, check };
}

describe("AG-UI: the payment to change at a failing check", () => {
  it("shows the payments as a grid in words, takes one by resume, asks it again, and shows the card once the sum holds", async () => {
    const { chat, check } = await toCheck("pass-1");
    expect(check.text).toContain("Those add up to 250.00, not 300.00. Which one do you want to change?");
    expect(check.activities.some((a) => a.activityType === "skillflow.card")).toBe(false);
    const grid = check.activities.find((a) => a.activityType === "skillflow.grid")!;
    expect(grid.content).toMatchObject({ field: "payments", headers: ["ID", "Name", "Amount"] });
    expect(check.interrupt!.responseSchema!.properties.payments).toMatchObject({ enum: ["visa-4242", "gift-77"] });
    expect((check.interrupt!.metadata as any).skillflow).toMatchObject({ kind: "ask", field: "payments", pick: true });

    const again = await chat.answer({ payments: "gift-77" });
    expect(again.text).toContain("How much goes on Gift card 77?");
    expect(again.state!.answers["amount@3:visa-4242"]).toMatchObject({ value: 200 });
    expect(again.state!.answers["amount@3:gift-77"]).toBeUndefined();
    const card = await chat.say("100");
    const shown = card.activities.find((a) => a.activityType === "skillflow.card")!;
    expect(shown.content.question).toBe("Charge Visa ending 4242 200.00, Gift card 77 100.00 for booking B1?");
  });

  it("refuses a payment the grid did not offer, with one sentence and nothing cleared", async () => {
    const { chat, check } = await toCheck("pass-2");
    const stranger = await chat.answer({ payments: "amex-1005" });
    expect(stranger.types).toEqual(["RUN_STARTED", "RUN_ERROR"]);
    expect(stranger.error).toMatchObject({ code: "not_offered" });
    expect(chat.open!.id).toBe(check.interrupt!.id);
    const still = await chat.look();
    expect(Object.keys(still.state!.answers).filter((k) => k.startsWith("amount@"))).toHaveLength(2);
  });
});
