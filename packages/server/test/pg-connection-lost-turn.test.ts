/**
 * PostgreSQL connections dropped right after a turn went through the flow (the checkout's Pay: the
 * payment is taken), before the server recorded it. The turn was lost: the next run showed the Pay card
 * again, with the same interrupt id, as if nothing had been paid. The server's statements are now sent
 * once more after a lost connection. Needs PG_URL. The drop comes from the log hook, right after
 * flow.send returns (helpers/pg-drop.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AguiDriver } from "./helpers/agui-driver.js";
import { serveWithDrop, type DropFixture } from "./helpers/pg-drop.js";
import { newToken } from "./helpers/serve-fixture.js";

const PG_URL = process.env.PG_URL || undefined;
let drop: DropFixture | undefined;
beforeAll(async () => void (drop = PG_URL ? await serveWithDrop(PG_URL, "lost_turn", '"event":"press"') : undefined));
afterAll(() => drop?.close());

describe.skipIf(!PG_URL)("the database connection drops right after a turn", () => {
  it("the next run shows what the turn did, not the card it already answered", async () => {
    const chat = new AguiDriver(drop!.serve.url, await newToken(drop!.serve.url), `lost-turn-${Date.now()}`);
    await chat.look();
    await chat.say("Lisbon AI Summit, 3 nights");
    await chat.answer({ flight_id: "TP1350" });
    const checkout = await chat.answer({ hotel_id: "H-BAIXA" });
    expect(checkout.interrupt).toMatchObject({ reason: "confirmation" });
    const cardInterrupt = checkout.interrupt!.id;

    drop!.arm();
    const paid = await chat.run({ resume: [{ interruptId: cardInterrupt, status: "resolved", payload: { yes: true } }] });
    expect(drop!.dropped()).toBe(true);
    // The run itself may end in RUN_ERROR (the flow's own connections were dropped too); its turns are shown.
    expect(paid.text.some((t: string) => t.startsWith("Booked."))).toBe(true);

    const next = await chat.raw({});
    const text = next.events.filter((e: any) => e.type === "TEXT_MESSAGE_CONTENT").map((e: any) => e.delta);
    const finished = next.events.find((e: any) => e.type === "RUN_FINISHED") as any;
    const state = (next.events.find((e: any) => e.type === "STATE_SNAPSHOT") as any)?.snapshot;
    // The flow took the payment (its state says so) …
    expect(state.writes.map((w: any) => `${w.tool}:${w.status}`)).toContain("take_payment:done");
    // … so the conversation must not offer the same Pay card, under the same interrupt id, again.
    expect(finished.outcome.type === "interrupt" ? finished.outcome.interrupts[0].id : null).not.toBe(cardInterrupt);
    expect(text).not.toContain("Pay 1,020.00 EUR for flight TP1350 and 3 nights at Hotel Baixa Nova?");
  });
});
