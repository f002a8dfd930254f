/**
 * A2UI over AG-UI on a real server: a client that asks for `forwardedProps.skillflow.ui: "a2ui"` gets
 * every widget as an `a2ui-surface` activity (v0.9 messages the reference schemas accept) and answers
 * with A2UI actions in `forwardedProps.a2uiAction` — the same picks, presses and answers the AG-UI path
 * takes, never the model. The trip end to end (the late flight refused, the grid back as a new surface
 * with the same component ids); a press with a stale or missing digest, or shaped as an answer, writes
 * nothing; the account change's secret code in an obscured field, in no event ever; several rows sent
 * as one list. A client that does not ask gets the `skillflow.*` activities, as before.
 */
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AguiDriver } from "./helpers/agui-driver.js";
import { act, clickOf, componentOf, componentsOf, surfaceIdOf, surfacesOf, type Ops } from "./helpers/a2ui-client.js";
import { a2uiProblems } from "./helpers/a2ui-conformance.js";
import { newToken, skillPath, startServe, type ServeFixture } from "./helpers/serve-fixture.js";

const RETURN_LINES = fileURLToPath(new URL("../../../test/fixtures/serve/return_lines", import.meta.url));
let trip: ServeFixture;
let account: ServeFixture;
let returns: ServeFixture;
beforeAll(async () => {
  [trip, account, returns] = await Promise.all([startServe(), startServe({ skills: [skillPath("account-change")] }), startServe({ skills: [RETURN_LINES] })]);
});
afterAll(() => Promise.all([trip, account, returns].map((s) => s?.close())));

async function a2uiChat(serve: ServeFixture, thread: string): Promise<AguiDriver> {
  const chat = new AguiDriver(serve.url, await newToken(serve.url), thread);
  chat.forwardedProps = { skillflow: { ui: "a2ui" } };
  return chat;
}
const only = (ops: Ops[]): Ops => {
  expect(ops).toHaveLength(1);
  expect(a2uiProblems(ops[0]!)).toEqual([]);
  return ops[0]!;
};
const digestOf = (run: { interrupt?: { metadata?: unknown } }) => (run.interrupt!.metadata as any).skillflow.card.digest as string;

describe("A2UI over AG-UI: the conference trip", () => {
  it("draws each widget as an A2UI surface and takes the clicks back as picks and a press: booked once", async () => {
    const chat = await a2uiChat(trip, "a2ui-trip-1");
    const first = await chat.look();
    expect(first.activities.map((a) => a.activityType)).toEqual(["a2ui-surface"]);
    expect(componentOf(only(surfacesOf(first)), "value")).toMatchObject({ component: "TextField", label: "Which conference are you going to?" });

    const flights = await chat.say("Lisbon AI Summit, 3 nights");
    const grid = only(surfacesOf(flights));
    expect(surfaceIdOf(grid)).toBe(flights.activities[0]!.messageId);
    expect(componentsOf(grid).filter((c) => c.component === "Button").map((c) => c.action.event.context.value)).toEqual(["TP1350", "BA500", "FR8342", "TP1352"]);
    expect(componentOf(grid, "row.0.pick").action.event.context).toEqual({ interruptId: flights.interrupt!.id, field: "flight_id", value: "TP1350" });

    // The late flight: refused by the policy check, the grid back as a new surface with the same ids.
    const late = await act(chat, clickOf(grid, "row.3.pick"));
    expect(late.text.some((t) => t.includes("must land by 8 pm"))).toBe(true);
    const again = only(surfacesOf(late));
    expect(surfaceIdOf(again)).not.toBe(surfaceIdOf(grid));
    expect(componentsOf(again).map((c) => c.id)).toEqual(componentsOf(grid).map((c) => c.id));
    expect(late.state!.answers.flight_id).toBeUndefined();

    const hotels = await act(chat, clickOf(again, "row.0.pick"));
    expect(hotels.state!.answers.flight_id).toEqual({ value: "TP1350", by: "widget" });
    const checkout = await act(chat, clickOf(only(surfacesOf(hotels)), "row.0.pick"));
    const card = only(surfacesOf(checkout));
    expect(componentOf(card, "question").text).toBe("Pay 1,020.00 EUR for flight TP1350 and 3 nights at Hotel Baixa Nova?");
    expect(componentsOf(card).filter((c) => c.id.startsWith("write.")).map((c) => c.text)).toEqual([
      "Hold flight TP1350 (TAP), leaving 17 March 2027, 07:05, landing at 09:40",
      "Book Hotel Baixa Nova (hotel code H-BAIXA) for 3 nights, 17 March 2027 to 20 March 2027, for Lisbon AI Summit",
      "Cabs both ways between the airport and Hotel Baixa Nova (hotel code H-BAIXA), meeting flight TP1350",
      "Charge 1,020.00 EUR to the company card for Lisbon AI Summit",
    ]);
    expect(componentOf(card, "yes.label").text).toBe("Pay");
    expect(componentOf(card, "yes").action.event.context).toEqual({ interruptId: checkout.interrupt!.id, confirm: "pay", digest: digestOf(checkout), yes: true });

    const paid = await act(chat, clickOf(card, "yes"));
    expect(paid.text.at(-1)).toMatch(/^Booked\. Your reference is TRIP-/);
    expect(paid.state!.writes.map((w: { tool: string; status: string }) => `${w.tool}:${w.status}`))
      .toEqual(["hold_flight:done", "hold_hotel:done", "reserve_cab:done", "take_payment:done"]);
    // Only the message reached the model: every click was a typed event.
    expect(paid.state!.usage.modelCalls).toBe(1);
    // Pressed again (the old surface): the interrupt is closed, nothing runs twice.
    const twice = await act(chat, clickOf(card, "yes"));
    expect(twice.error?.code).toBe("interrupt_not_open");
  });

  it("a press whose digest is not the open card's, or has none, or is shaped as an answer, writes nothing", async () => {
    const chat = await a2uiChat(trip, "a2ui-trip-2");
    await chat.look();
    const flights = await chat.say("Lisbon AI Summit, 3 nights");
    const hotels = await act(chat, clickOf(only(surfacesOf(flights)), "row.0.pick"));
    const three = await act(chat, clickOf(only(surfacesOf(hotels)), "row.0.pick"));
    const oldCard = only(surfacesOf(three));
    // The nights change: a new card (810 EUR), a new digest and a new interrupt.
    const two = await chat.say("make it 2 nights");
    expect(two.interrupt!.message).toBe("Pay 810.00 EUR for flight TP1350 and 2 nights at Hotel Baixa Nova?");
    const open = two.interrupt!.id;
    const pressed = (context: Record<string, unknown>) => act(chat, { ...clickOf(oldCard, "yes"), context });

    const stale = await pressed({ interruptId: open, confirm: "pay", digest: digestOf(three), yes: true });
    expect(stale.types).toEqual(["RUN_STARTED", "RUN_ERROR"]);
    expect(stale.error).toEqual({ code: "stale_card", message: 'The card "pay" pressed is not the card open now (its digest differs): nothing was written. Look at the card again and press it there.' });
    const missing = await pressed({ interruptId: open, confirm: "pay", yes: true });
    expect(missing.error?.code).toBe("stale_card");
    const dodge = await act(chat, { name: "skillflow.answer", surfaceId: "x", sourceComponentId: "x", timestamp: "2027-03-01T09:00:00Z", context: { interruptId: open, field: "yes", value: true } });
    expect(dodge.error?.code).toBe("bad_payload");
    const oldSurface = await act(chat, clickOf(oldCard, "yes"));
    expect(oldSurface.error?.code).toBe("interrupt_not_open");

    const now = await chat.look();
    expect(now.state!.writes).toEqual([]);
    expect(now.interrupt!.id).toBe(open);
    const paid = await act(chat, clickOf(only(surfacesOf(now)), "yes"));
    expect(paid.state!.writes.map((w: { tool: string }) => w.tool)).toEqual(["hold_flight", "hold_hotel", "reserve_cab", "take_payment"]);
  });

  it("a press sent again as a retried run (the same runId and body) is answered with the same events, booked once", async () => {
    const chat = await a2uiChat(trip, "a2ui-trip-4");
    await chat.look();
    const flights = await chat.say("Lisbon AI Summit, 3 nights");
    const hotels = await act(chat, clickOf(only(surfacesOf(flights)), "row.0.pick"));
    const checkout = await act(chat, clickOf(only(surfacesOf(hotels)), "row.0.pick"));
    const body = {
      runId: "a2ui-retry-1", resume: [{ interruptId: checkout.interrupt!.id, status: "cancelled" }],
      forwardedProps: { skillflow: { ui: "a2ui" }, a2uiAction: { userAction: clickOf(only(surfacesOf(checkout)), "yes") } },
    };
    const first = await chat.raw(body);
    const retried = await chat.raw(body);
    expect(first.events.map((e) => e.type).at(-1)).toBe("RUN_FINISHED");
    expect(retried.events).toEqual(first.events);
    const state = first.events.find((e) => e.type === "STATE_SNAPSHOT") as unknown as { snapshot: { writes: Array<{ status: string }> } };
    expect(state.snapshot.writes.map((w) => w.status)).toEqual(["done", "done", "done", "done"]);
    expect(trip.logs.filter((l) => JSON.parse(l).thread === "a2ui-trip-4" && JSON.parse(l).event === "press")).toHaveLength(1);
  });

  it("without the option, and with a2ui actions, the AG-UI activities are unchanged; a wrong option is one sentence", async () => {
    const chat = new AguiDriver(trip.url, await newToken(trip.url), "a2ui-trip-3");
    await chat.look();
    const flights = await chat.say("Lisbon AI Summit, 3 nights");
    expect(flights.activities.map((a) => a.activityType)).toEqual(["skillflow.grid"]);
    const wrong = await chat.raw({ forwardedProps: { skillflow: { ui: "html" } } });
    expect(wrong).toMatchObject({ status: 400, json: { error: 'forwardedProps.skillflow.ui is "agui" or "a2ui", not "html".' } });
  });
});

describe("A2UI over AG-UI: a secret, typed fields and several rows", () => {
  it("asks the code in an obscured field, takes it only in the action, and never sends it back", async () => {
    const chat = await a2uiChat(account, "a2ui-acct-1");
    await chat.look();
    const code = await chat.say("I'd like to change my plan, my number is 07700900123");
    const form = only(surfacesOf(code));
    expect(componentOf(form, "value")).toMatchObject({ component: "TextField", variant: "obscured", value: { path: "/value" } });
    const wrong = await act(chat, clickOf(form, "send", { value: "111111" }));
    expect(wrong.text.some((t) => t.startsWith("That code is not right."))).toBe(true);
    const plans = await act(chat, clickOf(only(surfacesOf(wrong)), "send", { value: "428193" }));
    expect(plans.state!.answers.verification_code).toEqual({ value: "[secret]", by: "widget" });
    const start = await act(chat, clickOf(only(surfacesOf(plans)), "row.2.pick"));
    expect(componentOf(only(surfacesOf(start)), "value")).toMatchObject({ component: "DateTimeInput", enableDate: true });
    const cap = await act(chat, clickOf(only(surfacesOf(start)), "send", { value: "2027-04-01" }));
    expect(componentOf(only(surfacesOf(cap)), "value")).toMatchObject({ component: "TextField", variant: "number" });
    const roaming = await act(chat, clickOf(only(surfacesOf(cap)), "send", { value: "25.50" }));
    const yesNo = only(surfacesOf(roaming));
    expect([componentOf(yesNo, "choice.0.label").text, componentOf(yesNo, "choice.1.label").text]).toEqual(["Yes", "No"]);
    const card = await act(chat, clickOf(yesNo, "choice.0"));
    expect(card.interrupt!.message).toMatch(/^Move 07700900123 to .* with a 25.50 EUR cap on extra charges\?$/);
    const done = await act(chat, clickOf(only(surfacesOf(card)), "yes"));
    expect(done.state!.writes.map((w: { tool: string }) => w.tool)).toEqual(["change_plan", "send_summary"]);
    expect(done.state!.usage.modelCalls).toBe(1);
    for (const run of [code, wrong, plans, start, cap, roaming, card, done]) {
      const sent = JSON.stringify(run.events);
      expect(sent).not.toContain("428193");
      expect(sent).not.toContain("111111");
    }
    expect(account.logs.join("\n")).not.toContain("428193");
  });

  it("sends the rows ticked as one list from the several-rows grid", async () => {
    const chat = await a2uiChat(returns, "a2ui-many-1");
    await chat.look();
    const grid = only(surfacesOf(await chat.say("#W1")));
    expect(componentOf(grid, "rows").options.map((o: { value: string }) => o.value)).toEqual(["lamp", "chair", "mug"]);
    const card = await act(chat, clickOf(grid, "send", { picked: ["lamp", "mug"] }));
    expect(card.state!.answers.item_ids).toEqual({ value: ["lamp", "mug"], by: "widget" });
    expect(componentOf(only(surfacesOf(card)), "question").text).toBe("Return Desk lamp, Coffee mug from order #W1?");
    const forged = await act(chat, clickOf(grid, "send", { picked: ["sofa"] }));
    expect(forged.error?.code).toBe("interrupt_not_open");
  });
});
